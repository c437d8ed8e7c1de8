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
}
