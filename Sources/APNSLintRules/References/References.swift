/// Apple documentation and standards the rules cite (see ../shared/reference/apns-spec.md §0).
enum Reference {
    static let generatingNotification = "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification"
    static let sendingRequests = "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
    static let handlingResponses = "https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns"
    static let backgroundUpdates = "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
    /// Parse Server's push docs (parse-community/docs PR #570): a silent notification with `"content-available": "1"`
    /// fails to deliver.
    static let parseSilentNotifications = "https://github.com/parse-community/docs/pull/570"
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
    static let pushToTalkApp = "https://developer.apple.com/documentation/pushtotalk/creating-a-push-to-talk-app"
    /// Apple DTS on the forums: a Push to Talk service update carries `"ptt-push-type": "service-update"` in `aps`.
    static let pushToTalkServiceUpdate = "https://developer.apple.com/forums/thread/787878"
    static let pushKitIncomingPush = "https://developer.apple.com/documentation/pushkit/pkpushregistrydelegate/pushregistry(_:didreceiveincomingpushwith:for:completion:)"
    /// The library versions the dialects follow, pinned to the commits whose behaviour apns-lint reproduces.
    static let nodeAPN710 = "https://github.com/parse-community/node-apn/blob/1db632dbd874ecc9c0acfd2b0be654ed265bfa5b/lib/notification/index.js"
    static let adck020 = "https://github.com/delight-labs/ADCK/blob/e7d9714f619b7682b27a624d5fa54b1b495ad83a/lib/adck/message.rb"
    static let apnsJSON = "https://github.com/SilentCircle/apns_erl_util/blob/76668788f2e568461fd67a1bfda0dc0f7d5e9f97/src/apns_json.erl"
    static let apnsErlv3 = "https://github.com/SilentCircle/apns_erlv3/blob/03c1a3d7b780089b51a326885b40e8ece5477fe2/src/sc_push_svc_apnsv3.erl"
    static let jsx280 = "https://github.com/talentdeficit/jsx/tree/v2.8.0"
    static let fcmMessageTypes = "https://firebase.google.com/docs/cloud-messaging/customize-messages/set-message-type"
}

/// Sources the syntax and dialect rules' severities rest on.
extension Reference {
    static let yamlSpec = "https://yaml.org/spec/1.2.2/"
    /// YAML 1.1's boolean type (`yes`, `on`, `y`), which YAML 1.1 readers (PyYAML, Psych) still apply.
    static let yaml11Bool = "https://yaml.org/type/bool.html"
    static let billionLaughs = "https://en.wikipedia.org/wiki/Billion_laughs_attack"
    /// How Erlang definition files are read.
    static let erlangConsult = "https://www.erlang.org/doc/apps/kernel/file.html#consult/1"
    /// The legacy binary interface's shutdown on 31 March 2021 (secondary; apns-spec.md's KUMULOS).
    static let legacyBinaryShutdown = "https://www.kumulos.com/2021/03/31/apns-legacy-binary-protocol/"
}
