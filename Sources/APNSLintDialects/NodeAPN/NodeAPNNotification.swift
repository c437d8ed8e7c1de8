import APNSLintModel
import APNSLintSyntax

/// node-apn 7.1.0's `Notification` run on a definition: what its constructor, its property setters, `compile()`
/// and `headers()` make of it, following parse-community/node-apn@1db632dbd874ecc9c0acfd2b0be654ed265bfa5b
/// (`lib/notification/index.js`, `lib/notification/apsProperties.js`; line numbers below are at that commit).
/// It also says, for every value the user wrote, why it is not sent when it is not, and where node-apn throws.
struct NodeAPNNotification {
    /// A property setter of node-apn's prototype (apsProperties.js), which the constructor's `this[key] = value`
    /// (index.js:18) calls instead of making a property.
    enum Setter {
        /// `aps.alert = value` (apsProperties.js:2-4).
        case alert
        /// `aps.alert = value` while the alert is not an object, else `aps.alert.body = value` (:13-20).
        case body
        /// `prepareAlert()`, then `aps.alert[key] = value` (:22-75).
        case alertKey(String)
        /// `aps[key] = value`, only for a value of the type the setter checks (:77-210).
        case apsKey(String, Accepts)
        /// `aps[key] = 1` for `true` or `1`, `undefined` for anything else (:132-146).
        case flag(String)
        /// `aps.sound = value` for a string, or an object with a string `name` and numbers `critical` and `volume`
        /// (:83-94).
        case sound
        /// `this._mdm = value` (:148-150).
        case mdm
    }

    /// The type check of a setter.
    enum Accepts {
        case number, string
        /// `Array.isArray(value)`.
        case array
        /// `typeof value === 'object'`: an object, an array, or null.
        case objectType

        func accepts(_ value: JSValue) -> Bool {
            switch (self, value.kind) {
            case (.number, .number), (.string, .string), (.array, .array): true
            case (.objectType, _): value.isObjectType
            default: false
            }
        }

        var phrase: String {
            switch self {
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .objectType: "an object"
            }
        }
    }

    /// Every setter of apsProperties.js, by the definition key that calls it.
    static let setters: [String: Setter] = [
        "alert": .alert,
        "body": .body,
        "locKey": .alertKey("loc-key"),
        "locArgs": .alertKey("loc-args"),
        "title": .alertKey("title"),
        "subtitle": .alertKey("subtitle"),
        "titleLocKey": .alertKey("title-loc-key"),
        "titleLocArgs": .alertKey("title-loc-args"),
        "subtitleLocKey": .alertKey("subtitle-loc-key"),
        "subtitleLocArgs": .alertKey("subtitle-loc-args"),
        "action": .alertKey("action"),
        "actionLocKey": .alertKey("action-loc-key"),
        "launchImage": .alertKey("launch-image"),
        "badge": .apsKey("badge", .number),
        "sound": .sound,
        "relevanceScore": .apsKey("relevance-score", .number),
        "timestamp": .apsKey("timestamp", .number),
        "staleDate": .apsKey("stale-date", .number),
        "event": .apsKey("event", .string),
        "contentState": .apsKey("content-state", .objectType),
        "dismissalDate": .apsKey("dismissal-date", .number),
        "contentAvailable": .flag("content-available"),
        "mutableContent": .flag("mutable-content"),
        "mdm": .mdm,
        "urlArgs": .apsKey("url-args", .array),
        "category": .apsKey("category", .string),
        "targetContentIdentifier": .apsKey("target-content-id", .string),
        "threadId": .apsKey("thread-id", .string),
        "interruptionLevel": .apsKey("interruption-level", .string),
        "filterCriteria": .apsKey("filter-criteria", .string),
        "inputPushChannel": .apsKey("input-push-channel", .string),
        "inputPushToken": .apsKey("input-push-token", .number),
        "attributesType": .apsKey("attributes-type", .string),
        "attributes": .apsKey("attributes", .objectType),
    ]

    /// The properties `headers()` reads (index.js:73-109), in its order, with the header each becomes.
    static let headerProperties: [(name: String, header: String)] = [
        ("priority", HeaderName.priority), ("id", HeaderName.id), ("collapseId", HeaderName.collapseID),
        ("requestId", "apns-request-id"), ("channelId", "apns-channel-id"), ("expiry", HeaderName.expiration),
        ("topic", HeaderName.topic), ("pushType", HeaderName.pushType),
    ]

