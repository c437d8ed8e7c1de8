extension RuleRegistry {
    /// Live Activities.
    static let liveActivityRules: [any Rule] = [
    ]
}
