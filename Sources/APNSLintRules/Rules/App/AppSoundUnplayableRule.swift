import APNSLintModel
import APNSLintSyntax

struct AppSoundUnplayableRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-sound-unplayable", severity: .error, category: .app, subscriptions: [.aps(.sound)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The notification's sound file is not a format a notification plays, or is 30 seconds long or more.",
            rationale: """
                A notification sound must be an AIFF, WAV or CAF file (linear PCM, IMA4, µLaw or aLaw) shorter than \
                30 seconds: "If the sound file is longer than 30 seconds, the system plays the default sound instead", \
                and a file in another format (MP3, M4A) is not played either. apns-lint reads the length from the \
                file's header. Checked only when the app is known and has the file.
                """,
            severity: .certain("the device plays the default sound instead", source: Reference.notificationSound),
            references: [Reference.notificationSound],
            triggering: [
                Example(#"{"aps": {"alert": "Intruder", ↓"sound": "siren.wav"}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Shipped", ↓"sound": "ding.mp3"}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Shipped", "sound": "chime.caf"}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"alert": "Shipped", "sound": "ding.mp3"}}"#),
            ],
            enforces: [.aps(.sound)])
    }

    static func check(_ context: inout RuleContext) {
        guard let app = context.app, let (name, field) = namedSound(in: context), let sound = app.sounds[name] else { return }
        let note = Note("\(name) is here", at: sound.location)
        if sound.format == .other {
            context.report(
                "the sound \"\(name)\" is not an AIFF, WAV or CAF file, the formats a notification plays, so the device plays the default sound",
                at: field, part: .whole, help: "convert it, e.g. afconvert -f caff -d LEI16 \(name) \(name.split(separator: ".").dropLast().joined(separator: ".")).caf",
                notes: [note])
        } else if let seconds = sound.seconds, seconds >= 30 {
            context.report(
                "the sound \"\(name)\" is \(Int(seconds.rounded(.down))) seconds long, and a notification sound must be shorter than 30 seconds: the device plays the default sound instead",
                at: field, part: .whole, help: "shorten it to under 30 seconds", notes: [note])
        }
    }
}
