/// A template's slot: a value a definition kept in a repository holds where the sending code puts the real one
/// (`<Your topic>`, `{{token}}`, `${TOKEN}`, `%topic%`, `[DEVICE_TOKEN]`, `$DEVICE_TOKEN`, `YOUR_TOKEN`). Such a
/// definition is a template, and it is judged by what it states: the slot says "a target goes here", which is no
/// fault, so the rules and systems that check a recipient (an FCM target, an Expo push token, an APNs device token)
/// do not judge one (issue 43's principle, applied to every system's targets in issue 51).
public enum TemplatePlaceholder {
    /// Whether `text` is a template's slot. FCM's legacy `/topics/` prefix is looked through.
    public static func isPlaceholder(_ text: String) -> Bool {
        var trimmed = text.hasPrefix("/topics/") ? text.dropFirst("/topics/".count) : Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return false }
        for (open, close) in [("<", ">"), ("{{", "}}"), ("${", "}"), ("{", "}"), ("%", "%"), ("[", "]")]
        where trimmed.hasPrefix(open) && trimmed.hasSuffix(close) && trimmed.count > open.count + close.count {
            return true
        }
        if trimmed.hasPrefix("$"), trimmed.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return true }
        // An upper-case name that says what goes there: YOUR_TOKEN, DEVICE_TOKEN, FCM_REGISTRATION_TOKEN, TOPIC_NAME.
        let name = trimmed.filter { $0 != "*" }
        guard name.allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber }), name.contains(where: \.isLetter) else { return false }
        return ["TOKEN", "TOPIC", "YOUR", "CONDITION", "REGISTRATION", "DEVICE"].contains { name.contains($0) }
    }
}
