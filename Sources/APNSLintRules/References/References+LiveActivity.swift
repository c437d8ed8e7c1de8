/// Apple documentation the Live Activity rules cite (../shared/reference/apns-spec.md §0.1).
extension Reference {
    static let liveActivityPushes = "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications"
    static let contentState = "https://developer.apple.com/documentation/activitykit/activityattributes/contentstate"
    static let attributesTooLarge = "https://developer.apple.com/documentation/activitykit/activityauthorizationerror/attributestoolarge"
    static let staleDate = "https://developer.apple.com/documentation/activitykit/activitycontent/staledate"
    static let pushToStartToken = "https://developer.apple.com/documentation/activitykit/activity/pushtostarttoken"
    static let activityPushType = "https://developer.apple.com/documentation/activitykit/pushtype"
    static let activityEnd = "https://developer.apple.com/documentation/activitykit/activity/end(_:dismissalpolicy:timestamp:)"
    static let dismissalPolicyAfter = "https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy/after(_:)"
    /// Apple DTS on the forums: which Live Activity timestamps are dropped.
    static let liveActivityTimestampForum = "https://developer.apple.com/forums/thread/776165"
    static let broadcastRequests = "https://developer.apple.com/documentation/usernotifications/sending-broadcast-push-notification-requests-to-apns"
    static let broadcastErrors = "https://developer.apple.com/documentation/usernotifications/handling-error-responses-from-apns"
}
