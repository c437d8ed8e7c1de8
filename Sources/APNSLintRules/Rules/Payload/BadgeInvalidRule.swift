import APNSLintModel
import APNSLintSyntax

struct BadgeInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "badge-invalid", severity: .error, category: .payload,
        fix: .sometimes,
        subscriptions: [.aps(.badge)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`badge` is not a whole number: a string, a fraction, a boolean or null.",
            rationale: """
                `badge` is the number the app icon shows: a JSON integer, with 0 removing the badge and an absent \
                key leaving it as it is. Anything else does not set the badge you meant: a string (`"5"`), a \
                fraction, a boolean or null is the wrong type, which the device ignores and client libraries \
                treat differently (node-apn silently drops a badge that is not a number; houston turns it into 0). \
                A negative count is `badge-negative`'s: what the device does with it is not documented.
                """,
            severity: .certain("a badge that is not a JSON integer does not set the count meant: the device ignores it and senders drop or coerce it", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.payloadKeyReference],
            triggering: [
                Example(#"{"aps": {"alert": "Hi", "badge": ↓"5"}}"#),
                Example(#"{"aps": {"badge": ↓1.5}}"#),
                Example(#"{"aps": {"badge": ↓true}}"#),
                Example(#"{"aps": {"badge": ↓null}}"#),
                Example("aps:\n  badge: ↓\"3\"\n", fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi", "badge": 5}}"#),
                Example(#"{"aps": {"badge": 0}}"#),
                // An integer, if negative: badge-negative's.
                Example(#"{"aps": {"badge": -1}}"#),
                Example(#"{"aps": {"alert": "Hi"}}"#),
            ],
            enforces: [.aps(.badge)])
    }

    static func check(_ context: inout RuleContext) {
        guard let badge = context.definition.payload?.aps?.badge else { return }
        let value = badge.value
        if let number = value.number, number.isInteger { return }
        let what: String
        let help: String
        var fix: Fix?
        switch value.value {
        case .string(let text):
            what = "a string (\(value.shortDescription))"
            let trimmed = text.trimmingPrefix(while: \.isWhitespace)
            if let count = Int(trimmed.trimmingSuffix(while: \.isWhitespace)), count >= 0 {
                help = "write the number without quotes: \(count)"
                fix = integerFix(for: badge, count, "write \(count)", .safe)
            } else {
                help = "write the count as a number, such as 1 (0 removes the badge)"
            }
        case .number(let number):
            let double = number.doubleValue ?? .nan
            if double.isFinite, double >= 0, double < 1e9, double.rounded() == double {
                what = "\(number.text), a whole number written with a fraction or an exponent"
                help = "write it as an integer: \(Int(double))"
                fix = integerFix(for: badge, Int(double), "write \(Int(double))", .safe)
            } else if double.isFinite, double >= 0, double < 1e9 {
                what = "\(number.text), not a whole number"
                help = "write a whole number: \(Int(double.rounded(.down))) or \(Int(double.rounded(.up)))"
            } else {
                what = "\(number.text), not a whole number"
                help = "write a whole number, such as 1 (0 removes the badge)"
            }
        case .bool(let flag):
            what = "a boolean (\(flag))"
            help = flag ? "write the count as a number, such as 1" : "write 0 to remove the badge, or remove the key to leave it unchanged"
        case .null:
            what = "null"
            help = "write 0 to remove the badge, or remove the key to leave it unchanged"
        case .object, .array, .elided:
            what = value.kind.phrase + " (\(value.shortDescription))"
            help = "write the count as a number, such as 1 (0 removes the badge)"
        }
        context.report(
            "\"badge\" must be a whole number (the count on the app icon), but it is \(what); senders drop or coerce such a value, so the icon does not show the count you meant",
            at: badge, part: .value, help: help, fix: fix)
    }
}
