import APNSLintModel
import APNSLintSyntax

struct AppSoundMissingRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-sound-missing", severity: .warning, category: .app, subscriptions: [.aps(.sound)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The notification's sound is no sound file of the app.",
            rationale: """
                A notification plays the sound file its `sound` names from the app's bundle (or its extension's), or \
                from the `Library/Sounds` folder of the app's container; a file found in neither is replaced by the \
                default sound. apns-lint looks through the app's folders: a name none of its sound files has is a \
                warning, since an app may also download the file into `Library/Sounds` at run time. Checked only when \
                the app is known.
                """,
            severity: .likelyMistake("the default sound plays unless the app puts the file in Library/Sounds at run time", source: Reference.notificationSound),
            references: [Reference.notificationSound, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Shipped", ↓"sound": "chimes.caf"}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Low battery", "sound": {"critical": 1, ↓"name": "alarm.caf", "volume": 1}}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Shipped", "sound": "chime.caf"}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Shipped", "sound": "default"}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Shipped", "sound": "chimes.caf"}}"#),
            ],
            enforces: [.aps(.sound)])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app, let (name, field) = namedSound(in: context), app.sounds[name] == nil else { return }
        let close = Suggestion.closest(to: name, in: Array(app.sounds.keys))
        context.report(
            "the sound \"\(name)\" is none of the app's sound files, so unless the app puts it in Library/Sounds the device plays the default sound",
            at: field, part: .whole,
            help: close.map { "did you mean \"\($0)\"?" } ?? "add \(name) to the app's resources (a .caf, .aiff or .wav under 30 seconds)")
    }
}
