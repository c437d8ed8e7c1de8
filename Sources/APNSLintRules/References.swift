/// Apple documentation and standards the rules cite (see ../shared/reference/apns-spec.md §0).
enum Reference {
    static let generatingNotification = "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification"
    static let sendingRequests = "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
    static let handlingResponses = "https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns"
    static let backgroundUpdates = "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
    static let modifyingContent = "https://developer.apple.com/documentation/usernotifications/modifying-content-in-newly-delivered-notifications"
    static let payloadKeyReference = "https://developer.apple.com/library/content/documentation/Networkinginternet/Conceptual/RemoteNotificationsPG/PayloadKeyReference.html"
    static let legacyPayload = "https://developer.apple.com/legacy/library/documentation/NetworkingInternet/Conceptual/RemoteNotificationsPG/CreatingtheNotificationPayload.html"
    static let rfc8259 = "https://www.rfc-editor.org/rfc/rfc8259"
}

extension Reference {
    /// The seed documents' systems.
    static let nodeAPNNotification = "https://github.com/parse-community/node-apn/blob/master/doc/notification.markdown"
    /// ADCK's README names the gem it is based on; ADCK's own repository is not known to apns-lint's sources.
    static let adck = "https://github.com/jpoz/apns"
    static let skygearPayload = "https://github.com/SkygearIO/skygear-server"
    static let pushKitIncomingPush = "https://developer.apple.com/documentation/pushkit/pkpushregistrydelegate/pushregistry(_:didreceiveincomingpushwith:for:completion:)"
    static let fcmMessageTypes = "https://firebase.google.com/docs/cloud-messaging/customize-messages/set-message-type"
}
