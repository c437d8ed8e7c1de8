import APNSLintModel
import APNSLintSyntax

struct SoundInAlertRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "sound-in-alert", severity: .warning, category: .payload,
        subscriptions: [.alert(.sound)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`sound` inside the `alert` dictionary of a notification that is not a Live Activity.",
            rationale: """
                A notification's sound is `aps.sound`. Only a Live Activity alert carries its sound inside `alert` \\
                (ActivityKit's `AlertConfiguration`); the `alert` dictionary of an ordinary notification has no \\
                `sound` key, so a sound written there is not among the keys the device reads and the notification \\
                arrives without it. The reverse mistake, on a Live Activity, is `liveactivity-sound-placement`'s.
                """,
            severity: .likelyMistake("Apple's alert dictionary has no sound key outside Live Activities, so the sound is not the one aps.sound would play", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.liveActivityPushes],
            triggering: [
                Example(#"{"aps": {"alert": {"title": "Order ready", "body": "Pick it up at the counter", ↓"sound": "bell.caf"}}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": {"title": "Order ready", "body": "Pick it up at the counter"}, "sound": "bell.caf"}}"#),
                Example(LiveActivitySamples.start),
            ],
            enforces: [.alert(.sound)])
    }

    static func check(_ context: inout RuleContext) {
        guard LiveActivityPush(context.definition) == nil, let aps = context.definition.payload?.aps,
              case .dictionary(let alert, _) = aps.alert, let sound = alert[.sound] else { return }
        let already = aps[.sound] != nil
        context.report(
            "\"sound\" inside \"alert\" is read only in Live Activity alerts; in this notification the device reads the sound from \"aps\".\"sound\"\(already ? ", which this payload sets too" : ""), so this one is not played",
            at: sound,
            help: already ? "remove \"sound\" from \"alert\"" : "move it to \"aps\": {\"sound\": …, \"alert\": {…}}")
    }
}
