import APNSLintModel
import APNSLintSyntax

/// A gorush push request (`POST /api/push`: `{"notifications": [{"platform": 1, "tokens": […], …}]}`), turned into the
/// APNs request gorush sends for each iOS entry, as gorush v1.22.0's code builds it (commit db13af3;
/// `notify/notification_apns.go`, `buildIOSPayload` and `GetIOSNotification`) with sideshow/apns2 v0.25.0
/// (`payload/builder.go`, `client.go`), which sends it:
///
///     {"notifications": [{"platform": 1, "tokens": ["…"], "title": "Hi", "message": "there", "priority": "normal"}]}
///     → headers {"apns-priority": "5", "apns-push-type": "alert"},
///       payload {"aps": {"alert": {"title": "Hi", "body": "there"}}}
///
/// - The body is decoded by gin with `encoding/json` (`router/server.go` `pushHandler`): unknown keys are ignored, and a
///   value of the wrong type fails the whole request with HTTP 400 "Missing notifications field." (gorush's own
///   `TestMutableContent`: `"mutable_content": 1`). An empty list is "Notifications field is empty."; more entries than
///   `max_notification` (default 100) is "Number of notifications(…) over limit(…)".
/// - `platform` 1 is iOS, 2 Android (FCM), 3 Huawei; any other entry is dropped silently. An iOS entry without
///   `tokens` sends nothing: its checks (`CheckMessage`) run only for Android, Huawei and the CLI.
/// - `message` alone is `aps.alert` as a string; with `title` it is `alert.body`. `alert.*` override them, and turn a
///   string alert into a dictionary, so `message` without `title` is lost beside `alert.*`.
/// - `priority` "normal" → `apns-priority` 5, "high" → 10; any other value sends no header (APNs then uses 10).
///   `push_type` is sent as written; without it apns2 sends `apns-push-type: alert`, even for a background push.
/// - `expiration` > 0 → `apns-expiration`; `topic`, `apns_id`, `collapse_id` → their headers when not empty.
/// - `badge` ≥ 0, `category`, `thread-id`, `url-args`, `interruption_level`, `content_available` and
///   `mutable_content` (as 1), `sound` (a string, or `{critical, name, volume}`), and the Live Activity fields go in
///   `aps`; `data`'s keys go beside `aps`.
/// - `apns` is FCM's `ApnsConfig`: gorush reads it for Android entries only, never for iOS.
enum GorushDialect {
    /// An entry's fields and their Go types (`notify/notification.go` `PushNotification`).
    static let fields: [(key: String, type: ServiceValueType)] = [
        ("notif_id", .string), ("to", .string), ("topic", .string), ("tokens", .stringArray), ("platform", .integer),
        ("message", .string), ("title", .string), ("image", .string), ("priority", .string), ("content_available", .bool),
        ("mutable_content", .bool), ("sound", .any), ("data", .object), ("retry", .integer), ("notification", .object),
        ("android", .object), ("webpush", .object), ("apns", .object), ("fcm_options", .object), ("condition", .string),
        ("expiration", .integer), ("apns_id", .string), ("collapse_id", .string), ("push_type", .string), ("badge", .integer),
        ("category", .string), ("thread-id", .string), ("url-args", .stringArray), ("alert", .object), ("production", .bool),
        ("development", .bool), ("name", .string), ("volume", .number), ("interruption_level", .string),
        ("content-state", .object), ("stale-date", .integer), ("dismissal-date", .integer), ("event", .string),
        ("timestamp", .integer), ("attributes-type", .string), ("attributes", .object), ("relevance-score", .number),
        // Huawei's and FCM's own options, read for those platforms only.
        ("huawei_data", .string), ("priority_android", .string), ("time_to_live", .integer), ("collapse_key", .string),
        ("restricted_package_name", .string), ("dry_run", .bool), ("bi_tag", .string), ("app_id", .string),
    ]
    static let fieldTypes = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.type) })
    static let fieldNames = fields.map(\.key)
    /// The `Alert` struct's fields, all strings but these.
    static let alertFields: [String: ServiceValueType] = [
        "action": .string, "action-loc-key": .string, "body": .string, "launch-image": .string, "loc-args": .stringArray,
        "loc-key": .string, "title": .string, "subtitle": .string, "title-loc-args": .stringArray, "title-loc-key": .string,
        "summary-arg": .string, "summary-arg-count": .integer,
    ]
    /// Fields gorush sends to FCM or Huawei only: harmless in an entry for every platform.
    static let otherPlatformFields: Set<String> = ["to", "image", "notification", "android", "webpush", "fcm_options", "condition",
                                                   "huawei_data", "priority_android", "time_to_live", "collapse_key",
                                                   "restricted_package_name", "dry_run", "bi_tag", "app_id", "apns"]
    static let distinctiveKeys: Set<String> = ["notifications"]
    static let iOS = 1
    static let platforms = [1: "iOS", 2: "Android (FCM)", 3: "Huawei"]
    /// gorush's default `max_notification`.
    static let entryLimit = 100
    static let priorities = ["normal": "5", "high": "10"]
    static let contentAvailableMisspellings = ["contentavailable": "\"content_available\": true"]

    /// Whether a document found in a directory is a gorush request: `notifications` holding an entry with a
    /// `platform` or `tokens`.
    static func marksDefinition(_ members: [Member]) -> Bool {
        guard let entries = members.last(where: { $0.key == "notifications" })?.value.elements else { return false }
        return entries.contains { $0.members?.contains { $0.key == "platform" || $0.key == "tokens" } ?? false }
    }

    static func translate(_ document: DocumentNode) -> DialectTranslation {
        var batch = ServiceBatch()
        func refuse(_ message: String, help: String, at range: SourceRange, pointer: JSONPointer) {
            batch.notes.append(DialectNote(kind: .gorushRequestInvalid, message: message, help: help, range: range, pointer: pointer))
        }
        let members = document.members ?? []
        guard let list = members.last(where: { $0.key == "notifications" }), let entries = list.value.elements else {
            let what = members.last { $0.key == "notifications" }
            refuse(what == nil ? "a gorush request holds its pushes in \"notifications\", and this one has none: gorush answers 400 \"Missing notifications field.\""
                       : "\"notifications\" is \(what!.value.kind.phrase), but gorush takes an array of pushes: it answers 400 \"Missing notifications field.\"",
                   help: "write {\"notifications\": [{\"platform\": 1, \"tokens\": [\"…\"], \"message\": \"…\"}]}",
                   at: what?.value.range ?? SourceRange(start: document.range.start, end: document.range.start + 1), pointer: JSONPointer(what == nil ? [] : ["notifications"]))
            return batch.translation(of: document)
        }
        for member in members where member.key != "notifications" {
            batch.notes.append(DialectNote(kind: .droppedKey, message: "\"\(member.key)\" is not part of a gorush request, which holds only \"notifications\", so gorush ignores it",
                                     help: "move it into a notification, or remove it", range: member.keyRange, pointer: JSONPointer([member.key])))
        }
        if entries.isEmpty {
            refuse("\"notifications\" is empty: gorush answers 400 \"Notifications field is empty.\" and sends nothing",
                   help: "add a notification: {\"platform\": 1, \"tokens\": [\"…\"], \"message\": \"…\"}", at: list.value.range, pointer: JSONPointer(["notifications"]))
        } else if entries.count > entryLimit {
            refuse("the request holds \(entries.count) notifications: gorush's default limit (max_notification) is \(entryLimit), over which it answers 400 \"Number of notifications(\(entries.count)) over limit(\(entryLimit))\"",
                   help: "send at most \(entryLimit) per request, or raise core.max_notification in gorush's configuration",
                   at: entries[entryLimit].range, pointer: JSONPointer(["notifications", String(entryLimit)]))
        }
        for (index, entry) in entries.enumerated() {
            let path = ["notifications", String(index)]
            guard let fields = entry.members else {
                refuse("a notification is \(entry.kind.phrase), but gorush takes an object: it answers 400 \"Missing notifications field.\" and sends nothing",
                       help: "write it as {\"platform\": 1, \"tokens\": [\"…\"], …}", at: entry.range, pointer: JSONPointer(path))
                continue
            }
            var request = RequestBuilder(for: document, message: entry, path: path)
            // A value gorush cannot decode fails the whole request.
            for member in fields {
                if let type = fieldTypes[member.key], !member.value.isNull, !type.admits(member.value) {
                    request.note(.gorushRequestInvalid,
                                 "\"\(member.key)\" is \(member.value.kind.phrase), but gorush decodes it as \(type.phrase): it answers 400 \"Missing notifications field.\" and sends none of the request's notifications",
                                 help: "write \(type.phrase) for \"\(member.key)\"", at: member.value.range, pointer: request.pointer(member.key))
                }
            }
            let platform = fields.last { $0.key == "platform" }
            guard let number = platform?.value.number?.intValue, number == iOS else {
                if let number = platform?.value.number?.intValue, let name = platforms[number] {
                    request.note(.otherPlatform, "this notification is for \(name) (platform \(number)): gorush sends it through \(number == 2 ? "FCM" : "Huawei Push Kit"), not APNs, and apns-lint does not check it",
                                 help: "lint the request to Apple devices as a platform 1 notification", at: platform!.value.range, pointer: request.pointer("platform"))
                } else if platform == nil || platform?.value.number != nil {
                    request.note(.gorushRequestInvalid,
                                 platform == nil ? "this notification has no \"platform\": gorush keeps only platforms 1 (iOS), 2 (Android) and 3 (Huawei), and drops it without an error"
                                     : "platform \(platform!.value.number!.text) is not one gorush sends to (1 iOS, 2 Android, 3 Huawei): it drops the notification without an error",
                                 help: "add \"platform\": 1 for Apple devices", at: platform?.value.range ?? request.owner, pointer: request.pointer("platform"))
                }
                batch.add(request, range: entry.range, sends: false)
                continue
            }
            translate(fields, into: &request)
            batch.add(request, range: entry.range)
        }
        return batch.translation(of: document)
    }

    /// One iOS entry, in the order `buildIOSPayload` sets its parts.
    private static func translate(_ fields: [Member], into request: inout RequestBuilder) {
        func last(_ key: String) -> Member? { fields.last { $0.key == key } }
        func valid(_ key: String) -> Member? {
            guard let member = last(key), !member.value.isNull, fieldTypes[key]?.admits(member.value) ?? true else { return nil }
            return member
        }
        for member in fields where fieldTypes[member.key] == nil {
            request.dropped(member, system: "gorush", known: fieldNames, meant: contentAvailableMisspellings)
        }
        if let apns = valid("apns") {
            request.note(.droppedKey, "\"apns\" is FCM's APNs configuration: gorush reads it for Android (platform 2) notifications only, so none of it reaches this iOS push",
                         help: "write its parts as gorush's own fields: \"sound\", \"badge\", \"alert\", \"data\", …", at: apns.keyRange, pointer: request.pointer("apns"))
        }
        if let tokens = last("tokens")?.value.elements, tokens.isEmpty || tokens.contains(where: { $0.string == "" }) {
            request.note(.gorushRequestInvalid, tokens.isEmpty ? "\"tokens\" is empty: gorush sends this iOS notification to no device (and answers 200)"
                            : "a token is empty: gorush sends it to APNs as /3/device/, which APNs refuses (BadDeviceToken)",
                         help: "list the devices' tokens", at: last("tokens")!.value.range, pointer: request.pointer("tokens"))
        } else if valid("tokens") == nil {
            request.note(.gorushRequestInvalid, "this iOS notification has no \"tokens\": gorush sends it to no device, and answers 200 without an error",
                         help: "add \"tokens\": [\"<device token>\"]", at: request.owner, pointer: request.pointer("tokens"))
        }
        // Headers.
        if let topic = valid("topic"), topic.value.string != "" {
            request.header(HeaderName.topic, from: topic)
        } else {
            // gorush sends `topic` as it is (`GetIOSNotification`: `Topic: req.Topic`, notify/notification_apns.go at
            // v1.22.0) and has no iOS topic of its own to fill in (config.go's `SectionIos`); sideshow/apns2 then leaves
            // out the header. APNs takes a certificate's topic when the header is missing (Apple, "Sending notification
            // requests to APNs": the certificate's Subject is the default topic), and gorush's README configures a
            // certificate (`key_path: "key.pem"`): every iOS example of its README has no topic, and works. Only a token
            // (.p8) key makes it MissingTopic (gorush #341), and the file does not say which the server has: advice.
            request.note(.missingKey, "this iOS notification has no \"topic\", so gorush sends no apns-topic: APNs then uses the topic of the server's certificate when it is for one app, as gorush's README examples rely on; with a token (.p8) key APNs refuses it (MissingTopic)",
                         help: "add \"topic\": \"<the app's bundle identifier>\" if the gorush server signs with a .p8 key", at: request.owner, pointer: request.pointer("topic"), severity: .info)
        }
        if let id = valid("apns_id"), id.value.string != "" { request.header(HeaderName.id, from: id) }
        if let collapse = valid("collapse_id"), collapse.value.string != "" { request.header(HeaderName.collapseID, from: collapse) }
        if let priority = valid("priority"), let text = priority.value.string, !text.isEmpty {
            if let value = priorities[text] {
                request.header(HeaderName.priority, from: priority, value: RequestBuilder.string(value, at: priority.value.range))
            } else {
                request.note(.rewrittenValue, "gorush sends no apns-priority for \"\(text)\" (only \"normal\" and \"high\" are read), so APNs uses 10",
                             help: "write \"normal\" (apns-priority 5) or \"high\" (10)", at: priority.value.range, pointer: request.pointer("priority"))
            }
        }
        if let expiration = valid("expiration"), let value = expiration.value.number?.intValue {
            if value > 0 {
                request.header(HeaderName.expiration, from: expiration, value: RequestBuilder.string(String(value), at: expiration.value.range))
            } else {
                request.note(.rewrittenValue, "gorush sends no apns-expiration for \(value) (only a time after 1970), so APNs keeps the push as long as it keeps any",
                             help: "for \"deliver now or never\" gorush has no value; give a UNIX time in seconds", at: expiration.value.range,
                             pointer: request.pointer("expiration"))
            }
        }
        if let pushType = valid("push_type"), pushType.value.string != "" {
            request.header(HeaderName.pushType, from: pushType)
        } else {
            request.systemHeader(HeaderName.pushType, "alert",
                                 note: "apns-push-type alert is what gorush (apns2) sends when the notification has no \"push_type\", whatever it holds",
                                 help: "add \"push_type\" (\"background\" for a content-available push)")
        }
        // Payload, in buildIOSPayload's order.
        let title = valid("title").flatMap { $0.value.string == "" ? nil : $0 }
        let message = valid("message").flatMap { $0.value.string == "" ? nil : $0 }
        if let message, title == nil { request.alertText(from: message) }
        if let badge = valid("badge"), let value = badge.value.number?.intValue {
            if value >= 0 { request.aps("badge", from: badge) } else {
                request.note(.droppedKey, "gorush sends no badge for a negative number", help: "write 0 to clear the badge",
                             at: badge.value.range, pointer: request.pointer("badge"))
            }
        }
        if let flag = valid("mutable_content") { request.apsFlag("mutable-content", from: flag) }
        sound(fields, into: &request)
        if let flag = valid("content_available") { request.apsFlag("content-available", from: flag) }
        if let args = valid("url-args"), args.value.elements?.isEmpty == false { request.aps("url-args", from: args) }
        if let thread = valid("thread-id"), thread.value.string != "" { request.aps("thread-id", from: thread) }
        for member in valid("data")?.value.members ?? [] { request.custom(member.key, from: member) }
        if let level = valid("interruption_level"), level.value.string != "" { request.aps("interruption-level", from: level) }
        if let category = valid("category"), category.value.string != "" { request.aps("category", from: category) }
        // The alert dictionary: title and message, then alert.* over them.
        let alertFields = valid("alert")?.value.members ?? []
        if let alert = valid("alert"), !alertFields.isEmpty { request.alertIsWritten(at: alert) }
        if title != nil || !alertFields.isEmpty {
            if let title { request.alert("title", from: title) }
            if let message, title != nil { request.alert("body", from: message) }
            for member in alertFields {
                guard let type = Self.alertFields[member.key] else {
                    request.dropped(member, system: "gorush's alert", known: Array(Self.alertFields.keys).sorted())
                    continue
                }
                guard type.admits(member.value) else {
                    request.note(.gorushRequestInvalid,
                                 "alert \"\(member.key)\" is \(member.value.kind.phrase), but gorush decodes it as \(type.phrase): it answers 400 \"Missing notifications field.\"",
                                 help: "write \(type.phrase)", at: member.value.range, pointer: request.pointer("alert", member.key))
                    continue
                }
                if member.value.string == "" || member.value.elements?.isEmpty == true || member.value.number?.intValue == 0 { continue }
                request.alert(member.key, from: member)
            }
            if let message, title == nil, !alertFields.isEmpty, !alertFields.contains(where: { $0.key == "body" }) {
                request.note(.droppedKey, "gorush drops \"message\" here: without \"title\" it is a string alert, which the \"alert\" fields replace with a dictionary",
                             help: "move the text to \"alert\": {\"body\": …}, or add \"title\"", at: message.keyRange, pointer: request.pointer("message"))
            }
        }
        // Live Activity fields, whatever the push type.
        for key in ["content-state", "attributes"] {
            if let member = valid(key), member.value.members?.isEmpty == false { request.aps(key, from: member) }
        }
        for key in ["stale-date", "dismissal-date", "timestamp"] {
            if let member = valid(key), (member.value.number?.intValue ?? 0) > 0 { request.aps(key, from: member) }
        }
        for key in ["event", "attributes-type"] {
            if let member = valid(key), member.value.string != "" { request.aps(key, from: member) }
        }
        if let score = valid("relevance-score") { request.aps("relevance-score", from: score) }
        if let data = valid("data"), let aps = data.value.members?.last(where: { $0.key == "aps" }) {
            request.note(.rewrittenValue, "\"aps\" in data replaces the whole aps gorush builds (alert, badge, sound, content-available); with a title, alert, category or Live Activity field beside it, gorush panics",
                         help: "write the aps keys as gorush's own fields, and keep data for the app's keys", at: aps.keyRange, pointer: request.pointer("data", "aps"),
                         severity: .error)
        }
    }


    /// `sound` (a string as written, even empty; an object as `{critical, name, volume}`), then the top-level `name`
    /// and `volume`, which make apns2 replace a sound it did not build with `{critical: 1, name: "default", volume: 1}`.
    private static func sound(_ fields: [Member], into request: inout RequestBuilder) {
        let sound = fields.last { $0.key == "sound" }
        if let sound {
            if sound.value.string != nil {
                request.aps("sound", from: sound)
            } else if let parts = sound.value.members {
                let kept = parts.filter { part in
                    switch part.key.lowercased() {
                    case "critical", "volume": (part.value.number?.doubleValue ?? 0) != 0
                    case "name": part.value.string.map { !$0.isEmpty } ?? false
                    default: false
                    }
                }
                request.aps("sound", from: sound, value: kept.count == parts.count ? nil : DocumentNode(.object(kept), range: sound.value.range))
            } else if !sound.value.isNull {
                request.note(.droppedKey, "gorush sends no sound for \(sound.value.kind.phrase): it takes a string or {critical, name, volume}",
                             help: "write \"sound\": \"default\"", at: sound.value.range, pointer: request.pointer("sound"))
            }
        }
        let name = fields.last { $0.key == "name" && $0.value.string.map { !$0.isEmpty } == true }
        let volume = fields.last { $0.key == "volume" && ($0.value.number?.doubleValue ?? 0) > 0 }
        if let setter = name ?? volume {
            func integer(_ text: String, at range: SourceRange) -> DocumentNode {
                DocumentNode(.number(NumberLiteral(text: text, isInteger: !text.contains("."))), range: range)
            }
            let critical = Member(key: "critical", keyRange: setter.keyRange, value: integer("1", at: setter.keyRange))
            let soundName = name.map { Member(key: "name", keyRange: $0.keyRange, value: $0.value) }
                ?? Member(key: "name", keyRange: setter.keyRange, value: DocumentNode(.string("default"), range: setter.keyRange))
            let soundVolume = volume.map { Member(key: "volume", keyRange: $0.keyRange, value: $0.value) }
                ?? Member(key: "volume", keyRange: setter.keyRange, value: integer("1", at: setter.keyRange))
            request.aps("sound", from: setter, value: DocumentNode(.object([critical, soundName, soundVolume]), range: setter.value.range))
            request.note(.rewrittenValue, "top-level \"\(setter.key)\" makes gorush (apns2) send a critical sound, {\"critical\": 1, \"name\": \"default\", \"volume\": 1} with \"\(setter.key)\" set, replacing \"sound\"; a critical alert needs Apple's entitlement",
                         help: "write the sound as \"sound\": {\"name\": …, \"volume\": …} and leave out top-level \"name\" and \"volume\"",
                         at: setter.keyRange, pointer: request.pointer(setter.key))
        }
    }
}
