import APNSLintModel
import APNSLintSyntax

/// A Firebase Cloud Messaging HTTP v1 send request (`projects.messages.send`), turned into the APNs request FCM sends
/// to an Apple device, as FCM documents it (firebase.google.com/docs/reference/fcm/rest/v1/projects.messages, read
/// 2026-11; the steps below cite its sections):
///
///     {"message": {"token": "…", "notification": {"title": "Hi", "body": "there"},
///                  "apns": {"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"badge": 3}}}, "data": {"k": "v"}}}
///     → headers {"apns-push-type": "alert", "apns-priority": "10"},
///       payload {"aps": {"badge": 3, "alert": {"title": "Hi", "body": "there"}}, "k": "v"}
///
/// - `apns.payload` is the APNs payload as written, `aps` and custom keys ("ApnsConfig.payload: APNs payload as a
///   JSON object, including both aps dictionary and custom payload"); FCM passes it through, so keys APNs does not
///   know (`content_available` in `aps`) reach APNs unchanged, and APNs ignores them.
/// - `notification.title` and `.body` fill `aps.alert.title` and `.body` unless `apns.payload` sets them ("ApnsConfig:
///   … overrides `google.firebase.fcm.v1.Notification.title` and `.body`").
/// - `apns.headers` are the request's headers; FCM sends `apns-priority` 10 and an `apns-expiration` 30 days ahead
///   when they are not given ("The backend sets a default value for apns-expiration of 30 days and a default value
///   for apns-priority of 10 if not explicitly set"). The request points such a header at `apns` (at `message` when
///   there is no `apns`), and a finding there says the value is FCM's.
/// - With `apns.live_activity_token` (a Live Activity's push token), FCM sends `apns-push-type: liveactivity` when
///   `apns.headers` does not say: its Live Activity guide sets no push type
///   (firebase.google.com/docs/cloud-messaging/ios/live-activity), so FCM must.
/// - `apns.fcm_options.image`, else `notification.image`, goes to the payload as `fcm_options.image`, which the
///   Firebase Messaging extension helper downloads in a Notification Service Extension
///   (firebase.google.com/docs/cloud-messaging/ios/send-image): the app shows it only with `mutable-content: 1`.
/// - `data` keys reach the app beside `aps` (firebase.google.com/docs/cloud-messaging/concept-options, "Data messages").
/// - FCM adds keys of its own beside `aps` (`gcm.message_id`, `google.c.a.e`, …), which no page lists: they are not
///   in the request shown, nor counted in its size.
///
/// A body of the legacy HTTP API (`to`, `registration_ids`, `content_available`, …, shut down from July 2024:
/// firebase.google.com/docs/cloud-messaging/migrate-v1) is recognised: it sends nothing, and what it would have sent
/// is checked as advice (FCMLegacyBody.swift).
enum FCMDialect {
    /// The send request's keys, and a `Message`'s, in both spellings (FCMSchema: the HTTP v1 reference).
    static let requestKeys = FCMSchema.request.keys
    static let messageKeys = FCMSchema.message.keys
    /// The legacy HTTP API's body (firebase.google.com/docs/cloud-messaging/http-server-ref, archived).
    static let legacyKeys = ["to", "registration_ids", "condition", "notification", "data", "priority", "content_available",
                             "mutable_content", "time_to_live", "collapse_key", "dry_run", "restricted_package_name"]
    /// Legacy keys no v1 message has: one of them makes a legacy body.
    static let legacyMarks: Set<String> = ["to", "registration_ids", "content_available", "mutable_content", "time_to_live"]
    /// Top-level keys only FCM uses among the systems apns-lint reads.
    static let distinctiveKeys: Set<String> = Set([FCMKey.validateOnly, FCMKey.token, FCMKey.condition, FCMKey.notification, FCMKey.android,
                                                   FCMKey.webpush, FCMKey.apns, FCMKey.fcmOptions].flatMap(\.spellings))
        .union(legacyMarks)
    static let ownKeys = requestKeys.union(messageKeys).union(legacyKeys)
    /// The keys of `message` no Skygear message has (Skygear's holds title, body, subtitle, priority, ttl).
    static let messageOnlyKeys: Set<String> = Set([FCMKey.token, FCMKey.topic, FCMKey.condition, FCMKey.notification, FCMKey.android, FCMKey.webpush,
                                                   FCMKey.apns, FCMKey.fcmOptions, FCMKey.data, FCMKey.name].flatMap(\.spellings))

