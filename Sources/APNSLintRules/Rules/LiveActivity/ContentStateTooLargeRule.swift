import APNSLintModel
import APNSLintSyntax

struct ContentStateTooLargeRule: ModelRule {
    static let limit = 4096

    static let descriptor = RuleDescriptor(
        id: "content-state-too-large", severity: .error, category: .liveActivity,
        scope: .request,
        subscriptions: [.pushType(.liveactivity)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity `content-state` or `attributes` larger than ActivityKit's 4 KB (4096 bytes).",
            rationale: """
                ActivityKit limits the encoded `ContentState` of a Live Activity to 4 KB ("can't exceed 4KB"), and \
                its static attributes to 4 KB too (`ActivityAuthorizationError.attributesTooLarge`). Content over \
                the limit is not applied, and a push-to-start with attributes over it does not start the activity. \
                apns-lint measures each dictionary as it goes on the wire: compact JSON, UTF-8, non-ASCII \
                unescaped, each key once. On a device push such a dictionary also puts the whole payload over \
                APNs's 4096-byte limit (`payload-too-large`); on a broadcast push, whose limit is 5120 bytes, this \
                rule is the only one to catch it. Keep only what the activity's views show, and let the app \
                fetch the rest.
                """,
            severity: .certain("ActivityKit does not apply content over 4 KB, and a push-to-start with attributes over it starts nothing", source: Reference.contentState),
            references: [Reference.contentState, Reference.attributesTooLarge, Reference.liveActivityPushes],
            triggering: [
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", ↓"content-state": {"eta": "14:35", "route": ""# + repeated("52.5200,13.4050;", count: 256) + #""}}}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "start", "content-state": {"eta": "14:35"}, "attributes-type": "MenuAttributes", ↓"attributes": {"menu": ""# + repeated("Margherita, ", count: 342) + #""}, "alert": {"title": "Order confirmed", "body": "Preparing"}}}"#),
            ],
            nonTriggering: [
                Example(LiveActivitySamples.start),
                Example(LiveActivitySamples.update),
                Example(LiveActivitySamples.end),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"log": ""# + repeated("x", count: 4086) + #""}}}"#),
                Example(LiveActivitySamples.alert),
                Example(LiveActivitySamples.background),
            ])
    }

    private static let consequences = [
        "content-state": "ActivityKit limits a Live Activity's encoded ContentState to 4 KB and does not apply this content",
        "attributes": "ActivityKit limits a Live Activity's static attributes to 4 KB (ActivityAuthorizationError.attributesTooLarge) and does not start the activity",
    ]

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        guard let push = LiveActivityPush(definition) else { return }
        for key in [APSKey.contentState, .attributes] {
            guard let field = push[key], field.value.members != nil else { continue }
            let size = WireSerializer.size(of: field.value, firstDuplicateWins: definition.provenance.firstDuplicateWins)
            guard size > Self.limit else { continue }
            let excess = size - Self.limit
            let largest = (WireSerializer.effectiveMembers(field.value.members!, firstDuplicateWins: definition.provenance.firstDuplicateWins))
                .map { (key: $0.key, size: WireSerializer.size(of: $0.value, firstDuplicateWins: definition.provenance.firstDuplicateWins)) }
                .sorted { $0.size > $1.size }.prefix(3)
                .map { "\"\($0.key)\" (\($0.size) bytes)" }
            context.report(
                "\"\(key.name)\" is \(size) bytes as sent (compact UTF-8 JSON), \(excess) over the limit of \(Self.limit): \(Self.consequences[key.name]!)",
                at: field,
                help: "cut at least \(excess) \(excess == 1 ? "byte" : "bytes") from \"\(key.name)\"" + (largest.isEmpty ? "" : " (its largest values: \(largest.joined(separator: ", ")))")
                    + "; keep only what the activity shows, and let the app fetch the rest",
                notes: push.inferenceNotes)
        }
    }
}