    /// Other own properties node-apn reads: `toJSON()` (index.js:160-170) and `compile()` (:136-141).
    static let payloadProperties = ["payload", "aps", "rawPayload", "_mdm"]

    /// Methods of node-apn's prototype that sending calls: a definition key of that name replaces the method with
    /// a value that is not a function.
    static let calledMethods = ["headers", "compile", "toJSON", "apsPayload", "prepareAlert"]

    /// What apns-lint says about something node-apn does: the message and how to fix it.
    struct Finding {
        let message: String
        let help: String
    }

    /// The first exception node-apn throws (after it nothing is sent), at the key whose assignment throws.
    struct Exception {
        let source: Int
        let finding: Finding
    }

    private(set) var sources = JSSources()
    /// The notification's own properties: the constructor's defaults (index.js:6-12), then each definition key no
    /// setter takes (index.js:18).
    private(set) var own = JSObject()
    /// The top-level members of the definition, in the order the constructor assigns them, with their sources.
    private(set) var assigned: [(key: String, source: Int)] = []
    private(set) var exception: Exception?
    /// Why a value the user wrote is not sent (the first reason found), by source; reported only for values that
    /// are not in the output.
    private(set) var dropReasons: [Int: Finding] = [:]
    /// Values node-apn sends otherwise than written, at the value.
    private(set) var rewrites: [(source: Int, finding: Finding)] = []
    /// What is not sent whatever the output holds (a definition that is no object).
    private(set) var unusedKeys: [(range: SourceRange, pointer: JSONPointer, finding: Finding)] = []
    /// `__proto__` set to an object or null: the notification has lost node-apn's prototype (its setters and
    /// methods).
    private var replacedPrototype: Int?
    /// Where values node-apn makes point when nothing the user wrote is theirs.
    let added: SourceRange

    /// `new Notification(definition)` (index.js:5-22).
    init(definition document: DocumentNode) {
        added = .added(at: document.range.start)
        // index.js:6-12: the defaults, before the definition's keys.
        own.set("encoding", JSValue(.string("utf8")), keyRange: nil)
        own.set("payload", JSValue(.object(JSObject()), range: added), keyRange: nil)
        own.set("compiled", JSValue(.bool(false)), keyRange: nil)
        own.set("aps", JSValue(.object(JSObject()), range: document.range), keyRange: nil)
        own.set("expiry", JSValue(.number(-1)), keyRange: nil)
        own.set("priority", JSValue(.number(10)), keyRange: nil)
        let definition = sources.parse(document, keyRange: nil, pointer: .root)
        guard case .object(let object) = definition.kind else {
            // `for (key in payload)` finds no Notification field in an array or a string.
            unusedKeys.append((document.range, .root, Finding(
                message: "node-apn takes an object of Notification fields; \(describe(definition)) has none, so node-apn sends {}",
                help: "write the definition as an object (\"body\", \"title\", \"payload\", …)")))
            return
        }
        // `for...in` visits the keys in JavaScript's order; JSON.parse has kept each key's last value (duplicate-key
        // reports the others).
        for property in object.properties {
            guard let source = property.value.source else { continue }
            assigned.append((property.key, source))
            assign(property.key, property.value, source: source)
        }
    }

    // MARK: The constructor's assignments

    /// `this[key] = value` (index.js:18): a setter of the prototype if there is one, else an own property.
    private mutating func assign(_ key: String, _ value: JSValue, source: Int) {
        let keyRange = sources[source].keyRange
        if key == "__proto__" {
            // Object.prototype's __proto__ setter: an object or null becomes the prototype, anything else is ignored.
            if value.isObjectType {
                replacedPrototype = replacedPrototype ?? source
            } else {
                dropReasons[source] = Finding(
                    message: "a __proto__ that is not an object changes nothing in node-apn's Notification",
                    help: "remove it")
            }
            return
        }
        guard replacedPrototype == nil, let setter = Self.setters[key] else {
            let replaced = own.set(key, value, keyRange: keyRange)
            if key == "aps" { noteReplaced(replaced, by: "aps", target: "the whole aps object, with what this setter wrote into it", help: "write \"aps\" before the setters: they write into it") }
            return
        }
        do {
            try run(setter, key: key, value: value, source: source)
        } catch {
            let cause = cause(of: setter, key: key)
            throwException(error, at: source, place: "in its \(key) setter", reason: cause.message, help: cause.help)
        }
    }

