import APNSLintModel
import APNSLintSyntax

struct RelevanceScoreRangeRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "relevance-score-range", severity: .warning, category: .payload,
        subscriptions: [.aps(.relevanceScore)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "`relevance-score` of a notification is outside 0…1.",
            rationale: """
                For a notification, `relevance-score` is a number from 0 to 1 (iOS 15): the system features the \
                notification with the highest score in the notification summary. A score outside that range (a \
                percentage such as 80, a rank such as 5, a negative number) is not one Apple documents, and \
                APNSwift stops on a precondition when it builds such a payload. Live Activities use the same key \
                differently: there it orders a Live Activity among the app's others, relative to their scores, and \
                Apple does not bound it to 0…1, so the rule skips Live Activity payloads (push type `liveactivity`, or an `aps` \
                with `event` or `content-state`).
                """,
            severity: .undocumented("Apple documents 0 to 1; how the system ranks a score outside that range is not documented (APNSwift stops on it)", source: Reference.relevanceScore),
            references: [Reference.relevanceScore, Reference.activityRelevanceScore, Reference.generatingNotification],
            triggering: [
                Example(#"{"aps": {"alert": "Goal!", "relevance-score": ↓80}}"#),
                Example(#"{"aps": {"alert": "Goal!", "relevance-score": ↓-0.5}}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "Goal!", "relevance-score": 0.8}}"#),
                Example(#"{"aps": {"alert": "Goal!", "relevance-score": 1}}"#),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"score": "2-1"}, "relevance-score": 75}}"#),
                Example(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "relevance-score": 75}}}"#),
            ],
            enforces: [.aps(.relevanceScore)])
    }

    static func check(_ context: inout RuleContext) {
        let definition = context.definition
        guard let aps = definition.payload?.aps, let field = aps[.relevanceScore],
              let number = field.value.number, let score = number.doubleValue, !(0...1).contains(score) else { return }
        // A Live Activity's relevance score is relative and unbounded.
        if definition.headers.pushType == .liveactivity || aps[.event] != nil || aps[.contentState] != nil { return }
        let help: String
        if score > 1, score <= 100 {
            let scale: Double = score <= 10 ? 10 : 100
            help = "scale it into 0…1: if \(number.text) is on a scale of \(Int(scale)), write \(decimalText(score / scale))"
        } else {
            help = "write a score between 0 and 1 (the notification to feature in the summary gets the highest)"
        }
        context.report(
            "\"relevance-score\" is \(number.text), outside 0…1; for a notification the score is a number from 0 to 1 that ranks it in the notification summary (APNSwift refuses other values)",
            at: field, part: .value, help: help)
    }
}
