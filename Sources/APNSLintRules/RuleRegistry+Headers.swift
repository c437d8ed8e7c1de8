extension RuleRegistry {
    /// Push types and request headers.
    static let headerRules: [any Rule] = [
    ]
}