    private mutating func run(_ setter: Setter, key: String, value: JSValue, source: Int) throws(JSValue.TypeError) {
        let keyRange = sources[source].keyRange
        switch setter {
        case .alert:
            try writeAPS("alert", value, keyRange: keyRange, by: key, source: source)
        case .body:
            // apsProperties.js:14: typeof aps.alert !== 'object' (null is an object here).
            if try !aps.property("alert").isObjectType {
                try writeAPS("alert", value, keyRange: keyRange, by: key, source: source)
            } else {
                try prepareAlert(for: source)
                try writeAlert("body", value, keyRange: keyRange, by: key, source: source)
            }
        case .alertKey(let alertKey):
            try prepareAlert(for: source)
            try writeAlert(alertKey, value, keyRange: keyRange, by: key, source: source)
        case .apsKey(let apsKey, let accepts):
            guard accepts.accepts(value) else {
                dropIgnored(source, setter: key, takes: accepts.phrase, apsKey: apsKey)
                return
            }
            try writeAPS(apsKey, value, keyRange: keyRange, by: key, source: source)
        case .sound:
            // apsProperties.js:86-90: an object's name, critical and volume are read (null has none: TypeError).
            let accepted: Bool
            if value.string != nil {
                accepted = true
            } else if value.isObjectType {
                let name = try value.property("name"), critical = try value.property("critical"), volume = try value.property("volume")
                accepted = name.string != nil && critical.number != nil && volume.number != nil
            } else {
                accepted = false
            }
            guard accepted else {
                dropIgnored(source, setter: key, takes: "a string, or an object with a string \"name\" and numbers \"critical\" and \"volume\"", apsKey: "sound",
                            value: value.isObjectType ? "an object without them" : nil)
                return
            }
            try writeAPS("sound", value, keyRange: keyRange, by: key, source: source)
        case .flag(let apsKey):
            // apsProperties.js:133: value === true || value === 1 (1.0 is 1).
            let isOn: Bool
            switch value.kind {
            case .bool(true): isOn = true
            case .number(let number): isOn = number == 1
            default: isOn = false
            }
            let written = isOn ? JSValue(.number(1), source: source, range: sources[source].node.range) : JSValue.undefined
            try writeAPS(apsKey, written, keyRange: keyRange, by: key, source: source, removes: !isOn)
            switch value.kind {
            case .bool(true):
                rewrites.append((source, Finding(
                    message: "node-apn's \(key) setter sends \(apsKey): 1 for true",
                    help: "write 1, the value APNs documents and node-apn sends")))
            case .bool(false), .null:
                break
            case .number(let number) where number == 0 || number == 1:
                break
            default:
                dropReasons[source] = dropReasons[source] ?? Finding(
                    message: "node-apn's \(key) setter sends \(apsKey): 1 only for true or 1; it takes \(describe(source)) as false, so no \(apsKey) is sent",
                    help: "write 1 to send \(apsKey): 1, or remove the key")
            }
        case .mdm:
            own.set("_mdm", value, keyRange: keyRange)
        }
    }

    private var aps: JSValue { own["aps"] ?? .undefined }

    /// `this.prepareAlert()` (apsProperties.js:212-216): an alert that is not an object becomes `{body: alert}`.
    private mutating func prepareAlert(for source: Int) throws(JSValue.TypeError) {
        if own["prepareAlert"] != nil { throw JSValue.TypeError(message: "this.prepareAlert is not a function") }
        let alert = try aps.property("alert")
        guard !alert.isObjectType else { return }
        var wrapper = JSObject()
        let alertKeyRange = apsObjectProperty("alert")?.keyRange
        wrapper.set("body", alert, keyRange: alertKeyRange)
        // The object stands where the alert was written, else at the setter that makes it.
        let written = alert.source ?? source
        let range = sources[written].keyRange.map { $0.union(sources[written].node.range) } ?? sources[written].node.range
        var aps = self.aps
        // On a string aps this is ignored, and the alert stays undefined.
        _ = try aps.setProperty("alert", JSValue(.object(wrapper), range: range), keyRange: nil)
        own.set("aps", aps, keyRange: nil)
    }

