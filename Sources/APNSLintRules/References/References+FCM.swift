/// FCM's documentation and the Firebase Admin SDK source the FCM rules cite (see ../shared/reference/apns-spec.md
/// §0.2–§0.3: FCM-TYPES, L-FB-NODE).
extension Reference {
    static let fcmMessageLifespan = "https://firebase.google.com/docs/cloud-messaging/customize-messages/setting-message-lifespan"
    static let fcmMessagePriority = "https://firebase.google.com/docs/cloud-messaging/customize-messages/setting-message-priority"
    static let fcmV1Messages = "https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages"
    static let fcmAPNSConfig = "https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages#apnsconfig"
    /// firebase-admin-node's message validation (`validateMessage`, `validateStringMap`), at the commit apns-spec.md read.
    static let fcmAdminNodeValidation = "https://github.com/firebase/firebase-admin-node/blob/5a203f67/src/messaging/messaging-internal.ts"
    static let fcmAdminNodeErrors = "https://github.com/firebase/firebase-admin-node/blob/5a203f67/src/messaging/error.ts"
    /// FCM's error codes: `INVALID_ARGUMENT` and its causes (message too big, invalid data key, invalid TTL, invalid parameters).
    static let fcmErrorCode = "https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode"
    /// FCM's REST error responses, with the `INVALID_ARGUMENT` answer to a `data` value that is not a string.
    static let fcmErrorCodes = "https://firebase.google.com/docs/cloud-messaging/error-codes"
    /// Images in notifications on Apple devices: `mutable-content: 1` and a Notification Service Extension.
    static let fcmSendImage = "https://firebase.google.com/docs/cloud-messaging/ios/send-image"
    /// The legacy HTTP API's deprecation (2023-06-20) and shutdown (from 2024-07-22), and the move to HTTP v1.
    static let fcmMigrateV1 = "https://firebase.google.com/docs/cloud-messaging/migrate-v1"
    /// firebase-admin-dotnet #323: "Payload of Apple Push Notification Service must contain an [aps] key."
    static let fcmMissingAPSIssue = "https://github.com/firebase/firebase-admin-dotnet/issues/323"
    /// expo/expo #8250: "Invalid JSON payload received. Unknown name \"sound\" at 'message': Cannot find field."
    static let fcmUnknownNameIssue = "https://github.com/expo/expo/issues/8250"
    /// beste/firebase-php #700: a data message to Apple at priority 10, refused with "Invalid registration token".
    static let fcmDataPriorityIssue = "https://github.com/beste/firebase-php/issues/700"
}

/// The AWS documentation the SNS rules cite.
extension Reference {
    static let snsPublish = "https://docs.aws.amazon.com/sns/latest/api/API_Publish.html"
    static let snsPlatformPayloads = "https://docs.aws.amazon.com/sns/latest/dg/sns-send-custom-platform-specific-payloads-mobile-devices.html"
    static let snsMessageAttributes = "https://docs.aws.amazon.com/sns/latest/dg/sns-message-attributes.html"
    static let snsTTL = "https://docs.aws.amazon.com/sns/latest/dg/sns-ttl.html"
    static let snsLargePayloads = "https://docs.aws.amazon.com/sns/latest/dg/large-message-payloads.html"
    /// aws-sdk-ruby #1418: a platform value written as an object; only the default text arrived.
    static let snsObjectValueIssue = "https://github.com/aws/aws-sdk-ruby/issues/1418"
    /// aws-sdk-kotlin #426: "Invalid parameter: JSON must contain an entry for 'default' or 'APNS'".
    static let snsDefaultOrAPNSIssue = "https://github.com/aws/aws-sdk-kotlin/issues/426"
    /// aws-sdk-ruby #359: the payload written under "aps", not "APNS": only the default text arrived.
    static let snsApsKeyIssue = "https://github.com/aws/aws-sdk-ruby/issues/359"
    /// AWS's blog on iOS 13: how SNS sets apns-push-type, and the PUSH_TYPE attribute.
    static let snsIOS13Blog = "https://aws.amazon.com/blogs/messaging-and-targeting/sending-push-notifications-to-ios-13-devices-with-amazon-sns"
}
