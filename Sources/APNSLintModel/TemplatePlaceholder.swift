/// The template principle (issue 43): a definition kept in a repository is often a template, and where the real value
/// goes it holds a slot the sending code or the person using it fills in. A slot states no value, so the rules and
/// systems that check a recipient or a target (an FCM target, an Expo push token, an APNs device token, the
/// Simulator's target bundle) judge nothing about it (applied to every system in issue 51).
public enum TemplatePlaceholder {
    /// Whether `text` is a template's slot: wrapped as templates write them (`<Your topic>`, `{app_bundle_id}`,
    /// `{{token}}`, `${TOKEN}`, `$(PRODUCT_BUNDLE_IDENTIFIER)`, `[DEVICE_TOKEN]`, `%topic%`), holding one
    /// (`com.example.${SUFFIX}`), a shell variable (`$DEVICE_TOKEN`), or an upper-case name that says what goes there
    /// (`YOUR_TOKEN`, `BUNDLE_ID`, `TOPIC`). FCM's legacy `/topics/` prefix is looked through.
    public static func isPlaceholder(_ text: String) -> Bool {
        var trimmed = text.hasPrefix("/topics/") ? text.dropFirst("/topics/".count) : Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return false }
        for (open, close) in [("<", ">"), ("{{", "}}"), ("${", "}"), ("$(", ")"), ("{", "}"), ("%", "%"), ("[", "]")]
        where trimmed.hasPrefix(open) && trimmed.hasSuffix(close) && trimmed.count > open.count + close.count {
            return true
        }
        if trimmed.contains("${") || trimmed.contains("$(") || trimmed.contains("{{") { return true }
        if trimmed.hasPrefix("$"), trimmed.count > 1, trimmed.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return true }
        // No real token, topic or bundle identifier is an upper-case name with underscores or one of these words.
        let name = trimmed.filter { $0 != "*" }
        guard name.allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber }), name.contains(where: \.isLetter) else { return false }
        return name.contains("_") || ["TOKEN", "TOPIC", "YOUR", "CONDITION", "REGISTRATION", "DEVICE", "BUNDLE"].contains { name.contains($0) }
    }
}
