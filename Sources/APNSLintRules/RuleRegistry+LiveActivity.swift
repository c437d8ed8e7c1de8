extension RuleRegistry {
    /// Live Activities.
    static let liveActivityRules: [any Rule] = [
        LiveActivityMissingFieldRule(),
        LiveActivityEventInvalidRule(),
        LiveActivityTimestampUnitRule(),
        LiveActivityTimestampFutureRule(),
        DismissalDateWithoutEndRule(),
        StaleDateBeforeTimestampRule(),
        LiveActivitySoundPlacementRule(),
        ContentStateTooLargeRule(),
        InputPushTokenInvalidRule(),
    ]
}
