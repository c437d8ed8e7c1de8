import APNSLintSyntax

/// node-apn's `Notification`, written as an object of its fields (the object `new apn.Notification({...})`
/// takes), turned into the request node-apn sends:
///
/// - the convenience setters write into `aps` (`body` → `aps.alert`, or `aps.alert.body` once the alert is an
///   object; `locArgs` → `aps.alert.loc-args`; `contentAvailable: true` → `aps.content-available: 1`; …);
///   a value a setter does not take (a badge that is not a number) is dropped, as node-apn drops it;
/// - `aps` sets aps keys directly; `payload` holds the custom keys (its own `aps` is replaced);
/// - `rawPayload` is sent as it stands, and then the setters, `aps` and `payload` have no effect;
/// - `topic`, `id`, `expiry`, `priority`, `collapseId`, `pushType` become the apns-* headers.
///
/// The output's key order is node-apn's: custom keys first, then `aps` with its keys in the order first set.
enum NodeAPNDialect {
    /// Setter → (where it writes, what it takes).
    enum Target {
        /// `aps.alert` itself (`alert`).
        case alert
        /// `aps.alert` if it is not an object, else `aps.alert.body` (`body`).
        case body
        /// A key of the alert object (the alert becomes `{"body": alert}` first if it was a string).
        case alertKey(String)
        /// A key of `aps`, if the value is of the kind the setter takes.
        case apsKey(String, Accepts)
        /// A key of the payload beside `aps` (`mdm`).
        case payloadKey(String)
    }

    enum Accepts {
        case anything, number, string, stringOrObject, array, flag

        var phrase: String {
            switch self {
            case .anything: "anything"
            case .number: "a number"
            case .string: "a string"
            case .stringOrObject: "a string or a sound dictionary"
            case .array: "an array"
            case .flag: "true or 1"
            }
        }
    }

    /// The seed's table of convenience setters. (`launchImage` writes `aps.alert.launch-image`, as node-apn's
    /// code does and Apple defines the key; the seed's table says `aps.launch-image`.)
    static let setters: [(name: String, target: Target)] = [
        ("alert", .alert),
        ("body", .body),
        ("locKey", .alertKey("loc-key")),
        ("locArgs", .alertKey("loc-args")),
        ("title", .alertKey("title")),
        ("titleLocKey", .alertKey("title-loc-key")),
        ("titleLocArgs", .alertKey("title-loc-args")),
        ("action", .alertKey("action")),
        ("actionLocKey", .alertKey("action-loc-key")),
        ("launchImage", .alertKey("launch-image")),
        ("badge", .apsKey("badge", .number)),
        ("sound", .apsKey("sound", .stringOrObject)),
        ("contentAvailable", .apsKey("content-available", .flag)),
        ("mutableContent", .apsKey("mutable-content", .flag)),
        ("urlArgs", .apsKey("url-args", .array)),
        ("category", .apsKey("category", .string)),
        ("threadId", .apsKey("thread-id", .anything)),
        ("mdm", .payloadKey("mdm")),
    ]

    /// Request properties → headers.
    static let requestProperties: [(name: String, header: String)] = [
        ("topic", HeaderName.topic), ("id", HeaderName.id), ("expiry", HeaderName.expiration),
        ("priority", HeaderName.priority), ("collapseId", HeaderName.collapseID), ("pushType", HeaderName.pushType),
    ]

    static let payloadKeys = ["aps", "payload", "rawPayload"]

    static var knownKeys: [String] { setters.map(\.name) + requestProperties.map(\.name) + payloadKeys }

    static let distinctiveKeys: Set<String> = [
        "locKey", "locArgs", "titleLocKey", "titleLocArgs", "actionLocKey", "launchImage", "contentAvailable",
        "mutableContent", "urlArgs", "threadId", "rawPayload", "topic", "expiry", "collapseId", "pushType",
    ]

