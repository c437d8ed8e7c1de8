extension RuleRegistry {
    /// Payload values, custom data and size.
    static let payloadValueRules: [any Rule] = [
    ]
}
