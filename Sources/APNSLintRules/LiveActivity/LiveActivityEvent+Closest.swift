import APNSLintModel

extension LiveActivityEvent {
    static let names = allCases.map(\.rawValue)

    /// Words people write for an event, and the event they mean.
    static let synonyms: [String: LiveActivityEvent] = [
        "begin": .start, "started": .start, "create": .start, "created": .start, "push-to-start": .start,
        "updated": .update, "change": .update, "changed": .update, "refresh": .update,
        "ended": .end, "stop": .end, "stopped": .end, "finish": .end, "finished": .end, "dismiss": .end,
        "close": .end, "complete": .end, "completed": .end, "done": .end,
    ]

    /// The event a misspelled value most likely means: a case or spacing slip, a synonym, or a typo.
    static func closest(to value: String) -> LiveActivityEvent? {
        let trimmed = String(value.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        let lowered = trimmed.lowercased()
        if let exact = LiveActivityEvent(rawValue: lowered) { return exact }
        if let synonym = synonyms[Suggestion.kebabCase(trimmed)] ?? synonyms[lowered] { return synonym }
        return Suggestion.closest(to: lowered, in: names).flatMap(LiveActivityEvent.init(rawValue:))
    }
}
