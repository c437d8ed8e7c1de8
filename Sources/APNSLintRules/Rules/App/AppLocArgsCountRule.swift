import APNSLintModel
import APNSLintSyntax

struct AppLocArgsCountRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-loc-args-count", severity: .error, category: .app,
        subscriptions: [.alert(.locKey), .alert(.titleLocKey), .alert(.subtitleLocKey)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`loc-args` holds fewer (or more) values than the app's localized string has placeholders.",
            rationale: """
                The device formats the localized string with the payload's `loc-args` (`title-loc-args`, \
                `subtitle-loc-args`) as `String(format:)` does: each `%@` (or `%1$@`, `%2$@`) takes the next value. \
                Fewer values than the string's placeholders in any of its languages leave a placeholder with nothing \
                to show, which the device fills with `(null)` or garbage: an error. More values than placeholders are \
                ignored: a warning, since the message the author meant is probably not the string the app has. \
                Counted for each language the app has the string in; a plural entry (`.stringsdict`, a catalog's \
                variations) counts its format's arguments. Checked only when the app is known.
                """,
            severity: .certain("the device shows a placeholder with no value, as (null) or garbage", source: Reference.localizingNotifications),
            references: [Reference.localizingNotifications],
            triggering: [
                Example(#"{"aps": {"alert": {"loc-key": "ORDER_DELAYED", ↓"loc-args": ["A-17"]}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": {↓"loc-key": "ORDER_SHIPPED"}}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"loc-key": "ORDER_SHIPPED", "loc-args": ["A-17"]}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": {"title-loc-key": "ORDER_TITLE", "loc-key": "ORDER_DELAYED", "loc-args": ["A-17", "20"]}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": {"loc-key": "ORDER_DELAYED", "loc-args": ["A-17"]}}}"#),
            ],
            enforces: [.alert(.locArgs), .alert(.titleLocArgs), .alert(.subtitleLocArgs)])
    }

    static func check(_ context: inout RuleContext) {
        guard let strings = context.app?.strings, !strings.isEmpty,
              case .dictionary(let alert, _) = context.definition.payload?.aps?.alert else { return }
        for (keyName, argsName) in [(AlertKey.titleLocKey, AlertKey.titleLocArgs), (.subtitleLocKey, .subtitleLocArgs), (.locKey, .locArgs)] {
            guard let keyField = alert[keyName], let name = keyField.string, let entries = strings.entries[name], !entries.isEmpty else { continue }
            let argsField = alert[argsName]
            // A value that is not a list is loc-args-not-strings's (and invalid-value-type's) to report.
            if let argsField, argsField.value.elements == nil { continue }
            let given = argsField?.value.elements?.count ?? 0
            guard let widest = entries.max(by: { $0.argumentCount < $1.argumentCount }) else { continue }
            let argsKey = argsName.spec.name
            if given < widest.argumentCount {
                let languages = entries.filter { $0.argumentCount > given }.map(\.language).sorted()
                context.report(
                    "\"\(name)\" takes \(widest.argumentCount) argument\(widest.argumentCount == 1 ? "" : "s") (\"\(widest.text)\" in \(widest.language)), but \(argsField == nil ? "there is no \"\(argsKey)\"" : "\"\(argsKey)\" gives \(given)"): in \(languages.joined(separator: ", ")) the device shows a placeholder with no value",
                    at: argsField ?? keyField, part: .whole, help: "give \(widest.argumentCount) value\(widest.argumentCount == 1 ? "" : "s") in \"\(argsKey)\", in the string's order",
                    notes: [Note("\"\(name)\" in \(widest.language)", at: widest.location)])
            } else if let argsField, entries.allSatisfy({ $0.isExact }), let most = entries.map(\.argumentCount).max(), given > most {
                context.report(
                    "\"\(argsKey)\" gives \(given) value\(given == 1 ? "" : "s"), but \"\(name)\" uses \(most) (\"\(widest.text)\" in \(widest.language)): the device ignores the rest",
                    at: argsField, part: .whole, help: "remove the values the string does not use, or add their placeholders to the string",
                    notes: [Note("\"\(name)\" in \(widest.language)", at: widest.location)], severity: .warning)
            }
        }
    }
}
