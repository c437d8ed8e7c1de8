import APNSLintModel
import APNSLintSyntax

/// A OneSignal create-notification body (`POST https://api.onesignal.com/notifications`), turned into the APNs request
/// OneSignal sends to an Apple device. OneSignal's server is not public: the fields are those of its OpenAPI
/// description (OneSignal/onesignal-go-api v5.13.0 `api/openapi.yaml`, commit 9f8acf5), the payload's shape is the one
/// its iOS SDK reads (`OSNotification.m`: `aps`, and OneSignal's `custom` dictionary) and a delivered payload shows
/// (OneSignal-Cordova-SDK #536), and the errors are those users report:
///
///     {"app_id": "…", "included_segments": ["Subscribed Users"], "headings": {"en": "Hi"}, "contents": {"en": "there"},
///      "ios_badgeType": "SetTo", "ios_badgeCount": 1, "data": {"id": 7}}
///     → headers {"apns-push-type": "alert", "apns-priority": "10"},
///       payload {"aps": {"alert": {"title": "Hi", "body": "there"}, "badge": 1, "mutable-content": 1}, "custom": {"a": {"id": 7}}}
///
/// - `headings`, `contents`, `subtitle` are language maps; a device gets its language, else English (`en`), which
///   OneSignal requires ("Message Notifications must have English language content"). The request shows `en`.
/// - `contents` is required "unless content_available=true or template_id is set"; `content_available` →
///   `aps.content-available: 1`, and without `contents` the push is a background one. OneSignal sets
///   `apns-push-type` alert or background itself; `apns_push_type_override` takes only `voip`.
/// - `mutable_content` "always defaults to true and cannot be turned off": an alert carries `mutable-content: 1`.
/// - `ios_badgeType` SetTo → `aps.badge`; Increase → `custom.badge_inc`, which the app's Notification Service
///   Extension adds; both need `ios_badgeCount`.
/// - `ios_sound`, `ios_category`, `thread_id`, `ios_interruption_level` (`time_sensitive`, the spelling of the API
///   description, and `time-sensitive`, that of OneSignal's guide, both become APNs's `time-sensitive`),
///   `ios_relevance_score`, `target_content_identifier` go in `aps`; `summary_arg`, `summary_arg_count` and
///   `apns_alert`'s keys in `aps.alert`.
/// - `priority` 10 (the default on iOS) → `apns-priority` 10, any other number 5; `ttl` (default 3 days, at most 28) →
///   `apns-expiration`; `collapse_id` → `apns-collapse-id`.
/// - `data` → `custom.a`, `url` → `custom.u`; OneSignal's notification id (`custom.i`) is not shown, nor counted.
enum OneSignalDialect {
    /// The iOS side of the body: each field and the APNs part it becomes.
    static let apsFields = ["ios_sound": "sound", "ios_category": "category", "thread_id": "thread-id",
                            "ios_relevance_score": "relevance-score", "target_content_identifier": "target-content-id"]
    static let alertFields = ["summary_arg": "summary-arg", "summary_arg_count": "summary-arg-count"]
    static let textFields = ["headings": "title", "contents": "body", "subtitle": "subtitle"]
    /// Every field OneSignal reads: those with a documented type (`fieldTypes`), and these, whose values are checked
    /// elsewhere or not at all (targeting, scheduling, templates, other platforms' switches).
    static let generalFields: Set<String> = Set(fieldTypes.keys).union([
        "target_channel",
        "isIos",
        "isAndroid",
        "isHuawei",
        "isAnyWeb",
        "isChromeWeb",
        "isFirefox",
        "isSafari",
        "isWP_WNS",
        "isAdm",
        "isChrome",
        "delayed_option",
        "delivery_time_of_day",
        "throttle_rate_per_minute",
        "enable_frequency_cap",
        "external_id",
        "idempotency_key",
        "custom_data",
        "web_url",
        "app_url",
        "web_buttons",
        "big_picture",
        "small_icon",
        "large_icon",
        "existing_android_channel_id",
        "android_channel_id",
        "content_available",
        "language",
    ])
    /// Prefixes of other platforms' fields (`android_accent_color`, `chrome_web_icon`, `huawei_msg_type`, …).
    static let otherPlatformPrefixes = ["android_", "huawei_", "adm_", "chrome_", "firefox_", "safari_", "web_", "email_", "sms_",
                                        "amazon_", "wp_", "windows_", "global_image", "led_color", "accent_color", "visibility"]
    static let knownFields = generalFields.sorted()
    static let distinctiveKeys: Set<String> = ["app_id", "include_subscription_ids", "included_segments", "include_player_ids",
                                               "include_aliases", "ios_badgeType", "ios_badgeCount", "ios_sound", "ios_interruption_level",
                                               "apns_push_type_override", "headings"]
    static let ownKeys: Set<String> = generalFields
    static let interruptionLevels = ["active": "active", "passive": "passive", "time_sensitive": "time-sensitive",
                                     "time-sensitive": "time-sensitive", "critical": "critical"]
    static let badgeTypes = ["None", "SetTo", "Increase"]
    static let maximumTTL = 2_419_200
    static let defaultTTL = 259_200
    static let contentAvailableMisspellings = ["contentavailable": "\"content_available\": true"]

