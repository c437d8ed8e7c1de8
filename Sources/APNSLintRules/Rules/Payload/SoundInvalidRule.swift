import APNSLintModel
import APNSLintSyntax

struct SoundInvalidRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "sound-invalid", severity: .error, category: .payload,
        subscriptions: [.aps(.sound)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A critical sound dictionary with a missing or invalid `name`, `critical` or `volume`.",
            rationale: """
                `sound` is either the name of a sound file in the app bundle or `Library/Sounds` (`"default"` for \
                the system sound) or, for critical alerts, a dictionary: `name` (the sound file, a non-empty string), \
                `critical` (1 makes it a critical alert, 0 a regular one) and `volume` (0 silent to 1 full, \
                inclusive). An empty name string is `sound-empty`'s. In the dictionary, a missing or empty `name` leaves the system nothing to play \
                (the Firebase SDKs refuse it), `critical` written as `true` or `"1"` is not Apple's documented form \
                and senders treat it differently (Firebase's Node SDK turns `true` into 1), and a volume outside 0…1 makes \
                APNSwift crash on a precondition and Pushy and the Firebase SDKs throw. apns-lint checks the types \
                of the dictionary's keys here, not in `invalid-value-type`.
                """,
            severity: .certain("a critical sound without a name plays nothing, and one with critical or volume outside Apple's values is refused by APNSwift, Pushy and the Firebase SDKs, so it is not sent as written", source: Reference.criticalSoundNamed),
            references: [Reference.generatingNotification, Reference.criticalSoundNamed],
            triggering: [
                Example(#"{"aps": {"alert": "Hi", ↓"sound": {"critical": 1, "volume": 1}}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": ↓"", "volume": 1}}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": ↓true, "name": "alarm.caf", "volume": ↓80}}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": ↓"1", "name": ↓5, "volume": ↓"0.5"}}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": ↓2, "name": "default", "volume": ↓-0.1}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Hi", "sound": "default"}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": ""}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "alarm.caf", "volume": 0.9}}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": 0, "name": "default", "volume": 0}}}"#),
                Example(#"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "default", "volume": 1.0}}}"#),
            ],
            enforces: [.aps(.sound)])
    }

    static func check(_ context: inout RuleContext) {
        guard let aps = context.definition.payload?.aps else { return }
        switch aps.sound {
        case .critical(let sound, let field):
            checkName(sound[SoundKey.name], in: field, into: &context)
            checkCritical(sound[SoundKey.critical], into: &context)
            checkVolume(sound[SoundKey.volume], into: &context)
        default:
            break
        }
    }

    private static func checkName(_ name: Field?, in sound: Field, into context: inout RuleContext) {
        guard let name else {
            context.report(
                "the critical sound dictionary has no \"name\", so the system has no sound file to play (the Firebase SDKs refuse such a sound)",
                at: sound, help: "add \"name\": the sound file to play, or \"default\" for the system sound")
            return
        }
        if let text = name.string {
            guard text.isEmpty else { return }
            context.report(
                "\"name\" in the sound dictionary is an empty string, so it names no sound file to play",
                at: name, part: .value, help: "name a sound file in the app bundle or Library/Sounds, or write \"default\" for the system sound")
        } else {
            context.report(
                "\"name\" in the sound dictionary must be a string (a sound file name, or \"default\"), but it is \(name.value.kind.phrase) (\(name.value.shortDescription))",
                at: name, part: .value,
                help: name.value.number != nil || name.value.bool != nil
                    ? "quote it if it is a file name: \"\(name.value.shortDescription)\"" : "write the sound file name as a string, or \"default\"")
        }
    }

    private static func checkCritical(_ critical: Field?, into context: inout RuleContext) {
        guard let critical else { return }
        if let number = critical.value.number, number.isInteger, number.intValue == 0 || number.intValue == 1 { return }
        let help: String
        switch critical.value.value {
        case .bool(true): help = "write 1 instead of true"
        case .bool(false): help = "write 0 instead of false (or make the sound a plain string: a regular alert sound)"
        case .string("1"): help = "write 1 without quotes"
        case .string("0"): help = "write 0 without quotes"
        case .number(let number) where number.doubleValue == 1: help = "write 1"
        case .number(let number) where number.doubleValue == 0: help = "write 0"
        default: help = "write 1 for a critical alert, or 0 for a regular one"
        }
        context.report(
            "\"critical\" in the sound dictionary is \(critical.value.shortDescription), but Apple documents the number 1 (a critical alert) or 0 (a regular one); senders differ in how they read anything else",
            at: critical, part: .value, help: help)
    }

    private static func checkVolume(_ volume: Field?, into context: inout RuleContext) {
        guard let volume else { return }
        if let number = volume.value.number {
            guard let value = number.doubleValue, !(0...1).contains(value) else { return }
            let help = value > 1 && value <= 100
                ? "the volume is a fraction of full volume: if \(number.text) means \(number.text) %, write \(decimalText(value / 100))"
                : "write a volume between 0 (silent) and 1 (full volume)"
            context.report(
                "\"volume\" in the sound dictionary is \(number.text), outside 0…1 (0 is silent, 1 full volume); APNSwift crashes on it, and Pushy and the Firebase SDKs refuse it",
                at: volume, part: .value, help: help)
            return
        }
        let help: String
        if let text = volume.value.string, let value = Double(text), (0...1).contains(value) {
            help = "write the number without quotes: \(text)"
        } else {
            help = "write a number between 0 (silent) and 1 (full volume)"
        }
        context.report(
            "\"volume\" in the sound dictionary must be a number between 0 and 1, but it is \(volume.value.kind.phrase) (\(volume.value.shortDescription))",
            at: volume, part: .value, help: help)
    }
}
