import APNSLintModel
import APNSLintSyntax

/// A body of FCM's legacy HTTP API (`POST https://fcm.googleapis.com/fcm/send`), read as the APNs request the legacy
/// API sent to an Apple device, as its server reference documented each field (firebase.google.com/docs/cloud-messaging/
/// http-server-ref, archived; the migration guide, firebase.google.com/docs/cloud-messaging/migrate-v1, gives each
/// field's HTTP v1 place):
///
///     {"to": "…", "priority": "high", "content_available": true, "notification": {"title": "Hi", "badge": 3}, "data": {"k": "v"}}
///     → headers {"apns-priority": "10"}, payload {"aps": {"alert": {"title": "Hi"}, "badge": 3, "content-available": 1}, "k": "v"}
///
/// - `notification`: `title`, `body`, `subtitle`, `body_loc_key`, `body_loc_args`, `title_loc_key`, `title_loc_args` →
///   `aps.alert`'s `title`, `body`, `subtitle`, `loc-key`, `loc-args`, `title-loc-key`, `title-loc-args`; `sound`,
///   `badge` → `aps.sound`, `aps.badge`; `click_action` → `aps.category` ("corresponds to category in the APNs
///   payload"). Its Android and web keys (`icon`, `tag`, `color`, `android_channel_id`, `image`) are not Apple's.
/// - `content_available`, `mutable_content`: a JSON boolean; `true` → `content-available: 1`, `mutable-content: 1`.
///   Another type was refused ("Invalid JSON": "making sure the right data type is passed in"; FCM answered 400 to
///   `"content_available": 1`, firebase/quickstart-ios #86): reported, and read as the flag its author meant.
/// - `priority` `high` or `normal` → `apns-priority` 10 or 5; `time_to_live` → `apns-expiration` (the send time plus its
///   seconds); `collapse_key` → `apns-collapse-id`.
/// - `data` → custom keys at the top level of the APNs payload.
/// - A key the legacy API does not have was not sent (`content-available` at the top level: the alert arrived without
///   it, firebase/firebase-ios-sdk #8852): reported. An `apns` block is HTTP v1's: the legacy API did not read it,
///   but a move to v1 keeps it and v1 reads it (its headers win, its `payload.aps` keys join `aps`, its other payload
///   keys sit beside `aps`), so it is read as v1 reads it, and the faults in it that a migration carries over are
///   reported.
///
/// Nothing of it is sent today (`fcm-legacy-api`): every other finding is advice for the move to HTTP v1.
extension FCMDialect {
    /// The legacy `notification`'s keys an Apple device gets → the APNs key, and whether it is in `aps.alert`.
    static let legacyNotificationKeys: [String: (key: String, inAlert: Bool)] = [
        "title": ("title", true), "body": ("body", true), "subtitle": ("subtitle", true),
        "body_loc_key": ("loc-key", true), "body_loc_args": ("loc-args", true),
        "title_loc_key": ("title-loc-key", true), "title_loc_args": ("title-loc-args", true),
        "sound": ("sound", false), "badge": ("badge", false), "click_action": ("category", false),
    ]
    /// The legacy `notification`'s Android and web keys: read, and not sent to an Apple device.
    static let legacyNotificationOtherKeys: Set<String> = ["android_channel_id", "icon", "tag", "color", "image"]
    /// The legacy body's keys that are not sent to Apple but are the legacy API's (`delay_while_idle`: ignored since
    /// 2016, still accepted).
    static let legacyAcceptedKeys = Set(legacyKeys + ["delay_while_idle", "direct_boot_ok"])
    /// HTTP v1 fields written in a legacy body, and the legacy field that says it.
    static let legacyNamesOfV1Fields = [
        "ttl": "\"time_to_live\" (seconds, a number)", "token": "\"to\"", "topic": "\"to\": \"/topics/<name>\"",
    ]
    /// The legacy flags and the `aps` keys they set.
    static let legacyFlags = [("content_available", "content-available"), ("mutable_content", "mutable-content")]