    /// Whether a document found in a directory is a OneSignal notification: `app_id` beside its text or targeting, or
    /// one of its `ios_` fields.
    static func marksDefinition(_ members: [Member]) -> Bool {
        let keys = Set(members.map(\.key))
        if keys.contains("app_id"), !keys.isDisjoint(with: ["contents", "headings", "content_available", "template_id", "included_segments",
                                                            "include_subscription_ids", "include_aliases", "include_player_ids"]) { return true }
        return !keys.isDisjoint(with: ["ios_badgeType", "ios_badgeCount", "ios_interruption_level", "apns_push_type_override"])
    }

    /// The JSON types of the API description (and of OneSignal's SDKs, which refuse others).
    static let fieldTypes: [String: ServiceValueType] = [
        "app_id": .string, "contents": .object, "headings": .object, "subtitle": .object, "mutable_content": .bool,
        "ios_badgeType": .string, "ios_badgeCount": .integer, "ios_sound": .string, "ios_category": .string, "thread_id": .string,
        "summary_arg": .string, "summary_arg_count": .integer, "ios_interruption_level": .string, "ios_relevance_score": .number,
        "target_content_identifier": .string, "apns_alert": .object, "apns_push_type_override": .string, "ttl": .integer,
        "collapse_id": .string, "priority": .integer, "ios_attachments": .object, "data": .object, "url": .string, "buttons": .array,
        "template_id": .string, "include_aliases": .object, "send_after": .string, "included_segments": .stringArray,
        "excluded_segments": .stringArray, "include_subscription_ids": .stringArray, "include_player_ids": .stringArray,
        "include_external_user_ids": .stringArray, "include_ios_tokens": .stringArray, "filters": .array, "name": .string,
        // Targeting OneSignal documents beside those: the other channels' recipients (`SubscriptionNotificationTarget`
        // of the API description, v5.13.0), `include_unsubscribed` (email), and `channel_for_external_user_ids`, which
        // says whether `include_external_user_ids` means push, email or sms subscribers (the description until v2.0.2,
        // commit eee0d4f: "Use the string \"push\" … \"email\" … or \"sms\""; the legacy create-notification reference,
        // documentation.onesignal.com/v9.0/reference/create-notification). Not read for the APNs request.
        "channel_for_external_user_ids": .string, "include_email_tokens": .stringArray, "email_to": .stringArray,
        "include_phone_numbers": .stringArray, "include_wp_wns_uris": .stringArray, "include_amazon_reg_ids": .stringArray,
        "include_chrome_reg_ids": .stringArray, "include_chrome_web_reg_ids": .stringArray, "include_android_reg_ids": .stringArray,
        "include_unsubscribed": .bool,
    ]

