extension RuleRegistry {
    /// Skygear's definitions and the FCM message they send to Android.
    static let fcmRules: [any Rule] = [
        // System formats
        SkygearNotSentRule(),
        // FCM
        FCMDataNotStringRule(),
        FCMReservedDataKeyRule(),
        FCMTTLInvalidRule(),
        FCMPriorityInvalidRule(),
        FCMMessageTooLargeRule(),
    ]
}