    private func apsObjectProperty(_ key: String) -> JSObject.Property? {
        switch aps.kind {
        case .object(let object): object.property(key)
        case .array(let array): array.named.property(key)
        default: nil
        }
    }

    /// `this.aps[key] = value`.
    private mutating func writeAPS(_ key: String, _ value: JSValue, keyRange: SourceRange?, by setter: String, source: Int,
                                   removes: Bool = false) throws(JSValue.TypeError) {
        var aps = self.aps
        let assignment = try aps.setProperty(key, value, keyRange: keyRange)
        own.set("aps", aps, keyRange: nil)
        record(assignment, of: source, setter: setter, target: "aps.\(key)", container: "\"aps\"", containerValue: aps, removes: removes)
    }

    /// `this.aps.alert[key] = value`.
    private mutating func writeAlert(_ key: String, _ value: JSValue, keyRange: SourceRange?, by setter: String,
                                     source: Int) throws(JSValue.TypeError) {
        var aps = self.aps
        var alert = try aps.property("alert")
        let assignment = try alert.setProperty(key, value, keyRange: keyRange)
        _ = try aps.setProperty("alert", alert, keyRange: nil)
        own.set("aps", aps, keyRange: nil)
        record(assignment, of: source, setter: setter, target: "aps.alert.\(key)", container: "aps.alert", containerValue: alert, removes: false)
    }

    private mutating func record(_ assignment: JSValue.Assignment, of source: Int, setter: String, target: String, container: String,
                                 containerValue: JSValue, removes: Bool) {
        switch assignment {
        case .stored(let replaced):
            noteReplaced(replaced, by: setter, target: target, removes: removes,
                         help: "remove one of them, or write last the one you mean")
        case .storedUnseen where !removes:
            dropReasons[source] = dropReasons[source] ?? Finding(
                message: "\(container) is an array, so node-apn's \(setter) setter sets a property of the array, which JSON.stringify does not write; \(setter) is not sent",
                help: "make \(container) an object")
        case .ignored where !removes:
            dropReasons[source] = dropReasons[source] ?? Finding(
                message: "\(container) is \(describe(containerValue)), and JavaScript ignores node-apn's \(target) = … on it; \(setter) is not sent",
                help: "make \(container) an object")
        case .storedUnseen, .ignored:
            break
        }
    }

    /// The values the user wrote that a replaced value held (the outermost ones) are not sent, because of `setter`.
    private mutating func noteReplaced(_ replaced: JSValue?, by setter: String, target: String, removes: Bool = false, help: String) {
        guard let replaced else { return }
        for source in userSources(in: replaced) where dropReasons[source] == nil {
            dropReasons[source] = Finding(
                message: "node-apn does not send \(name(of: source)): \"\(setter)\", written after it, \(removes ? "removes" : "replaces") \(target)",
                help: help)
        }
    }

    private func userSources(in value: JSValue) -> [Int] {
        if let source = value.source { return [source] }
        switch value.kind {
        case .object(let object): return object.properties.flatMap { userSources(in: $0.value) }
        case .array(let array): return array.elements.flatMap(userSources(in:)) + array.named.properties.flatMap { userSources(in: $0.value) }
        default: return []
        }
    }

    /// A value a setter's type check refuses: nothing is written. A null that leaves nothing behind says "none",
    /// as the user meant, and is no finding.
    private mutating func dropIgnored(_ source: Int, setter: String, takes: String, apsKey: String, value: String? = nil) {
        let kept = (try? aps.property(apsKey))?.isUndefined == false
        guard kept || !sources[source].node.isNull else { return }
        dropReasons[source] = dropReasons[source] ?? Finding(
            message: "node-apn's \(setter) setter takes \(takes), not \(value ?? describe(source)), and ignores this value, so "
                + (kept ? "the \(apsKey) set before it is sent" : "no \(apsKey) is sent"),
            help: "write \(takes), or remove the key")
    }

    /// Records the first exception: `node-apn throws TypeError: … in its title setter, so nothing is sent: why`.
    private mutating func throwException(_ error: JSValue.TypeError, at source: Int, place: String, reason: String, help: String) {
        guard exception == nil else { return }
        exception = Exception(source: source, finding: Finding(
            message: "node-apn throws \(error) \(place), so nothing is sent: \(reason)", help: help))
    }