    static func translateLegacy(_ document: DocumentNode, members: [Member], now: Int?) -> DialectTranslation {
        var request = RequestBuilder(for: document)
        // The legacy API made an aps only to hold what it set.
        request.placeAPS(key: request.added, value: request.added, isSentEmpty: false)
        func last(_ key: String) -> Member? { members.last { $0.key == key } }
        var notes: [DialectNote] = []

        // notification → aps (its alert first).
        var alert: [Member] = []
        var apsKeys: [Member] = []
        let notification = last("notification")
        for member in notification?.value.members ?? [] {
            if let (key, inAlert) = legacyNotificationKeys[member.key] {
                let renamed = Member(key: key, keyRange: member.keyRange, value: member.value)
                if inAlert { alert.append(renamed) } else { apsKeys.append(renamed) }
            } else if !legacyNotificationOtherKeys.contains(member.key) {
                notes.append(legacyDropped(member, pointer: ["notification", member.key], in: "the legacy notification",
                                           known: Array(legacyNotificationKeys.keys) + Array(legacyNotificationOtherKeys)))
            }
        }
        if let notification, !alert.isEmpty {
            request.aps.set(Member(key: "alert", keyRange: notification.keyRange, value: DocumentNode(.object(alert), range: notification.value.range)))
        }
        apsKeys.forEach { request.aps.set($0) }

        // The flags: a JSON boolean, true → 1.
        for (legacy, key) in legacyFlags {
            guard let flag = last(legacy) else { continue }
            let meant: Bool
            if let value = flag.value.bool {
                meant = value
            } else {
                meant = flag.value.number?.intValue == 1 || ["true", "1"].contains(flag.value.string?.lowercased() ?? "")
                notes.append(DialectNote(
                    kind: .droppedKey,
                    message: "\"\(legacy)\" is \(flag.value.shortDescription), but the legacy API took only a JSON boolean and refused another type (400 \"Invalid JSON\": FCM answered so to \"\(legacy)\": 1, firebase/quickstart-ios #86), so nothing was sent",
                    help: "in HTTP v1 write \"apns\": {\"payload\": {\"aps\": {\"\(key)\": 1}}} (the legacy API's spelling was \"\(legacy)\": true)",
                    range: flag.value.range, pointer: JSONPointer([legacy])))
            }
            if meant { request.aps.set(Member(key: key, keyRange: flag.keyRange, value: request.integer(1, at: flag.value.range))) }
        }

        // The headers.
        if let priority = last("priority") {
            let value = priority.value.string.flatMap { ["high": "10", "normal": "5"][$0] }
            request.headers.set(Member(key: HeaderName.priority, keyRange: priority.keyRange,
                               value: value.map { DocumentNode(.string($0), range: priority.value.range) } ?? priority.value))
        }
        if let now, let ttl = last("time_to_live"), let seconds = ttl.value.number?.intValue {
            let (expiration, overflow) = now.addingReportingOverflow(seconds)
            if !overflow {
                request.headers.set(Member(key: HeaderName.expiration, keyRange: ttl.keyRange, value: DocumentNode(.string(String(expiration)), range: ttl.value.range)))
            }
        }
        if let collapse = last("collapse_key") {
            request.headers.set(Member(key: HeaderName.collapseID, keyRange: collapse.keyRange, value: collapse.value))
        }

        // Keys the legacy API does not have; an HTTP v1 apns block, read as v1 reads it.
        for member in members where !legacyAcceptedKeys.contains(member.key) {
            guard member.key == FCMKey.apns.name, let apns = member.value.members else {
                notes.append(legacyDropped(member, pointer: [member.key], in: "FCM's legacy HTTP API", known: legacyKeys))
                continue
            }
            notes.append(DialectNote(
                kind: .droppedKey,
                message: "\"apns\" is a field of FCM's HTTP v1 API, not of the legacy API, which did not read it; moved to HTTP v1 it is read, so what it holds is checked here as v1 reads it",
                help: "move the body to HTTP v1 (fcm-legacy-api's help gives it) and keep this block as message.apns",
                range: member.keyRange, pointer: JSONPointer([member.key])))
            for header in FCMKey.headers.value(in: apns)?.members ?? [] {
                for written in request.headers.members where written.key.lowercased() == header.key.lowercased() { request.headers.remove(written.key) }
                request.headers.set(header)
            }
            for part in FCMKey.payload.value(in: apns)?.members ?? [] {
                guard part.key == "aps" else {
                    request.custom.set(part)
                    continue
                }
                guard let written = part.value.members else {
                    request.writtenAPS(part, at: 0)
                    continue
                }
                for key in written {
                    // A v1 alert object keeps the notification's title and body it does not set; a string alert wins.
                    if key.key == "alert", let object = key.value.members, let legacyAlert = request.aps["alert"]?.value.members {
                        let merged = object + legacyAlert.filter { old in !object.contains { $0.key == old.key } }
                        request.aps.set(Member(key: key.key, keyRange: key.keyRange, value: DocumentNode(.object(merged), range: key.value.range)))
                    } else {
                        request.aps.set(key)
                    }
                }
            }
        }
        for member in last("data")?.value.members ?? [] where request.custom[member.key] == nil && member.key != "aps" {
            request.custom.set(member)
        }
        let mark = members.first { legacyMarks.contains($0.key) }!
        let retired = DialectNote(
            kind: .retiredAPI,
            message: "this is a body of FCM's legacy HTTP API (\"\(mark.key)\"), which Google shut down in July 2024: the request is refused and nothing is sent",
            help: "send it through the HTTP v1 API (POST https://fcm.googleapis.com/v1/projects/PROJECT_ID/messages:send) as "
                + String(decoding: WireSerializer.serialize(v1Equivalent(of: members, build: request)), as: UTF8.self),
            range: mark.keyRange, pointer: JSONPointer([mark.key]))
        return DialectTranslation(
            // No fix rewrites a legacy body: what it would have sent is advice for the move, written in HTTP v1.
            request: request.request(range: document.range), notes: [retired] + notes, dialectKeyRanges: members.flatMap { [$0.keyRange, $0.value.range] },
            capabilities: .decidesPushType,
            findingsAreAdvice: "FCM's legacy HTTP API sends nothing: this is what the body would have sent, for the move to HTTP v1",
            sendsAPNs: request.sendsAPS)
    }

