import APNSLintModel
import APNSLintSyntax

/// Skygear's unified push payload (`message`, `custom`, `platform`, `data`, `dry_run`), turned into the APNs
/// request and the FCM v1 message it sends:
///
///     {"message": {"title": "Hello Rick", "body": "Ditto", "ttl": 99999},
///      "custom": {"android_icon": "icon-1", "ios_badge": 1}}
///     → APNs: headers {"apns-priority": 5}, payload {"aps": {"alert": {"title": "Hello Rick", "body": "Ditto"}, "badge": 1}}
///     → FCM:  {"notification": {"title": "Hello Rick", "body": "Ditto"},
///              "android": {"priority": "normal", "ttl": "99999s", "notification": {"icon": "icon-1"}}}
///
/// - `message`: `title`, `body`, `subtitle` make the APNs alert (FCM's `notification` has no subtitle);
///   `priority` (`normal`, Skygear's default, or `high`) is `apns-priority` 5 or 10 and FCM's
///   `android.priority`; `ttl` (seconds) is FCM's `android.ttl` (`"99999s"`). APNs wants an absolute date in
///   `apns-expiration`, which the server computes when it sends (now + ttl): with a known "now" (`check` uses the
///   clock, or `--now`) the request has `apns-expiration` = now + ttl; without one (the library's default,
///   `render`) it has none, as a made-up date would be wrong.
/// - `custom`: the seed's `ios_*` keys go to their places in `aps`, the `android_*` keys into
///   `android.notification`; other keys are dropped ("did you mean").
/// - `platform`: `ios: false` sends nothing to APNs, `android: false` no FCM message (both default to true).
/// - `data`: custom keys beside `aps`, and FCM's `data`.
/// - `dry_run: true`: Skygear checks the message and delivers nothing.
enum SkygearDialect {
    static let distinctiveKeys: Set<String> = ["message", "custom", "platform", "data", "dry_run"]

    static let topLevelKeys = ["message", "custom", "platform", "data", "dry_run"]
    static let messageKeys = ["title", "body", "subtitle", "priority", "ttl"]
    static let platformKeys = ["ios", "android"]
    /// `message.priority` → `apns-priority`.
    static let apnsPriorities = ["normal": 5, "high": 10]
    /// Skygear's default priority.
    static let defaultPriority = "normal"

    /// Where an `ios_*` key goes in `aps`.
    enum APSPlace {
        /// A key of `aps`.
        case aps(String)
        /// A key of `aps` that takes 1 (Skygear's boolean `true` becomes 1; `false` leaves the key out).
        case flag(String)
        /// A key of the alert dictionary.
        case alert(String)

        var path: String {
            switch self {
            case .aps(let key), .flag(let key): "aps.\(key)"
            case .alert(let key): "aps.alert.\(key)"
            }
        }
    }

    /// The seed's `ios_*` keys.
    static let iosKeys: [(key: String, place: APSPlace)] = [
        ("ios_badge", .aps("badge")),
        ("ios_sound", .aps("sound")),
        ("ios_content_available", .flag("content-available")),
        ("ios_mutable_content", .flag("mutable-content")),
        ("ios_launch_image", .alert("launch-image")),
        ("ios_category", .aps("category")),
        ("ios_title_loc_key", .alert("title-loc-key")),
        ("ios_title_loc_args", .alert("title-loc-args")),
        ("ios_action_loc_key", .alert("action-loc-key")),
        ("ios_loc_key", .alert("loc-key")),
        ("ios_loc_args", .alert("loc-args")),
    ]

    /// The seed's `android_*` keys → the `android.notification` field each fills (nil: FCM has none for it).
    static let androidKeys: [(key: String, field: String?)] = [
        ("android_channel_id", "channel_id"),
        ("android_click_action", "click_action"),
        ("android_body_loc_key_action", "body_loc_key"),
        ("android_body_loc_key_args", "body_loc_args"),
        ("android_led_color", nil),
        ("android_icon", "icon"),
        ("android_sound", "sound"),
        ("android_title_loc_key", "title_loc_key"),
        ("android_title_loc_args", "title_loc_args"),
    ]

    static var customKeys: [String] { iosKeys.map(\.key) + androidKeys.map(\.key) }