    /// Why a setter threw: what the user wrote that it could not write into or read.
    private func cause(of setter: Setter, key: String) -> Finding {
        if case .sound = setter {
            return Finding(message: "the setter reads sound.name to tell a sound dictionary, and null has no properties",
                           help: "remove \"sound\": null (no sound is the default), or name a sound")
        }
        if own["prepareAlert"] != nil {
            return Finding(message: "\"prepareAlert\" has replaced the node-apn method this setter calls",
                           help: "remove \"prepareAlert\"")
        }
        let aps = self.aps
        if aps.isNullish {
            return Finding(message: "\"aps\" is null, so there is no aps object to write into",
                           help: "remove \"aps\": null, or make it an object of aps keys")
        }
        if !aps.isObjectType {
            return Finding(message: "\"aps\" is \(describe(aps)), which cannot hold the alert object the setter writes into",
                           help: "make \"aps\" an object of aps keys, or remove it")
        }
        let alert = (try? aps.property("alert")) ?? .undefined
        let origin = alert.source.map { " (\(name(of: $0)))" } ?? ""
        return Finding(message: "the alert is null\(origin), which node-apn takes for an alert object (typeof null is 'object'), so there is no object to write into",
                       help: "remove the null alert, or give the alert as a string or an object")
    }

    // MARK: compile() and headers()