    /// A key the legacy API does not have, so it did not send it: with the flag it meant when it names an `aps` key.
    private static func legacyDropped(_ member: Member, pointer: [String], in place: String, known: [String]) -> DialectNote {
        let apsKey = Suggestion.kebabCase(member.key)
        let flag = legacyFlags.first { $0.1 == apsKey }?.0
        let help: String
        if let flag {
            help = "write \"\(flag)\": true (in HTTP v1: \"apns\": {\"payload\": {\"aps\": {\"\(apsKey)\": 1}}})"
        } else if member.key == "aps" || APSKey(name: apsKey) != nil {
            help = "APNs keys go in the notification (title, body, sound, badge, click_action); in HTTP v1 in \"apns\": {\"payload\": {\"aps\": {…}}}"
        } else if let legacy = legacyNamesOfV1Fields[member.key] {
            help = "the legacy API's field is \(legacy)"
        } else {
            help = (Suggestion.closest(to: member.key, in: known).map { "did you mean \"\($0)\"? " } ?? "") + "remove it, or write it as one of the legacy API's fields"
        }
        return DialectNote(
            kind: .droppedKey,
            message: "\"\(member.key)\" is not a field of \(place), so it was not sent" + (flag != nil ? ": the device got no \(apsKey)" : ""),
            help: help, range: member.keyRange, pointer: JSONPointer(pointer))
    }

    /// The HTTP v1 request a legacy body becomes (firebase.google.com/docs/cloud-messaging/migrate-v1): `to` a token
    /// or `/topics/x` becomes `token` or `topic`; `notification`'s title and body stay; `data` stays;
    /// `content_available`, `mutable_content`, `priority` and the notification's other Apple keys go to `apns`
    /// (`aps.content-available`, `apns-priority`, `aps.sound`, …); an `apns` block written in the body moves as it is.
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
        // The notification's keys that v1's notification has not (subtitle, the localization keys, sound, badge,
        // click_action) go in apns.payload.aps, as the legacy API put them.
        var alert: [Member] = []
        var aps: [Member] = []
        for member in last("notification")?.value.members ?? [] {
            guard let (key, inAlert) = legacyNotificationKeys[member.key], key != "title", key != "body" else { continue }
            if inAlert { alert.append(build.member(key, member.value)) } else { aps.append(build.member(key, member.value)) }
        }
        if !alert.isEmpty { aps.insert(build.member("alert", build.object(alert)), at: 0) }
        if last("content_available")?.value.bool == true { aps.append(build.member("content-available", build.integer(1))) }
        if last("mutable_content")?.value.bool == true { aps.append(build.member("mutable-content", build.integer(1))) }
        // An apns block written in the legacy body is v1's already: it moves as it is, over what the legacy keys give.
        let written = last(FCMKey.apns.name)?.value.members ?? []
        for header in FCMKey.headers.value(in: written)?.members ?? [] {
            apnsHeaders.removeAll { $0.key.lowercased() == header.key.lowercased() }
            apnsHeaders.append(header)
        }
        var payload: [Member] = []
        for part in FCMKey.payload.value(in: written)?.members ?? [] {
            guard part.key == "aps", let keys = part.value.members else {
                payload.append(part)
                continue
            }
            for key in keys {
                aps.removeAll { $0.key == key.key }
                aps.append(key)
            }
        }
        if !aps.isEmpty { payload.insert(build.member("aps", build.object(aps)), at: 0) }
        var apns: [Member] = []
        if !apnsHeaders.isEmpty { apns.append(build.member("headers", build.object(apnsHeaders))) }
        if !payload.isEmpty { apns.append(build.member("payload", build.object(payload))) }
        apns += written.filter { !FCMKey.headers.isSpelled(by: $0.key) && !FCMKey.payload.isSpelled(by: $0.key) }
        if !apns.isEmpty { message.append(build.member("apns", build.object(apns))) }
        return build.object([build.member("message", build.object(message))])
    }
}
