extension Reference {
    /// Apple, Wallet: updating a pass: the push to the pass type identifier's topic has an empty payload, and the
    /// device then asks the pass's web service for what changed.
    static let walletUpdatePass = "https://developer.apple.com/documentation/walletpasses/adding-a-web-service-to-update-passes"
}

/// The Xcode Simulator's, Expo's, OneSignal's and gorush's documentation and code the rules for their formats cite.
extension Reference {
    /// Xcode 11.4's release notes: push notifications in the Simulator, by `simctl push` or by dropping an `.apns`
    /// file, with the "Simulator Target Bundle" key.
    static let xcode114ReleaseNotes = "https://developer.apple.com/documentation/xcode-release-notes/xcode-11_4-release-notes"
    /// `xcrun simctl help push`, quoted in full.
    static let simctlPushHelp = "https://nshipster.com/simctl/"
    /// swift-foundation's JSON scanner, which `JSONSerialization` reads with: after a comma it takes a closing bracket
    /// ("the foundation json implementation does support trailing commas"), and whitespace is only space, tab, CR and
    /// LF (no comments).
    static let foundationJSONScanner = "https://github.com/swiftlang/swift-foundation/blob/03154e776cada7050ea4578a191eb0782af7e24b/Sources/FoundationEssentials/JSON/JSONScanner.swift"
    /// `JSONSerialization.ReadingOptions.json5Allowed`: comments and the rest of JSON5 only when it is set.
    static let json5Allowed = "https://developer.apple.com/documentation/foundation/jsonserialization/readingoptions/json5allowed"
    /// OneSignal-iOS-SDK #1053: an `.apns` file with trailing commas dropped on the Simulator shows the notification.
    static let oneSignalSimulatorTrailingComma = "https://github.com/OneSignal/OneSignal-iOS-SDK/issues/1053"
    /// Apple, WatchKit: Testing Custom Notification Interfaces: a watch app's scheme names the `.apns` payload file it
    /// delivers to the notification interface.
    static let watchNotificationTesting = "https://developer.apple.com/documentation/watchkit/notifications/testing_custom_notification_interfaces"
    /// Apple's CFBundleIdentifier: "alphanumeric characters (A–Z, a–z, and 0–9), hyphens (-), and periods (.)".
    static let cfBundleIdentifier = "https://developer.apple.com/documentation/bundleresources/information-property-list/cfbundleidentifier"
}

extension Reference {
    /// Expo's push API: the message request format, its fields and their iOS meaning, and the errors.
    static let expoSendingNotifications = "https://docs.expo.dev/push-notifications/sending-notifications/"
    /// Notification types as Expo sends them: a "Notification Message" (alert) and a "Headless Background Notification".
    static let expoWhatYouNeedToKnow = "https://docs.expo.dev/push-notifications/what-you-need-to-know/"
    /// expo-server-sdk-node's message type, `isExpoPushToken` and the 100-recipient chunks, at v6.1.0.
    static let expoServerSDK = "https://github.com/expo/expo-server-sdk-node/blob/2ca5614cb5ef17c32e9b5490db5338fbedd72e90/src/ExpoClient.ts"
    /// expo/expo #12969: `{"code":"VALIDATION_ERROR","message":"\"[0].sound\" must be one of [default, null, object]."}`.
    static let expoValidationErrorIssue = "https://github.com/expo/expo/issues/12969"
    /// expo/expo #13767: `"content-available": 1` on an Expo message; the background task never ran.
    static let expoContentAvailableIssue = "https://github.com/expo/expo/issues/13767"
    /// expo/expo #31861: `_contentAvailable` with a title and body, shown as an alert; the task ran only on a tap.
    static let expoBackgroundAlertIssue = "https://github.com/expo/expo/issues/31861"
    /// expo-server-sdk-node PR #281 (2026-08): `contentAvailable` replaces `_contentAvailable`, which is still read.
    static let expoContentAvailablePR = "https://github.com/expo/expo-server-sdk-node/pull/281"

    /// OneSignal's create-notification API, as its OpenAPI description gives it (onesignal-go-api v5.13.0).
    static let oneSignalOpenAPI = "https://github.com/OneSignal/onesignal-go-api/blob/9f8acf5b414b96644d90ecabbdeddb4cfc0dc44f/api/openapi.yaml"
    static let oneSignalPushAPI = "https://documentation.onesignal.com/reference/push-notification"
    /// "Apns push type override is not included in the list" for `apns_push_type_override: "alert"`.
    static let oneSignalPushTypeOverrideIssue = "https://github.com/OneSignal/OneSignal-iOS-SDK/issues/574"
    /// "Option You must specify a badgecount when setting or increase badges."
    static let oneSignalBadgeCountIssue = "https://github.com/OneSignal/OneSignal-iOS-SDK/issues/362"
    /// "Message Notifications must have English language content".
    static let oneSignalEnglishIssue = "https://github.com/zeyneloz/onesignal-node/issues/40"
    /// iOS focus modes and interruption levels in OneSignal.
    static let oneSignalInterruptionLevels = "https://documentation.onesignal.com/docs/ios-focus-modes-and-interruption-levels"

    /// gorush v1.22.0: the request's decoding and checks (`router/server.go`), the iOS request (`notify/notification_apns.go`).
    static let gorushServer = "https://github.com/appleboy/gorush/blob/db13af35ffde7860e532af8f6c98fab6689043c1/router/server.go"
    static let gorushAPNs = "https://github.com/appleboy/gorush/blob/db13af35ffde7860e532af8f6c98fab6689043c1/notify/notification_apns.go"
    static let gorushReadme = "https://github.com/appleboy/gorush/blob/db13af35ffde7860e532af8f6c98fab6689043c1/README.md"
    /// sideshow/apns2 v0.25.0: `apns-push-type: alert` when none is set, and the headers it sends.
    static let apns2Client = "https://github.com/sideshow/apns2/blob/22443bc957912b3edcea972c4103a91e0f95931f/client.go"
}
