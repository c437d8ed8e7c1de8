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
/// is checked as advice.
enum FCMDialect {
    /// The send request's keys, and a `Message`'s (the HTTP v1 reference).
    static let requestKeys = ["validate_only", "message"]
    static let messageKeys = ["name", "data", "notification", "android", "webpush", "apns", "fcm_options", "token", "topic", "condition"]
    /// The legacy HTTP API's body (firebase.google.com/docs/cloud-messaging/http-server-ref, archived).
    static let legacyKeys = ["to", "registration_ids", "condition", "notification", "data", "priority", "content_available",
                             "mutable_content", "time_to_live", "collapse_key", "dry_run", "restricted_package_name"]
    /// Legacy keys no v1 message has: one of them makes a legacy body.
    static let legacyMarks: Set<String> = ["to", "registration_ids", "content_available", "mutable_content", "time_to_live"]
    /// Top-level keys only FCM uses among the systems apns-lint reads.
    static let distinctiveKeys: Set<String> = Set(["validate_only", "token", "condition", "notification", "android", "webpush", "apns", "fcm_options"])
        .union(legacyMarks)
    static let ownKeys = Set(requestKeys + messageKeys + legacyKeys)
    /// The keys of `message` no Skygear message has (Skygear's holds title, body, subtitle, priority, ttl).
    static let messageOnlyKeys: Set<String> = ["token", "topic", "condition", "notification", "android", "webpush", "apns", "fcm_options", "data", "name"]

    /// FCM's defaults for an Apple device (ApnsConfig.headers).
    static let defaultPriority = "10"
    static let defaultLifetime = 30 * 24 * 60 * 60

    /// `{"message": {…}}` whose message holds a key only FCM's has.
    static func recognizes(_ members: [Member]) -> Bool {
        guard let message = members.last(where: { $0.key == "message" })?.value.members else { return false }
        return message.contains { messageOnlyKeys.contains($0.key) }
    }

    /// Whether a document found in a directory is an FCM request: recognised by its shape, or holding keys no other
    /// JSON file is likely to (`apns`, `webpush`, `registration_ids`, …), or a legacy body's target beside its
    /// notification or data.
    static func marksDefinition(_ members: [Member]) -> Bool {
        if recognizes(members) { return true }
        let keys = Set(members.map(\.key))
        if !keys.isDisjoint(with: ["validate_only", "webpush", "fcm_options", "registration_ids", "content_available", "mutable_content", "time_to_live"]) {
            return true
        }
        if let apns = members.last(where: { $0.key == "apns" }), apns.value.members != nil { return true }
        let hasTarget = members.contains { ["to", "token", "topic", "condition"].contains($0.key) && $0.value.string != nil }
        return hasTarget && members.contains { ["notification", "data", "android"].contains($0.key) && $0.value.members != nil }
    }