    /// - Parameter now: the send time, when known: `apns-expiration` is then now + `message.ttl`.
    static func translate(_ document: DocumentNode, now: Int? = nil) -> DialectTranslation {
        guard let members = document.members else { return DialectTranslation(request: document) }
        var reader = Reader(document: document, members: members)
        let ios = reader.isEnabled("ios"), android = reader.isEnabled("android")
        var apns = APNSRequest(build: reader.build, range: document.range)
        var fcm = FCMBuilder(build: reader.build)

        for member in reader.messageMembers {
            switch member.key {
            case "title", "body":
                apns.setAlert(member, from: reader.member("message"))
                fcm.notification.set(member)
            case "subtitle":
                apns.setAlert(member, from: reader.member("message"))
                if !ios { reader.notSent(member, at: ["message", member.key], because: "Android has no subtitle (FCM's notification has none) and platform.ios is false") }
            case "priority":
                apns.priority(member)
                fcm.priority = member
            case "ttl":
                fcm.setTTL(member)
                // A sum past Int's range is no date: no header then (fcm-ttl-invalid reports the ttl).
                if let now, let seconds = member.value.number?.intValue,
                   case let (expiration, overflow) = now.addingReportingOverflow(seconds), !overflow {
                    apns.expirationHeader = Member(key: HeaderName.expiration, keyRange: member.keyRange,
                                                   value: reader.build.integer(expiration, at: member.value.range))
                    reader.dialectKeys += [member.keyRange, member.value.range]
                }
            default:
                break
            }
        }
        for member in reader.customMembers {
            if let (_, place) = iosKeys.first(where: { $0.key == member.key }) {
                reader.dialectKeys.append(member.keyRange)
                if ios {
                    apns.set(member, at: place)
                } else {
                    reader.notSent(member, at: ["custom", member.key], because: "platform.ios is false, so nothing is sent to APNs")
                }
            } else if let (_, field) = androidKeys.first(where: { $0.key == member.key }) {
                reader.dialectKeys.append(member.keyRange)
                if !android {
                    reader.notSent(member, at: ["custom", member.key], because: "platform.android is false, so no FCM message is sent")
                } else if let field {
                    fcm.androidNotification.set(Member(key: field, keyRange: member.keyRange, value: member.value))
                } else {
                    reader.notes.append(dropped(
                        member, at: ["custom", member.key],
                        because: "\"\(member.key)\" has no field in an FCM v1 message, so nothing of it is sent: android.notification.color is the icon's colour (#rrggbb), and the LED colour (android.notification.light_settings.color) is an object of red, green, blue and alpha that also needs light_on_duration and light_off_duration",
                        help: "remove it; set the LED colour in the app's notification channel"))
                }
            } else {
                reader.notes.append(dropped(
                    member, at: ["custom", member.key], because: "\"\(member.key)\" is not one of Skygear's custom keys, so nothing of it is sent",
                    help: suggestion(for: member.key, in: customKeys) + "the custom keys are the seed's ios_* and android_* keys (ios_badge, android_channel_id, …); custom data goes in \"data\""))
            }
        }
        for member in reader.dataMembers {
            fcm.data.append(member)
            if member.key == "aps" {
                reader.notes.append(DialectNote(
                    kind: .reservedDataKey,
                    message: "a data key named \"aps\" collides with the aps dictionary built from message and custom: APNs reserves \"aps\", and whichever of the two the server keeps, the other is lost; apns-lint checks the built one",
                    help: "rename the data key", range: member.keyRange, pointer: JSONPointer(["data", "aps"])))
            } else {
                apns.request.writtenCustom(member)
            }
        }
        if !ios && !android, let platform = reader.member("platform") {
            reader.notSent(platform, at: ["platform"], because: "platform.ios and platform.android are both false: the notification is sent nowhere")
        }
        if let dryRun = reader.member("dry_run"), dryRun.value.bool == true {
            reader.notSent(dryRun, at: ["dry_run"], because: "dry_run: true makes Skygear check the notification and deliver nothing (FCM's validate_only); apns-lint checks what would be sent")
        }
        return DialectTranslation(
            request: apns.built(range: document.range),
            fcmMessage: android ? fcm.message(range: document.range) : nil,
            notes: reader.notes, dialectKeyRanges: reader.dialectKeys + apns.request.dialectRanges,
            // Skygear's format has no field for apns-push-type: the server decides it, not the definition.
            capabilities: .decidesPushType,
            sendsAPNs: ios)
    }