    static func translate(_ document: DocumentNode) -> DialectTranslation {
        guard let members = document.members else { return DialectTranslation(request: document) }
        let build = RequestBuilder(for: document)
        var notes: [DialectNote] = []
        var dialectKeys: [SourceRange] = []
        var aps = OrderedMembers()
        var custom: [Member] = []
        var extra: [Member] = []
        var headers: [Member] = []
        var alertOrigin: SourceRange?

        for member in members {
            if let (_, header) = requestProperties.first(where: { $0.name == member.key }) {
                headers.append(Member(key: header, keyRange: member.keyRange, value: member.value))
                dialectKeys.append(member.keyRange)
                continue
            }
            switch member.key {
            case "aps":
                guard let direct = member.value.members else {
                    notes.append(dropped(member, because: "aps must be an object of aps keys; node-apn merges it into the payload's aps"))
                    continue
                }
                for field in direct { aps.set(field) }
                continue
            case "payload":
                guard let fields = member.value.members else {
                    notes.append(dropped(member, because: "payload must be an object of custom keys, which node-apn sends beside aps"))
                    continue
                }
                for field in fields {
                    if field.key == "aps" {
                        notes.append(dropped(field, pointer: JSONPointer(["payload", "aps"]),
                                             because: "node-apn replaces the payload's own aps with the notification's; set aps keys with the setters or \"aps\" instead"))
                    } else {
                        custom.append(field)
                    }
                }
                continue
            case "rawPayload":
                continue
            default:
                break
            }
            guard let (_, target) = setters.first(where: { $0.name == member.key }) else {
                let suggestion = Suggestion.closest(to: member.key, in: knownKeys).map { "did you mean \"\($0)\"? " } ?? ""
                notes.append(dropped(member, because: "\"\(member.key)\" is not a Notification property node-apn sends",
                                     help: suggestion + "custom keys go in \"payload\""))
                continue
            }
            switch target {
            case .alert:
                aps.set(Member(key: "alert", keyRange: member.keyRange, value: member.value))
                alertOrigin = member.range
            case .body:
                if let alert = aps["alert"], alert.value.members != nil {
                    aps.set(withAlertField("body", member, in: alert))
                    dialectKeys.append(member.keyRange)
                } else {
                    aps.set(Member(key: "alert", keyRange: member.keyRange, value: member.value))
                    alertOrigin = member.range
                    dialectKeys.append(member.keyRange)
                }
            case .alertKey(let key):
                let alert = preparedAlert(aps["alert"], origin: alertOrigin ?? member.range, build: build)
                aps.set(withAlertField(key, member, in: alert))
                if alertOrigin == nil { alertOrigin = member.range }
                dialectKeys.append(member.keyRange)
            case .apsKey(let key, let accepts):
                if key != member.key { dialectKeys.append(member.keyRange) }
                switch (accepts, member.value.value) {
                case (.flag, .bool(true)):
                    aps.set(Member(key: key, keyRange: member.keyRange, value: build.integer(1).at(member.value.range)))
                case (.flag, .number(let number)) where number.text == "1":
                    aps.set(Member(key: key, keyRange: member.keyRange, value: member.value))
                case (.flag, .bool(false)), (.flag, .null):
                    aps.remove(key)
                case (.flag, .number(let number)) where number.text == "0":
                    aps.remove(key)
                case (.anything, _), (.number, .number), (.string, .string), (.stringOrObject, .string), (.stringOrObject, .object), (.array, .array):
                    aps.set(Member(key: key, keyRange: member.keyRange, value: member.value))
                default:
                    notes.append(dropped(member, because: "node-apn's \(member.key) setter takes \(accepts.phrase), not \(member.value.kind.phrase) (\(member.value.shortDescription)), and ignores this value, so no \(key) is sent"))
                }
            case .payloadKey(let key):
                extra.append(Member(key: key, keyRange: member.keyRange, value: member.value))
            }
        }

        var payload: DocumentNode
        if let raw = members.last(where: { $0.key == "rawPayload" }) {
            payload = raw.value
            for member in members where member.key != "rawPayload" && !requestProperties.contains(where: { $0.name == member.key })
                && (setters.contains { $0.name == member.key } || member.key == "aps" || member.key == "payload") {
                notes.append(dropped(member, because: "rawPayload is sent as it stands, so \"\(member.key)\" has no effect on what is sent",
                                     help: "put it in rawPayload, or remove rawPayload to let node-apn build the payload"))
            }
        } else {
            payload = build.object(custom + extra + [build.member("aps", build.object(aps.members, range: document.range))], range: document.range)
        }
        let request = build.envelope(headers: headers, deviceToken: nil, payload: payload, range: document.range)
        return DialectTranslation(request: request, notes: notes, dialectKeyRanges: dialectKeys)
    }

    /// The alert as an object, as node-apn's `prepareAlert()` makes it: a string alert becomes `{"body": …}`.
    private static func preparedAlert(_ alert: Member?, origin: SourceRange, build: RequestBuilder) -> Member {
        guard let alert else { return Member(key: "alert", keyRange: build.added, value: build.object([], range: origin)) }
        if alert.value.members != nil { return alert }
        if alert.value.isNull { return Member(key: "alert", keyRange: alert.keyRange, value: build.object([], range: origin)) }
        return Member(key: "alert", keyRange: alert.keyRange,
                      value: build.object([Member(key: "body", keyRange: alert.keyRange, value: alert.value)], range: origin))
    }

    private static func withAlertField(_ key: String, _ member: Member, in alert: Member) -> Member {
        var fields = OrderedMembers()
        for field in alert.value.members ?? [] { fields.set(field) }
        fields.set(Member(key: key, keyRange: member.keyRange, value: member.value))
        return Member(key: "alert", keyRange: alert.keyRange, value: DocumentNode(.object(fields.members), range: alert.value.range))
    }

    private static func dropped(_ member: Member, pointer: JSONPointer? = nil, because message: String, help: String? = nil) -> DialectNote {
        DialectNote(kind: .droppedKey, message: message, help: help ?? "remove it, or write what node-apn sends",
                    range: member.keyRange, pointer: pointer ?? JSONPointer([member.key]))
    }
}

extension DocumentNode {
    /// The same value with another source range.
    func at(_ range: SourceRange) -> DocumentNode {
        DocumentNode(value, range: range)
    }
}