    static func translate(_ document: DocumentNode, now: Int?) -> DialectTranslation {
        guard let members = document.members else { return DialectTranslation(request: document) }
        let wrapper = members.last { $0.key == "message" && $0.value.members != nil }
        if wrapper == nil, members.contains(where: { legacyMarks.contains($0.key) }) {
            return translateLegacy(document, members: members, now: now)
        }
        let message = wrapper?.value ?? document
        let fields = message.members ?? []
        let build = RequestBuilder(for: document)
        func last(_ key: String, in members: [Member]) -> Member? { members.last { $0.key == key } }

        let apns = last("apns", in: fields)
        let apnsFields = apns?.value.members ?? []
        let notification = last("notification", in: fields)
        let notificationFields = notification?.value.members ?? []
        let payload = last("payload", in: apnsFields)

        // Headers: as written, then FCM's defaults, pointing at what FCM fills in.
        var headers = last("headers", in: apnsFields)?.value.members ?? []
        let defaultsRange = apns?.keyRange ?? wrapper?.keyRange ?? build.added
        let defaultsOwner = apns != nil ? "apns" : "message"
        var defaults: [SystemDefault] = []
        func hasHeader(_ name: String) -> Bool { headers.contains { $0.key.lowercased() == name } }
        if !hasHeader(HeaderName.priority) {
            headers.append(Member(key: HeaderName.priority, keyRange: defaultsRange, value: DocumentNode(.string(defaultPriority), range: defaultsRange)))
            defaults.append(SystemDefault(
                range: defaultsRange, pointer: JSONPointer([EnvelopeKey.headers, HeaderName.priority]),
                note: "apns-priority \(defaultPriority) is FCM's default: \(defaultsOwner) sets no apns-priority header, and FCM then sends \(defaultPriority)",
                help: "set it in the message: \"apns\": {\"headers\": {\"apns-priority\": \"5\"}}"))
        }
        // A Live Activity message (`apns.live_activity_token`): FCM's guide sends none and it works, so FCM sets the
        // push type itself (firebase.google.com/docs/cloud-messaging/ios/live-activity).
        if let token = last("live_activity_token", in: apnsFields) ?? last("liveActivityToken", in: apnsFields), !hasHeader(HeaderName.pushType) {
            headers.append(Member(key: HeaderName.pushType, keyRange: token.keyRange, value: DocumentNode(.string("liveactivity"), range: token.keyRange)))
            defaults.append(SystemDefault(
                range: token.keyRange, pointer: JSONPointer([EnvelopeKey.headers, HeaderName.pushType]),
                note: "apns-push-type liveactivity is FCM's: a message with apns.live_activity_token goes to the Live Activity, and FCM's Live Activity guide sets no push type",
                help: "set it in the message: \"apns\": {\"headers\": {\"apns-push-type\": \"liveactivity\"}}"))
        }
        if let now, !hasHeader(HeaderName.expiration) {
            let (expiration, overflow) = now.addingReportingOverflow(defaultLifetime)
            if !overflow {
                headers.append(Member(key: HeaderName.expiration, keyRange: defaultsRange,
                                      value: DocumentNode(.string(String(expiration)), range: defaultsRange)))
                defaults.append(SystemDefault(
                    range: defaultsRange, pointer: JSONPointer([EnvelopeKey.headers, HeaderName.expiration]),
                    note: "apns-expiration is FCM's default, 30 days after sending: \(defaultsOwner) sets no apns-expiration header",
                    help: "set it in the message: \"apns\": {\"headers\": {\"apns-expiration\": \"<UNIX seconds>\"}}"))
            }
        }

        // The payload: apns.payload as written, the notification's title and body in its alert, the image, data.
        var payloadMembers = payload?.value.members ?? []
        let writtenAPS = payloadMembers.lastIndex { $0.key == "aps" }
        var aps = writtenAPS.flatMap { payloadMembers[$0].value.members } ?? []
        let shown = notificationFields.filter { ($0.key == "title" || $0.key == "body") }
        if let notification, !shown.isEmpty {
            if let index = aps.lastIndex(where: { $0.key == "alert" }) {
                if var alert = aps[index].value.members {
                    for member in shown where !alert.contains(where: { $0.key == member.key }) { alert.append(member) }
                    aps[index].value = DocumentNode(.object(alert), range: aps[index].value.range)
                }
                // A string alert set in apns.payload wins over the notification's title and body.
            } else {
                aps.append(Member(key: "alert", keyRange: notification.keyRange, value: DocumentNode(.object(shown), range: notification.value.range)))
            }
        }
        let image = last("image", in: last("fcm_options", in: apnsFields)?.value.members ?? []) ?? last("image", in: notificationFields)
        if let image, !payloadMembers.contains(where: { $0.key == "fcm_options" }) {
            payloadMembers.append(Member(key: "fcm_options", keyRange: image.keyRange,
                                         value: DocumentNode(.object([image]), range: image.value.range)))
        }
        if let data = last("data", in: fields)?.value.members {
            for member in data where !payloadMembers.contains(where: { $0.key == member.key }) { payloadMembers.append(member) }
        }
        // FCM refuses an apns.payload without aps (fcm-apns-payload-without-aps): nothing reaches APNs.
        var sendsAPNs = true
        if payload?.value.members != nil, writtenAPS == nil {
            sendsAPNs = false
        }
        if let writtenAPS {
            if aps.count != payloadMembers[writtenAPS].value.members?.count {
                payloadMembers[writtenAPS].value = DocumentNode(.object(aps), range: payloadMembers[writtenAPS].value.range)
            }
        } else if !aps.isEmpty {
            payloadMembers.insert(Member(key: "aps", keyRange: notification?.keyRange ?? build.added,
                                         value: DocumentNode(.object(aps), range: notification?.value.range ?? build.added)), at: 0)
        }
        let payloadNode = DocumentNode(.object(payloadMembers), range: payload?.value.range ?? message.range)
        let request = build.envelope(headers: headers, deviceToken: nil, payload: payloadNode, range: document.range)
        if aps.isEmpty, writtenAPS == nil, sendsAPNs {
            // A data-only message: FCM gives Apple no aps of its own to show, so nothing is checked against APNs's
            // payload rules (fcm-data-only-high-priority checks its priority).
            sendsAPNs = false
        }
        // Keys FCM writes where the user wrote others (the alert at `notification`, the image's `fcm_options`, the
        // default headers at `apns`): no fix may rewrite those.
        let builtKeys = [notification?.keyRange, image?.keyRange].compactMap { $0 } + defaults.map(\.range)
        return DialectTranslation(
            request: request, fcmMessage: message, fcmRequest: wrapper == nil ? nil : document, dialectKeyRanges: builtKeys,
            systemDefaults: defaults, sendsAPNs: sendsAPNs)
    }