    /// Reads the top level of a definition and says what it drops.
    struct Reader {
        let document: DocumentNode
        let members: [Member]
        let build: RequestBuilder
        var notes: [DialectNote] = []
        var dialectKeys: [SourceRange] = []
        var messageMembers: [Member] = []
        var customMembers: [Member] = []
        var dataMembers: [Member] = []

        init(document: DocumentNode, members: [Member]) {
            self.document = document
            self.members = members
            build = RequestBuilder(for: document)
            for member in members where !topLevelKeys.contains(member.key) {
                notes.append(dropped(member, at: [member.key], because: "\"\(member.key)\" is not a key of Skygear's push payload, so nothing of it is sent",
                                     help: suggestion(for: member.key, in: topLevelKeys) + "the keys are \(topLevelKeys.joined(separator: ", ")); custom data goes in \"data\""))
            }
            messageMembers = object("message", holding: "the shared title, body, subtitle, priority and ttl")
            for member in messageMembers where !messageKeys.contains(member.key) {
                notes.append(dropped(member, at: ["message", member.key], because: "\"\(member.key)\" is not a key of Skygear's message, so nothing of it is sent",
                                     help: suggestion(for: member.key, in: messageKeys) + "the message keys are \(messageKeys.joined(separator: ", ")); platform-specific keys go in \"custom\""))
            }
            customMembers = object("custom", holding: "the ios_* and android_* keys")
            dataMembers = object("data", holding: "custom data")
            for member in object("platform", holding: "ios and android, true or false") where !platformKeys.contains(member.key) {
                notes.append(dropped(member, at: ["platform", member.key], because: "\"\(member.key)\" is not a platform Skygear sends to",
                                     help: "the platforms are ios and android"))
            }
            if let dryRun = member("dry_run"), dryRun.value.bool == nil {
                notes.append(dropped(dryRun, at: ["dry_run"], because: "dry_run is \(dryRun.value.kind.phrase) (\(dryRun.value.shortDescription)), not true or false; apns-lint reads it as false",
                                     help: "write true to check without sending, or remove it"))
            }
        }

        /// The member that counts (the last, as JSON and YAML parsers keep it).
        func member(_ key: String) -> Member? {
            members.last { $0.key == key }
        }

        /// The members of the object `key`; a note when it is not an object.
        private mutating func object(_ key: String, holding content: String) -> [Member] {
            guard let member = member(key) else { return [] }
            if let fields = member.value.members { return fields }
            notes.append(dropped(member, at: [key], because: "\(key) must be an object of \(content), not \(member.value.kind.phrase) (\(member.value.shortDescription)), so nothing of it is sent"))
            return []
        }

        /// Whether `platform.<name>` sends: only `false` turns a platform off (the seed's default is true).
        mutating func isEnabled(_ name: String) -> Bool {
            guard let platform = member("platform"), let flag = platform.value.members?.last(where: { $0.key == name }) else { return true }
            if let enabled = flag.value.bool { return enabled }
            notes.append(dropped(flag, at: ["platform", name], because: "platform.\(name) is \(flag.value.kind.phrase) (\(flag.value.shortDescription)), not true or false; apns-lint reads it as the default, true",
                                 help: "write false to send nothing to this platform, or remove it"))
            return true
        }

        /// Info: what the user wrote reaches no device.
        mutating func notSent(_ member: Member, at path: [String], because reason: String) {
            let what = path == ["platform"] || path == ["dry_run"] ? reason : "\"\(member.key)\" is sent nowhere: \(reason)"
            notes.append(DialectNote(
                kind: .notSent, message: what,
                help: path == ["dry_run"] ? "remove dry_run (or set it to false) to deliver the notification"
                    : path == ["platform"] ? "set the platform that should receive it to true, or remove the definition"
                    : "remove it, or turn the platform on",
                range: member.keyRange, pointer: JSONPointer(path)))
        }
    }

    /// The APNs request: the alert from `message`, the `ios_*` keys in `aps`, `data` beside it, the priority
    /// header, built with the one request builder.
    struct APNSRequest {
        var request: RequestBuilder
        var priorityHeader: Member?
        /// now + ttl, when the send time is known.
        var expirationHeader: Member?

        init(build: RequestBuilder, range: SourceRange) {
            request = build
            request.placeAPS(key: build.added, value: range)
        }