    /// The value `compile()` stringifies (index.js:136-141 → `toJSON()`, :160-170). Where node-apn throws, the
    /// exception is recorded and the payload is what it would be without the part that throws.
    mutating func payload() -> JSValue {
        if let source = assigned.first(where: { $0.key == "__proto__" && $0.source == replacedPrototype })?.source {
            // Provider.send calls headers() first (lib/provider.js:21).
            throwException(JSValue.TypeError(message: "notification.headers is not a function"), at: source,
                           place: "when its Provider.send calls notification.headers()",
                           reason: "\"__proto__\" has replaced the Notification's prototype, which holds node-apn's setters and methods",
                           help: "remove \"__proto__\"")
        }
        for method in ["headers", "compile"] {
            guard let source = ownSource(method) else { continue }
            throwException(JSValue.TypeError(message: "notification.\(method) is not a function"), at: source,
                           place: "when its Provider.send calls notification.\(method)()",
                           reason: "\"\(method)\" has replaced that node-apn method", help: "remove \"\(method)\"")
        }
        if let source = ownSource("compiled"), own["compiled"]?.isTruthy == true {
            // compile() sends what `compiled` holds without building the payload (index.js:137); a value that is
            // no string fails in the client's request.write().
            if own["compiled"]?.string == nil {
                throwException(JSValue.TypeError(message: "The \"chunk\" argument must be of type string or an instance of Buffer or Uint8Array",
                                                 code: "ERR_INVALID_ARG_TYPE"),
                               at: source, place: "when it writes the request body",
                               reason: "\"compiled\" is where node-apn keeps the payload it has compiled, and compile() returns it as it is",
                               help: "remove \"compiled\"")
            } else {
                rewrites.append((source, Finding(
                    message: "\"compiled\" is where node-apn keeps the payload it has compiled: compile() sends this text as the payload, instead of the payload this definition describes",
                    help: "remove \"compiled\"")))
            }
        }
        if let source = ownSource("toJSON") {
            // JSON.stringify ignores a toJSON that is not a function and writes the Notification's own properties.
            rewrites.append((source, Finding(
                message: "\"toJSON\" replaces node-apn's toJSON(), so JSON.stringify writes the Notification object itself (encoding, payload, compiled, aps, expiry, priority, …) as the payload",
                help: "remove \"toJSON\"")))
            return JSValue(.object(own), range: added)
        }
        if let raw = own["rawPayload"], !raw.isNullish {
            // index.js:161-163: rawPayload is sent as it stands.
            dropUnsent(except: nil, message: { "rawPayload is sent as it stands, so \($0) has no effect on what is sent" },
                       help: "put it in rawPayload, or remove rawPayload to let node-apn build the payload")
            return raw
        }
        if let mdm = own["_mdm"], mdm.string != nil, let mdmSource = mdm.source {
            // index.js:165-167: a string mdm is the whole payload.
            let mdmName = name(of: mdmSource)
            dropUnsent(except: mdmSource, message: { "\(mdmName) is a string, so node-apn sends {\"mdm\": …} alone, and \($0) has no effect on what is sent" },
                       help: "send the MDM push apart from the notification")
            var payload = JSObject()
            payload.set("mdm", mdm, keyRange: sources[mdmSource].keyRange)
            return JSValue(.object(payload), range: added)
        }
        if let mdm = own["_mdm"], let source = mdm.source, dropReasons[source] == nil {
            dropReasons[source] = Finding(message: "node-apn sends mdm only when it is a string (the whole payload is then {\"mdm\": …}); it ignores \(describe(source))",
                                          help: "write the MDM magic string, or remove the key")
        }
        // index.js:169: { ...this.payload, aps: this.apsPayload() }.
        var payload = JSObject()
        let written = own["payload"] ?? .undefined
        for property in written.spreadProperties(range: written.source.map { sources[$0].node.range }) {
            payload.set(property)
        }
        if let source = written.source {
            switch written.kind {
            case .string(let string) where !string.isEmpty:
                // Spreading takes UTF-16 code units: an emoji gives two halves, which JSON.stringify escapes.
                let halves = string.unicodeScalars.contains { $0.value > 0xFFFF }
                    ? "; a character outside the BMP (an emoji) becomes two lone UTF-16 halves, written as \\uXXXX escapes that are no text (apns-lint shows them as U+FFFD)"
                    : ""
                rewrites.append((source, Finding(
                    message: "node-apn spreads a string payload into one custom key per character (\"0\", \"1\", …)" + halves,
                    help: "make \"payload\" an object of custom keys")))
            case .array(let elements) where !elements.elements.isEmpty:
                rewrites.append((source, Finding(
                    message: "node-apn spreads an array payload into one custom key per element (\"0\", \"1\", …)",
                    help: "make \"payload\" an object of custom keys")))
            case .bool, .number, .string, .array:
                dropReasons[source] = dropReasons[source] ?? Finding(
                    message: "node-apn spreads \"payload\" into the custom keys, and \(describe(source)) has none, so no custom key is sent",
                    help: "make \"payload\" an object of custom keys, or remove it")
            default: break
            }
        }
        if let apsSource = ownSource("apsPayload") {
            throwException(JSValue.TypeError(message: "this.apsPayload is not a function"), at: apsSource, place: "in its toJSON()",
                           reason: "\"apsPayload\" has replaced the node-apn method that builds aps", help: "remove \"apsPayload\"")
        }
        var aps = JSValue.undefined
        do {
            aps = try apsPayload()
        } catch {
            if let source = self.aps.source {
                throwException(error, at: source, place: "in its toJSON()",
                               reason: "its apsPayload() calls Object.keys(aps), and \"aps\" is null",
                               help: "remove \"aps\": null, or make it an object of aps keys")
            }
        }
        if let replaced = payload["aps"] {
            for source in userSources(in: replaced) where dropReasons[source] == nil {
                dropReasons[source] = Finding(
                    message: "node-apn replaces the payload's own aps with the notification's; set aps keys with the setters or \"aps\" instead",
                    help: "remove it, or write what node-apn sends")
            }
        }
        payload.set("aps", aps, keyRange: self.aps.source.flatMap { sources[$0].keyRange } ?? added)
        return JSValue(.object(payload), range: sources.entries.first?.node.range ?? added)
    }

    /// `apsPayload()` (index.js:154-158): aps when some key of it has a value, else undefined. It takes the first
    /// such key as the answer, so an empty key `""` (false in JavaScript) answers "none".
    private mutating func apsPayload() throws(JSValue.TypeError) -> JSValue {
        let aps = self.aps
        let firstKey: String?
        switch aps.kind {
        case .string(let string): firstKey = string.isEmpty ? nil : "0"
        case .array(let array):
            firstKey = array.elements.isEmpty ? array.named.properties.first { !$0.value.isUndefined }?.key : "0"
        case .object(let object): firstKey = object.properties.first { !$0.value.isUndefined }?.key
        default: firstKey = try aps.ownKeys().first
        }
        guard let firstKey, !firstKey.isEmpty else {
            if let source = aps.source, dropReasons[source] == nil {
                switch aps.kind {
                case .object where firstKey == "":
                    dropReasons[source] = Finding(
                        message: "node-apn's apsPayload() takes the first aps key that has a value, here \"\", for no key at all (an empty string is false in JavaScript), so no aps is sent",
                        help: "remove the \"\" key from aps, or write another key before it")
                case .object: break
                default:
                    dropReasons[source] = Finding(
                        message: "node-apn sends aps only when it has a key with a value, and \(describe(source)) has none, so no aps is sent",
                        help: "make \"aps\" an object of aps keys")
                }
            }
            return .undefined
        }
        return aps
    }