    static func translate(_ document: DocumentNode, now: Int?) -> DialectTranslation {
        guard let written = document.members else { return DialectTranslation(request: document) }
        var request = RequestBuilder(for: document, message: document, path: [])
        // A value of another type than the API's is reported, and not translated: what OneSignal does with it is not
        // documented (its SDKs refuse it before sending).
        let members = written.filter { member in
            guard let type = fieldTypes[member.key], !member.value.isNull, !type.admits(member.value) else { return true }
            request.note(.oneSignalRequestInvalid,
                         "\"\(member.key)\" is \(member.value.kind.phrase), but OneSignal's API description gives \(type == .object && textFields[member.key] != nil ? "a map of languages to texts" : type.phrase): what OneSignal does with another type is not documented, and its SDKs refuse most",
                         help: type == .object && textFields[member.key] != nil ? "write \"\(member.key)\": {\"en\": …}" : "write \(type.phrase) for \"\(member.key)\"",
                         at: member.value.range, pointer: request.pointer(member.key), severity: .warning)
            return false
        }
        func last(_ key: String) -> Member? { members.last { $0.key == key } }
        func refuse(_ message: String, help: String, at range: SourceRange, _ pointer: JSONPointer, severity: Severity? = nil) {
            request.note(.oneSignalRequestInvalid, message, help: help, at: range, pointer: pointer, severity: severity)
        }
        for member in members where !generalFields.contains(member.key) && !otherPlatformPrefixes.contains(where: member.key.hasPrefix) {
            request.dropped(member, system: "OneSignal", known: knownFields, meant: contentAvailableMisspellings)
        }
        // The alert's texts, in English.
        for key in ["headings", "subtitle", "contents"] {
            guard let member = last(key) else { continue }
            guard let languages = member.value.members else { continue }
            guard let english = languages.last(where: { $0.key == "en" }) else {
                refuse("\"\(key)\" has no English (\"en\") text: OneSignal refuses the notification (\"Message Notifications must have English language content\")",
                       help: "add \"en\": English is the text for every device whose language the map does not have", at: member.keyRange, request.pointer(key))
                continue
            }
            request.alert(textFields[key]!, from: Member(key: key, keyRange: member.keyRange, value: english.value))
        }
        let contentAvailable = last("content_available")
        // OneSignal accepts 1 for true (OneSignal-iOS-SDK #1351: the notification was created).
        let isBackground = contentAvailable?.value.bool == true || contentAvailable?.value.number?.intValue == 1
        if last("contents") == nil, !isBackground, last("template_id") == nil {
            refuse("the notification has no \"contents\": OneSignal requires it unless content_available is true or a template_id is given",
                   help: "add \"contents\": {\"en\": \"…\"}, or for a background push \"content_available\": true", at: request.owner, request.pointer())
        }
        if let contentAvailable {
            if contentAvailable.value.bool == nil {
                refuse("\"content_available\" is \(contentAvailable.value.kind.phrase), but OneSignal's API takes true or false: OneSignal accepts the notification, but no source shows it sending content-available for another value, and a report of this body says the app was never woken",
                       help: "write \"content_available\": true", at: contentAvailable.value.range, request.pointer("content_available"), severity: .warning)
            }
            if isBackground {
                request.aps("content-available", from: contentAvailable,
                            value: DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: contentAvailable.value.range))
            }
        }
        if let apnsAlert = last("apns_alert")?.value.members {
            for member in apnsAlert { request.alert(member.key, from: member) }
        }
        for (field, key) in alertFields.sorted(by: { $0.key < $1.key }) {
            if let member = last(field) { request.alert(key, from: member) }
        }
        for (field, key) in apsFields.sorted(by: { $0.key < $1.key }) {
            if let member = last(field), !member.value.isNull { request.aps(key, from: member) }
        }
        if let level = last("ios_interruption_level") {
            if let text = level.value.string, let value = interruptionLevels[text] {
                request.aps("interruption-level", from: level, value: value == text ? nil : RequestBuilder.string(value, at: level.value.range))
            } else {
                refuse("\(level.value.string.map { "\"\($0)\"" } ?? level.value.kind.phrase) is not one of OneSignal's interruption levels (active, passive, time_sensitive, critical), so the notification does not get the level meant",
                       help: (level.value.string.flatMap { Suggestion.closest(to: $0, in: ["active", "passive", "time_sensitive", "critical"]) }
                           .map { "did you mean \"\($0)\"? " } ?? "") + "OneSignal's API description writes active, passive, time_sensitive or critical",
                       at: level.value.range, request.pointer("ios_interruption_level"))
            }
        }
        let badgeIncrease = badge(members, into: &request)
        if request.hasAlert {
            request.systemHeader(HeaderName.pushType, "alert",
                                 note: "OneSignal sets apns-push-type alert for a notification with text",
                                 help: "for a background push, leave out \"contents\" and send \"content_available\": true")
            // "Always defaults to true and cannot be turned off."
            request.aps("mutable-content", from: Member(key: "mutable_content", keyRange: request.owner,
                                                        value: DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: request.owner)))
        } else if isBackground {
            request.systemHeader(HeaderName.pushType, "background",
                                 note: "OneSignal sets apns-push-type background for content_available without contents",
                                 help: "add \"contents\" to show a notification")
        }
        if let override = last("apns_push_type_override") {
            if override.value.string == "voip" {
                request.removeHeader(HeaderName.pushType)
                request.header(HeaderName.pushType, from: override)
            } else {
                refuse("apns_push_type_override takes only \"voip\" (OneSignal sets alert and background itself): OneSignal refuses the notification (\"Apns push type override is not included in the list\")",
                       help: "remove it, or write \"voip\" for a VoIP push", at: override.value.range, request.pointer("apns_push_type_override"))
            }
        }
        // Headers.
        if let priority = last("priority"), let value = priority.value.number?.intValue {
            request.header(HeaderName.priority, from: priority, value: RequestBuilder.string(value == 10 ? "10" : "5", at: priority.value.range))
        } else {
            request.systemHeader(HeaderName.priority, "10",
                                 note: "apns-priority 10 is OneSignal's default on iOS: the body sets no \"priority\"",
                                 help: "add \"priority\": 5 for a background push")
        }
        if let collapse = last("collapse_id"), collapse.value.string != nil { request.header(HeaderName.collapseID, from: collapse) }
        if let ttl = last("ttl") {
            if let seconds = ttl.value.number?.intValue, seconds >= 0 {
                if seconds > maximumTTL {
                    refuse("ttl \(seconds) is over OneSignal's maximum, 2419200 seconds (28 days)", help: "write at most 2419200",
                           at: ttl.value.range, request.pointer("ttl"), severity: .warning)
                }
                if let now { request.header(HeaderName.expiration, from: ttl, value: RequestBuilder.string(String(now + min(seconds, maximumTTL)), at: ttl.value.range)) }
            } else {
                refuse("\"ttl\" is \(ttl.value.kind.phrase), but OneSignal takes whole seconds", help: "write the seconds as an integer: \"ttl\": 3600",
                       at: ttl.value.range, request.pointer("ttl"))
            }
        } else if let now {
            request.systemHeader(HeaderName.expiration, String(now + defaultTTL),
                                 note: "OneSignal keeps a notification 3 days by default (ttl 259200)", help: "set \"ttl\" in seconds, at most 2419200 (28 days)")
        }
        // OneSignal's own dictionary: the data, the URL.
        var custom: [Member] = []
        if let data = last("data") { custom.append(Member(key: "a", keyRange: data.keyRange, value: data.value)) }
        if let url = last("url") { custom.append(Member(key: "u", keyRange: url.keyRange, value: url.value)) }
        if let badgeIncrease { custom.append(badgeIncrease) }
        if !custom.isEmpty {
            request.custom("custom", from: Member(key: "custom", keyRange: request.owner, value: DocumentNode(.object(custom), range: request.owner)))
        }
        if let attachments = last("ios_attachments") { request.custom("att", from: attachments) }
        return DialectTranslation(
            request: request.request(range: document.range), notes: request.notes, dialectKeyRanges: request.dialectRanges + [request.owner],
            systemDefaults: request.defaults, capabilities: .decidesPushType, sendsAPNs: true)
    }

    /// `ios_badgeType` and `ios_badgeCount`: SetTo sends the count as the badge; Increase sends it as `badge_inc`, which
    /// the app's extension adds (so nothing changes on a background push).
    /// Returns `custom.badge_inc` for Increase.
    private static func badge(_ members: [Member], into request: inout RequestBuilder) -> Member? {
        guard let type = members.last(where: { $0.key == "ios_badgeType" }) else { return nil }
        let count = members.last { $0.key == "ios_badgeCount" }
        guard let name = type.value.string, badgeTypes.contains(name) else {
            request.note(.oneSignalRequestInvalid, "\(type.value.string.map { "\"\($0)\"" } ?? type.value.kind.phrase) is not a badge type OneSignal knows (None, SetTo, Increase), so the badge is not set",
                         help: (type.value.string.flatMap { Suggestion.closest(to: $0, in: badgeTypes) }.map { "did you mean \"\($0)\"? " } ?? "") + "write \"SetTo\" or \"Increase\"",
                         at: type.value.range, pointer: request.pointer("ios_badgeType"))
            return nil
        }
        guard name != "None" else { return nil }
        guard let count, count.value.number?.intValue != nil else {
            request.note(.oneSignalRequestInvalid, "ios_badgeType \(name) needs a whole ios_badgeCount: OneSignal refuses the notification (\"You must specify a badgecount when setting or increase badges\")",
                         help: "add \"ios_badgeCount\": 1 (the key's case matters)", at: type.keyRange, pointer: request.pointer("ios_badgeType"))
            return nil
        }
        guard name == "Increase" else {
            request.aps("badge", from: count)
            return nil
        }
        if !members.contains(where: { $0.key == "contents" }), members.contains(where: { $0.key == "content_available" }) {
            request.note(.oneSignalRequestInvalid, "ios_badgeType Increase on a background push: OneSignal sends the increase for the app's Notification Service Extension to add, and the extension does not run for a background push, so the badge is not increased",
                         help: "use \"SetTo\" with the badge's value, or send the increase with a visible notification", at: type.value.range,
                         pointer: request.pointer("ios_badgeType"), severity: .warning)
        }
        return Member(key: "badge_inc", keyRange: count.keyRange, value: count.value)
    }
}