    /// FCM's defaults for an Apple device (ApnsConfig.headers).
    static let defaultPriority = "10"
    static let defaultLifetime = 30 * 24 * 60 * 60

    /// `{"message": {…}}` whose message holds a key only FCM's has.
    static func recognizes(_ members: [Member]) -> Bool {
        guard let message = FCMKey.message.value(in: members)?.members else { return false }
        return message.contains { messageOnlyKeys.contains($0.key) }
    }

    /// Whether a document found in a directory is an FCM request: recognised by its shape, or holding keys no other
    /// JSON file is likely to (`apns`, `webpush`, `registration_ids`, …), or a legacy body's target beside its
    /// notification or data.
    static func marksDefinition(_ members: [Member]) -> Bool {
        if recognizes(members) { return true }
        let keys = Set(members.map(\.key))
        if !keys.isDisjoint(with: Set([FCMKey.validateOnly, FCMKey.webpush, FCMKey.fcmOptions].flatMap(\.spellings))
            .union(["registration_ids", "content_available", "mutable_content", "time_to_live"])) {
            return true
        }
        if FCMKey.apns.value(in: members)?.members != nil { return true }
        let hasTarget = members.contains { ["to", "token", "topic", "condition"].contains($0.key) && $0.value.string != nil }
        return hasTarget && members.contains { ["notification", "data", "android"].contains($0.key) && $0.value.members != nil }
    }

