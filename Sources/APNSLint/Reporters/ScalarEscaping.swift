/// The text formats' escaping (XML, GitHub's workflow commands): a scalar is replaced where the format says so, and
/// kept otherwise.
enum ScalarEscaping {
    static func escaped(_ text: String, replacing replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out += replaced
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
