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
    /// The gem ADCK is based on (its README says so).
    static let adck = "https://github.com/jpoz/apns"
    static let skygearPayload = "https://github.com/SkygearIO/skygear-server"
    static let pushKitIncomingPush = "https://developer.apple.com/documentation/pushkit/pkpushregistrydelegate/pushregistry(_:didreceiveincomingpushwith:for:completion:)"
    /// The library versions the dialects follow, pinned to the commits whose behaviour apns-lint reproduces.
    static let nodeAPN710 = "https://github.com/parse-community/node-apn/blob/1db632dbd874ecc9c0acfd2b0be654ed265bfa5b/lib/notification/index.js"
    static let adck020 = "https://github.com/delight-labs/ADCK/blob/e7d9714f619b7682b27a624d5fa54b1b495ad83a/lib/adck/message.rb"
    static let apnsJSON = "https://github.com/SilentCircle/apns_erl_util/blob/76668788f2e568461fd67a1bfda0dc0f7d5e9f97/src/apns_json.erl"
    static let apnsErlv3 = "https://github.com/SilentCircle/apns_erlv3/blob/03c1a3d7b780089b51a326885b40e8ece5477fe2/src/sc_push_svc_apnsv3.erl"
    static let jsx280 = "https://github.com/talentdeficit/jsx/tree/v2.8.0"
    static let fcmMessageTypes = "https://firebase.google.com/docs/cloud-messaging/customize-messages/set-message-type"
}
