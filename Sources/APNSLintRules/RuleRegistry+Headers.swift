extension RuleRegistry {
    /// Push types and request headers.
    static let headerRules: [any Rule] = [
        // Push type and delivery
        PushTypeInvalidRule(),
        PushTypeMissingRule(),
        PushTypeMismatchRule(),
        TopicSuffixMismatchRule(),
        PushToTalkPriorityRule(),
        // Headers
        DuplicateHeaderRule(),
        TopicInvalidRule(),
        PriorityInvalidRule(),
        APNSIDInvalidRule(),
        ExpirationInvalidRule(),
        DeviceTokenInvalidRule(),
    ]
}
