/// The template principle (issue 43): a definition kept in a repository is often a template, and where the real value
/// goes it holds a slot the sending code or the person using it fills in. A slot states no value, so the rules judge
/// nothing about it. The shapes are those of `FCMTargetInvalidRule.isPlaceholder` (the rules layer's FCM targets),
/// here below the dialects so that a system's own checks (the Simulator's target bundle) apply the same principle.
public enum TemplatePlaceholder {
    /// Whether `text` is a template's slot: wrapped as templates write them (`<bundle id>`, `{app_bundle_id}`,
    /// `{{bundle_id}}`, `${BUNDLE_ID}`, `$(PRODUCT_BUNDLE_IDENTIFIER)`, `[BUNDLE_ID]`, `%BUNDLE_ID%`), a shell
    /// variable (`$BUNDLE_ID`), or an upper-case name that says what goes there (`YOUR_BUNDLE_ID`, `BUNDLE_ID`).
    public static func isSlot(_ text: String) -> Bool {
        var trimmed = Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        guard !trimmed.isEmpty else { return false }
        for (open, close) in [("<", ">"), ("{{", "}}"), ("${", "}"), ("$(", ")"), ("{", "}"), ("%", "%"), ("[", "]")]
        where trimmed.hasPrefix(open) && trimmed.hasSuffix(close) && trimmed.count > open.count + close.count {
            return true
        }
        // A slot inside the text: com.example.${SUFFIX}, $(PRODUCT_BUNDLE_IDENTIFIER).dev.
        if trimmed.contains("${") || trimmed.contains("$(") || trimmed.contains("{{") { return true }
        if trimmed.hasPrefix("$"), trimmed.count > 1, trimmed.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return true }
        // No bundle identifier is written all in capitals with underscores: YOUR_BUNDLE_ID, BUNDLE_ID.
        return trimmed.contains("_") && trimmed.allSatisfy { $0.isUppercase || $0 == "_" || $0.isNumber } && trimmed.contains(where: \.isLetter)
    }
}
