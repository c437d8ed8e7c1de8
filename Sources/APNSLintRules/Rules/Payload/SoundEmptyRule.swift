import APNSLintModel
import APNSLintSyntax

struct SoundEmptyRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "sound-empty", severity: .warning, category: .payload,
        subscriptions: [.aps(.sound)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`\"sound\": \"\"`, an empty sound name.",
            rationale: """
                `sound` names a sound file in the app bundle or `Library/Sounds` (`"default"` for the system sound). \
                An empty string names no file. It is common, an old workaround for a notification without sound, \
                and APNs accepts it, but what the device does with it is not documented. Leaving the key out is the \
                documented way to send a notification without sound. (On a background push, `background-with-alert` \
                reports it: there any `sound` key is out of place.)
                """,
            severity: .undocumented("APNs accepts it; what the device does with an empty name is not documented", source: Reference.generatingNotification),
            references: [Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Hi", "sound": ↓""}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi"}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": "default"}}"#),
            ],
            enforces: [.aps(.sound)])
    }

    static func check(_ context: inout RuleContext) {
        guard case .name(let name, let field) = context.definition.payload?.aps?.sound, name.isEmpty else { return }
        context.report(
            "\"sound\" is an empty string, which names no sound file; APNs accepts it, but what the device does with it is not documented (it is an old workaround for a notification without sound)",
            at: field, part: .value,
            help: "remove \"sound\" for a notification without sound, or name a sound file (\"default\" plays the system sound)")
    }
}
