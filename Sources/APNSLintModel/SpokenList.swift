extension [String] {
    /// The items as a sentence lists them: "a", "a or b", "a, b or c" (with `conjunction` "or").
    package func spokenList(_ conjunction: String = "or") -> String {
        count < 2 ? joined() : dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