    // MARK: - The legacy HTTP API

    /// A legacy body: what it would have sent (its notification's keys in `aps`, `content_available` and
    /// `mutable_content` as 1, `priority` high or normal as 10 or 5, `time_to_live` as an expiration,
    /// `collapse_key` as apns-collapse-id), all as advice, and the note that nothing is sent.
    static func translateLegacy(_ document: DocumentNode, members: [Member], now: Int?) -> DialectTranslation {
        let build = RequestBuilder(for: document)
        func last(_ key: String) -> Member? { members.last { $0.key == key } }
        var headers: [Member] = []
        var aps: [Member] = []
        var alert: [Member] = []
        let notificationKeys: [String: (key: String, inAlert: Bool)] = [
            "title": ("title", true), "body": ("body", true), "subtitle": ("subtitle", true),
            "body_loc_key": ("loc-key", true), "body_loc_args": ("loc-args", true),
            "title_loc_key": ("title-loc-key", true), "title_loc_args": ("title-loc-args", true),
            "sound": ("sound", false), "badge": ("badge", false), "click_action": ("category", false),
        ]
        for member in last("notification")?.value.members ?? [] {
            guard let (key, inAlert) = notificationKeys[member.key] else { continue }
            let renamed = Member(key: key, keyRange: member.keyRange, value: member.value)
            if inAlert { alert.append(renamed) } else { aps.append(renamed) }
        }
        if !alert.isEmpty, let notification = last("notification") {
            aps.insert(Member(key: "alert", keyRange: notification.keyRange, value: DocumentNode(.object(alert), range: notification.value.range)), at: 0)
        }
        for (legacy, key) in [("content_available", "content-available"), ("mutable_content", "mutable-content")] {
            if let flag = last(legacy), flag.value.bool == true {
                aps.append(Member(key: key, keyRange: flag.keyRange, value: DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: flag.value.range)))
            }
        }
        if let priority = last("priority") {
            let value = priority.value.string.flatMap { ["high": "10", "normal": "5"][$0] }
            headers.append(Member(key: HeaderName.priority, keyRange: priority.keyRange,
                                  value: value.map { DocumentNode(.string($0), range: priority.value.range) } ?? priority.value))
        }
        if let now, let ttl = last("time_to_live"), let seconds = ttl.value.number?.intValue {
            let (expiration, overflow) = now.addingReportingOverflow(seconds)
            if !overflow {
                headers.append(Member(key: HeaderName.expiration, keyRange: ttl.keyRange, value: DocumentNode(.string(String(expiration)), range: ttl.value.range)))
            }
        }
        if let collapse = last("collapse_key") {
            headers.append(Member(key: HeaderName.collapseID, keyRange: collapse.keyRange, value: collapse.value))
        }
        var payload: [Member] = aps.isEmpty ? [] : [build.member("aps", build.object(aps))]
        payload += last("data")?.value.members ?? []
        let request = build.envelope(headers: headers, deviceToken: nil, payload: build.object(payload, range: document.range), range: document.range)
        let mark = members.first { legacyMarks.contains($0.key) }!
        let note = DialectNote(
            kind: .retiredAPI,
            message: "this is a body of FCM's legacy HTTP API (\"\(mark.key)\"), which Google shut down in July 2024: the request is refused and nothing is sent",
            help: "send it through the HTTP v1 API (POST https://fcm.googleapis.com/v1/projects/PROJECT_ID/messages:send) as "
                + String(decoding: WireSerializer.serialize(v1Equivalent(of: members, build: build)), as: UTF8.self),
            range: mark.keyRange, pointer: JSONPointer([mark.key]))
        return DialectTranslation(
            request: request, notes: [note], dialectKeyRanges: members.flatMap { [$0.keyRange, $0.value.range] },
            capabilities: .decidesPushType,
            findingsAreAdvice: "FCM's legacy HTTP API sends nothing: this is what the body would have sent, for the move to HTTP v1",
            sendsAPNs: aps.isEmpty == false)
    }

    /// The HTTP v1 request a legacy body becomes (firebase.google.com/docs/cloud-messaging/migrate-v1): `to` a token
    /// or `/topics/x` becomes `token` or `topic`; `notification`'s title and body stay; `data` stays;
    /// `content_available` and `priority` go to `apns` (`aps.content-available`, `apns-priority`).
    static func v1Equivalent(of members: [Member], build: RequestBuilder) -> DocumentNode {
        func last(_ key: String) -> Member? { members.last { $0.key == key } }
        func string(_ text: String) -> DocumentNode { DocumentNode(.string(text), range: build.added) }
        var message: [Member] = []
        if let to = last("to")?.value.string {
            message.append(to.hasPrefix("/topics/") ? build.member("topic", string(String(to.dropFirst("/topics/".count))))
                : build.member("token", string(to)))
        } else if last("registration_ids") != nil {
            message.append(build.member("token", string("ONE_TOKEN_PER_REQUEST")))
        } else if let condition = last("condition") {
            message.append(build.member("condition", condition.value))
        }
        if let notification = last("notification")?.value.members {
            let shown = notification.filter { ["title", "body", "image"].contains($0.key) }
            if !shown.isEmpty { message.append(build.member("notification", build.object(shown))) }
        }
        if let data = last("data") { message.append(build.member("data", data.value)) }
        var apnsHeaders: [Member] = []
        if let priority = last("priority")?.value.string, let value = ["high": "10", "normal": "5"][priority] {
            apnsHeaders.append(build.member(HeaderName.priority, string(value)))
        }
        var aps: [Member] = []
        if last("content_available")?.value.bool == true { aps.append(build.member("content-available", build.integer(1))) }
        if last("mutable_content")?.value.bool == true { aps.append(build.member("mutable-content", build.integer(1))) }
        var apns: [Member] = []
        if !apnsHeaders.isEmpty { apns.append(build.member("headers", build.object(apnsHeaders))) }
        if !aps.isEmpty { apns.append(build.member("payload", build.object([build.member("aps", build.object(aps))]))) }
        if !apns.isEmpty { message.append(build.member("apns", build.object(apns))) }
        return build.object([build.member("message", build.object(message))])
    }
}
