import APNSLintModel
import APNSLintSyntax

struct AppLocKeyMissingRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-loc-key-missing", severity: .error, category: .app,
        subscriptions: [.alert(.locKey), .alert(.titleLocKey), .alert(.subtitleLocKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`loc-key`, `title-loc-key` or `subtitle-loc-key` is not a key of the app's `Localizable` strings.",
            rationale: """
                The device looks a localization key up in the app's `Localizable` table (`Localizable.strings`, \
                `.stringsdict` or the `Localizable.xcstrings` catalog) in the user's language; a key it does not find \
                is shown as it is, so every user reads `ORDER_SHIPPED` instead of the message. Missing from every \
                language the app has: an error. Missing from some: a warning, for the users of those languages. \
                Checked only when the app is known and apns-lint found its `Localizable` table.
                """,
            severity: .certain("the device shows the key itself instead of the localized text", source: Reference.localizingNotifications),
            references: [Reference.localizingNotifications, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": {↓"loc-key": "ORDER_SHIPPD", "loc-args": ["A-17"]}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": {↓"title-loc-key": "order_title", "body": "On its way"}}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"title-loc-key": "ORDER_TITLE", "loc-key": "ORDER_SHIPPED", "loc-args": ["A-17"]}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": {"loc-key": "ORDER_SHIPPD"}}}"#),
            ],
            enforces: [.alert(.locKey), .alert(.titleLocKey), .alert(.subtitleLocKey)])
    }

    static func check(_ context: inout RuleContext) {
        guard let strings = context.app?.strings, !strings.isEmpty,
              case .dictionary(let alert, _) = context.definition.payload?.aps?.alert else { return }
        for key in [AlertKey.titleLocKey, .subtitleLocKey, .locKey] {
            guard let field = alert[key], let name = field.string else { continue }
            let found = strings.entries[name] ?? []
            let missing = strings.languages.filter { language in !found.contains { $0.language == language } }
            guard !missing.isEmpty else { continue }
            if found.isEmpty {
                let close = Suggestion.closest(to: name, in: Array(strings.entries.keys))
                context.report(
                    "\"\(field.key)\" is \"\(name)\", which is not a key of the app's Localizable strings (\(strings.languages.joined(separator: ", "))): the device shows \"\(name)\" itself",
                    at: field, part: .whole,
                    help: close.map { "did you mean \"\($0)\"?" } ?? "add \"\(name)\" to Localizable.strings (or the string catalog) in every language")
            } else {
                context.report(
                    "\"\(field.key)\" \"\(name)\" is in the app's Localizable strings for \(found.map(\.language).sorted().joined(separator: ", ")) but not for \(missing.joined(separator: ", ")): users of \(missing.count == 1 ? "that language" : "those languages") see \"\(name)\" itself",
                    at: field, part: .whole, help: "translate \"\(name)\" for \(missing.joined(separator: ", "))",
                    notes: found.prefix(1).map { Note("\"\(name)\" is defined here", at: $0.location) }, severity: .warning)
            }
        }
    }
}