    /// A header node-apn sends: the header's name, the value (its source's), and the key that set it.
    struct Header {
        let name: String
        let value: JSValue
        let keyRange: SourceRange?
    }

    /// `headers()` (index.js:73-109): apns-priority whenever the priority is an integer (10 unless the definition
    /// says otherwise: 7.x always sends it), the others when truthy, apns-expiration when `expiry >= 0`.
    mutating func headers() -> [Header] {
        var headers: [Header] = []
        for (name, header) in Self.headerProperties {
            guard let value = own[name] else { continue }
            // No closures over `self` here: Swift 6.3.1's optimizer crashed on them in this mutating method.
            var keyRange: SourceRange?
            if let source = value.source { keyRange = sources[source].keyRange }
            let sent: Bool
            switch name {
            case "priority":
                if let number = value.number { sent = JavaScriptNumber.isInteger(number) } else { sent = false }
            case "expiry": sent = value.isAtLeastZero
            default: sent = value.isTruthy
            }
            if sent {
                headers.append(Header(name: header, value: value, keyRange: keyRange))
                continue
            }
            guard let source = value.source, dropReasons[source] == nil,
                  let reason = Self.unsentHeaderReason(property: name, header: header, value: value.kind, described: describe(source))
            else { continue }
            dropReasons[source] = reason
        }
        return headers
    }

    /// Why `headers()` sends no header for a property the definition set; nil when leaving it out is what the value
    /// says (a negative expiry is node-apn's "none", its default is -1; null says "none" too). A function of its
    /// own, which keeps `headers()` small.
    private static func unsentHeaderReason(property: String, header: String, value: JSValue.Kind, described: String) -> Finding? {
        if property == "priority" {
            return Finding(
                message: "node-apn sends apns-priority only for an integer priority (Number.isInteger); it leaves out \(described), and APNs then uses 10",
                help: "write 10, 5 or 1 as a number")
        }
        switch value {
        case .null: return nil
        case .number where property == "expiry": return nil
        default: break
        }
        if property == "expiry" {
            return Finding(
                message: "node-apn sends apns-expiration only when expiry >= 0 holds in JavaScript, and it does not for \(described), so none is sent",
                help: "write the expiration as a UNIX time in seconds, or 0")
        }
        return Finding(
            message: "node-apn sends \(header) only when \(property) is truthy in JavaScript, and \(described) is not, so none is sent",
            help: "write a value, or remove the key")
    }

    // MARK: What is not sent

    /// Gives every value the user wrote for the payload that is not sent (not yet explained) the same reason.
    private mutating func dropUnsent(except sent: Int?, message: (String) -> String, help: String) {
        for (key, source) in assigned where source != sent && dropReasons[source] == nil
            && (Self.setters[key] != nil || key == "aps" || key == "payload" || key == "_mdm") {
            dropReasons[source] = Finding(message: message("\"\(key)\""), help: help)
        }
    }

    /// The source of an own property the definition set, if it set it.
    private func ownSource(_ key: String) -> Int? {
        assigned.first { $0.key == key }?.source
    }

    /// How messages name a value the user wrote: `"body"`, or a nested key as its path `aps.alert.title`.
    func name(of source: Int) -> String {
        let tokens = sources[source].pointer.tokens
        return tokens.count == 1 ? "\"\(tokens[0])\"" : tokens.joined(separator: ".")
    }

    /// `a string ("5")`, `an integer (1)`, `null`, `an array`, for messages.
    func describe(_ source: Int) -> String {
        let node = sources[source].node
        switch node.value {
        case .null: return "null"
        case .object, .array: return node.kind.phrase
        default: return "\(node.kind.phrase) (\(node.shortDescription))"
        }
    }

    private func describe(_ value: JSValue) -> String {
        if let source = value.source { return describe(source) }
        return value.phrase
    }
}

private extension SourceRange {
    /// The smallest range that holds both.
    func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }
}