    static func translate(_ document: DocumentNode, now: Int?) -> DialectTranslation {
        guard let members = document.members else { return DialectTranslation(request: document) }
        let wrapper = FCMKey.message.member(in: members).flatMap { $0.value.members == nil ? nil : $0 }
        if wrapper == nil, members.contains(where: { legacyMarks.contains($0.key) }) {
            return translateLegacy(document, members: members, now: now)
        }
        let message = wrapper?.value ?? document
        let fields = message.members ?? []
        var request = RequestBuilder(for: document)
        let apns = FCMKey.apns.member(in: fields)
        let apnsFields = apns?.value.members ?? []
        let notification = FCMKey.notification.member(in: fields)
        let notificationFields = notification?.value.members ?? []
        let payload = FCMKey.payload.member(in: apnsFields)

        // Headers: as written, then FCM's defaults, pointing at what FCM fills in.
        for header in FCMKey.headers.value(in: apnsFields)?.members ?? [] { request.writtenHeader(header) }
        let defaultsRange = apns?.keyRange ?? wrapper?.keyRange ?? request.added
        let defaultsOwner = apns != nil ? "apns" : "message"
        func hasHeader(_ name: String) -> Bool { request.headers.members.contains { $0.key.lowercased() == name } }
        // A notification message (`notification` with a title or body) is one FCM displays itself ("FCM
        // automatically displays the message to end-user devices on behalf of the client app",
        // firebase.google.com/docs/cloud-messaging/concept-options), so the APNs request it makes is an alert; FCM's
        // own examples of one for Apple devices set no apns-push-type (firebase.google.com/docs/cloud-messaging/ios/send-image,
        // the HTTP v1 reference's). What FCM sends for other messages is not documented: nothing is added for them.
        if let notification, [FCMKey.title, FCMKey.body].contains(where: { $0.member(in: notificationFields) != nil }),
           FCMKey.liveActivityToken.member(in: apnsFields) == nil, !hasHeader(HeaderName.pushType) {
            request.systemHeader(
                HeaderName.pushType, "alert", at: notification.keyRange,
                note: "apns-push-type alert is FCM's: a notification message (\"notification\" with a title or body) is one FCM displays, and it sends it as an alert",
                help: "set it in the message: \"apns\": {\"headers\": {\"apns-push-type\": \"…\"}}")
        }
        if !hasHeader(HeaderName.priority) {
            request.systemHeader(
                HeaderName.priority, defaultPriority, at: defaultsRange,
                note: "apns-priority \(defaultPriority) is FCM's default: \(defaultsOwner) sets no apns-priority header, and FCM then sends \(defaultPriority)",
                help: "set it in the message: \"apns\": {\"headers\": {\"apns-priority\": \"5\"}}")
        }
        // A Live Activity message (`apns.live_activity_token`): FCM's guide sends none and it works, so FCM sets the
        // push type itself (firebase.google.com/docs/cloud-messaging/ios/live-activity).
        if let token = FCMKey.liveActivityToken.member(in: apnsFields), !hasHeader(HeaderName.pushType) {
            request.systemHeader(
                HeaderName.pushType, "liveactivity", at: token.keyRange,
                note: "apns-push-type liveactivity is FCM's: a message with apns.live_activity_token goes to the Live Activity, and FCM's Live Activity guide sets no push type",
                help: "set it in the message: \"apns\": {\"headers\": {\"apns-push-type\": \"liveactivity\"}}")
        }
        if let now, !hasHeader(HeaderName.expiration) {
            let (expiration, overflow) = now.addingReportingOverflow(defaultLifetime)
            if !overflow {
                request.systemHeader(
                    HeaderName.expiration, String(expiration), at: defaultsRange,
                    note: "apns-expiration is FCM's default, 30 days after sending: \(defaultsOwner) sets no apns-expiration header",
                    help: "set it in the message: \"apns\": {\"headers\": {\"apns-expiration\": \"<UNIX seconds>\"}}")
            }
        }

        // The payload: apns.payload as written (its aps where it is written), the notification's title and body in
        // its alert, the image, data.
        let payloadMembers = payload?.value.members ?? []
        let writtenAPS = payloadMembers.lastIndex { $0.key == "aps" }
        for (index, member) in payloadMembers.enumerated() where index != writtenAPS { request.writtenCustom(member) }
        if let writtenAPS {
            request.writtenAPS(payloadMembers[writtenAPS], at: writtenAPS)
        } else {
            // FCM makes an aps only to hold what it adds.
            request.placeAPS(key: notification?.keyRange ?? request.added, value: notification?.value.range ?? request.added, isSentEmpty: false)
        }
        let shown = [FCMKey.title, FCMKey.body].compactMap { $0.member(in: notificationFields) }
        if let notification, !shown.isEmpty {
            if request.aps.members.contains(where: { $0.key == "alert" }) {
                // A string alert set in apns.payload wins over the notification's title and body.
                request.aps.updateLast("alert") { alert in
                    guard var fields = alert.value.members else { return }
                    for member in shown where !fields.contains(where: { $0.key == member.key }) { fields.append(member) }
                    alert.value = DocumentNode(.object(fields), range: alert.value.range)
                }
            } else {
                request.aps.append(Member(key: "alert", keyRange: notification.keyRange, value: DocumentNode(.object(shown), range: notification.value.range)))
            }
        }
        let image = FCMKey.image.member(in: FCMKey.fcmOptions.value(in: apnsFields)?.members ?? []) ?? FCMKey.image.member(in: notificationFields)
        if let image, !payloadMembers.contains(where: { $0.key == "fcm_options" }) {
            // FCM writes the payload's key in its proto spelling, whichever the message used.
            request.writtenCustom(Member(key: "fcm_options", keyRange: image.keyRange, value: DocumentNode(.object([image]), range: image.value.range)))
        }
        if let data = FCMKey.data.value(in: fields)?.members {
            for member in data where request.custom[member.key] == nil && !(member.key == "aps" && writtenAPS != nil) {
                request.writtenCustom(member)
            }
        }
        // FCM refuses an apns.payload without aps (fcm-apns-payload-without-aps): nothing reaches APNs. A data-only
        // message gives Apple no aps of its own to show, so nothing is checked against APNs's payload rules either
        // (fcm-data-only-high-priority checks its priority).
        let refusedPayload = payload?.value.members != nil && writtenAPS == nil
        let sendsAPNs = !refusedPayload && request.sendsAPS
        let built = request.request(payload: request.payload(range: payload?.value.range ?? message.range), range: document.range)
        // Keys FCM writes where the user wrote others (the alert at `notification`, the image's `fcm_options`, the
        // default headers at `apns`): no fix may rewrite those.
        let builtKeys = [notification?.keyRange, image?.keyRange].compactMap { $0 } + request.dialectRanges
        return DialectTranslation(
            request: built, fcmMessage: message, fcmRequest: wrapper == nil ? nil : document, dialectKeyRanges: builtKeys,
            systemDefaults: request.defaults, sendsAPNs: sendsAPNs)
    }
}