        mutating func set(_ member: Member, at place: APSPlace) {
            switch place {
            case .aps(let key):
                request.aps(key, from: member)
            case .flag(let key):
                // A value rules would fix is Skygear's, not APNs's: no fix may rewrite it as APNs spells it.
                switch member.value.value {
                case .bool(true): request.aps(key, from: member, value: request.integer(1, at: member.value.range))
                case .bool(false), .null:
                    request.aps.remove(key)
                    request.keepsSpelling([member.value.range])
                default: request.aps(key, from: member, value: member.value)
                }
            case .alert(let key):
                request.alert(key, from: member)
            }
        }

        /// A `message` key of the alert (`title`, `body`, `subtitle`): the alert comes from `message`, unless an
        /// `ios_*` alert key came first.
        mutating func setAlert(_ member: Member, from message: Member?) {
            if !request.hasAlert, let message {
                request.placeAlert(key: message.keyRange, value: message.value.range)
                request.keepsSpelling([message.keyRange])
            }
            request.alert(member.key, from: member)
        }

        /// `high` → 10, `normal` → 5; any other value is passed on as written, for the header rules to report.
        mutating func priority(_ member: Member) {
            let value = member.value.string.flatMap { apnsPriorities[$0.lowercased()] }.map { request.integer($0, at: member.value.range) } ?? member.value
            priorityHeader = Member(key: HeaderName.priority, keyRange: member.keyRange, value: value)
            request.keepsSpelling([member.keyRange, member.value.range])
        }

        /// The request, its headers in Skygear's order; Skygear's default priority, normal (5), when none is given.
        func built(range: SourceRange) -> DocumentNode {
            var built = request
            if let priorityHeader { built.writtenHeader(priorityHeader) } else {
                built.addedHeader(HeaderName.priority, built.integer(apnsPriorities[SkygearDialect.defaultPriority]!))
            }
            if let expirationHeader { built.writtenHeader(expirationHeader) }
            return built.request(range: range)
        }
    }

    /// The FCM v1 message: `notification` from `message`, `android` (priority, ttl, the `android_*` keys),
    /// `data`.
    struct FCMBuilder {
        let build: RequestBuilder
        var notification = OrderedMembers()
        var priority: Member?
        var ttl: Member?
        var androidNotification = OrderedMembers()
        var data: [Member] = []

        init(build: RequestBuilder) {
            self.build = build
        }

        /// `ttl: 99999` → `"ttl": "99999s"`; a value that is not a number is passed on as written, for
        /// `fcm-ttl-invalid` to report.
        mutating func setTTL(_ member: Member) {
            let value = member.value.number.map { DocumentNode(.string(FCMDuration.text(seconds: $0)), range: member.value.range) } ?? member.value
            ttl = Member(key: "ttl", keyRange: member.keyRange, value: value)
        }

        func message(range: SourceRange) -> DocumentNode {
            var members: [Member] = []
            if !notification.isEmpty { members.append(build.member("notification", build.object(notification.members, range: range))) }
            // Skygear's default priority, normal, is not FCM's for a notification (high): it is sent.
            var config = [priority ?? build.member("priority", DocumentNode(.string(defaultPriority), range: build.added))]
            if let ttl { config.append(ttl) }
            if !androidNotification.isEmpty { config.append(build.member("notification", build.object(androidNotification.members, range: range))) }
            members.append(build.member("android", build.object(config, range: range)))
            if !data.isEmpty { members.append(build.member("data", build.object(data, range: range))) }
            return build.object(members, range: range)
        }
    }

    static func dropped(_ member: Member, at path: [String], because message: String, help: String? = nil) -> DialectNote {
        DialectNote(kind: .droppedKey, message: message, help: help ?? "remove it, or write what Skygear sends",
                    range: member.keyRange, pointer: JSONPointer(path))
    }

    /// "did you mean \"ios_badge\"? " among snake_case keys (`ios_bagde`, `iosBadge` and `ios-badge` all find
    /// `ios_badge`), or nothing.
    static func suggestion(for word: String, in candidates: [String]) -> String {
        let folded = candidates.map(Suggestion.kebabCase)
        let found = Suggestion.closest(to: word, in: folded).flatMap { found in candidates.first { Suggestion.kebabCase($0) == found } }
        return found.map { "did you mean \"\($0)\"? " } ?? ""
    }
}
