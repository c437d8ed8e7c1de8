extension RuleRegistry {
    /// Payload values, custom data and size.
    static let payloadValueRules: [any Rule] = [
        // Structure: custom data
        CustomKeyInAPSRule(),
        ReservedCustomKeyRule(),
        // Payload values
        BadgeInvalidRule(),
        SoundInvalidRule(),
        CriticalAlertEntitlementRule(),
        InterruptionLevelInvalidRule(),
        RelevanceScoreRangeRule(),
        LocArgsNotStringsRule(),
        URLArgsInvalidRule(),
        AlertEmptyRule(),
        SummaryArgIgnoredRule(),
        // Size
        PayloadNearLimitRule(),
    ]
}
