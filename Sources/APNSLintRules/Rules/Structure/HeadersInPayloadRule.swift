import APNSLintModel
import APNSLintSyntax

struct HeadersInPayloadRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "headers-in-payload", severity: .error, category: .structure)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "Request headers written inside the payload: an object of `apns-*` headers beside `aps`, or a sender library's header fields (`topic`, `expiration`, `priority`, `pushType`…) encoded into the body.",
            rationale: """
                APNs reads `apns-push-type`, `apns-priority`, `apns-expiration`, `apns-topic` and the other headers \
                from the HTTP/2 request, never from the JSON body. FCM's `apns` object (`{"headers": …, "payload": …}`) \
                and other senders' envelopes carry them beside the payload; copied into the payload itself, they \
                travel to the app as custom data and none of them is applied: the push goes out with APNs's default \
                priority and with whatever push type the sender set. In an apns-lint definition, headers go in the \
                envelope's `headers` object (`{"headers": {…}, "payload": {…}}`) or on the command line. A sender \
                library that encodes its notification type whole writes the request's header fields into the body \
                too: APNSwift's VoIP, Push to Talk, complication, File Provider and location notifications sent \
                `{"topic": …, "expiration": {"expiration": 0}, "priority": {"rawValue": 10}, "payload": {…}}` until \
                PR #245 (swift-server-community/APNSwift), the app's own dictionary one level down under `payload`. \
                There the headers also went out as HTTP/2 headers and APNs accepted the request, so that finding is \
                a warning: the app receives the sender's metadata as its data and its own data moved. It is reported \
                when the body's keys say so (two keys named as header fields, one of them wrapped like a Swift value \
                or repeating the request's header, or the app's data nested under `payload`; or a key repeating the \
                request's topic, push type or collapse ID); one `priority` or `topic` of the app's own is custom \
                data like any other.
                """,
            severity: .certain("APNs takes headers only from the HTTP/2 request, so these arrive as custom data and are never applied", source: Reference.sendingRequests),
            references: [Reference.sendingRequests, Reference.fcmAPNSConfig],
            triggering: [
                Example(#"{"aps": {"content-available": 1}, ↓"headers": {"apns-push-type": "background", "apns-priority": "5"}}"#),
                Example(#"{"aps": {"alert": "Hi"}, ↓"apns": {"apns-priority": "10"}}"#),
            ],
            nonTriggering: [
                Example(#"{"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}"#),
                Example(#"{"aps": {"alert": "Hi"}, "headers": {"x-trace": "a1"}}"#),
                Example(#"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.news"}, "payload": {"aps": {"alert": "Rates cut"}, "topic": "economy", "priority": "high"}}"#),
            ])
    }

    /// `apns-…` in any case, without making a lowercased copy of every key.
    static func isHeaderName(_ key: String) -> Bool {
        var bytes = key.utf8.makeIterator()
        for expected in "apns-".utf8 {
            guard let byte = bytes.next(), byte == expected || (0x41...0x5A).contains(byte) && byte | 0x20 == expected else { return false }
        }
        return true
    }

    static func check(_ context: inout RuleContext) {
        guard let payload = context.definition.payload else { return }
        checkHeaderFieldsInBody(payload, &context)
        guard payload.aps != nil else { return }
        // `isSameKey`: a key of another length is not "aps", without comparing the strings.
        for field in payload.fields.fields where !field.key.isSameKey(as: "aps") {
            guard let members = field.value.members else { continue }
            let names = members.map(\.key).filter(Self.isHeaderName)
            guard !names.isEmpty else { continue }
            let listed = names.map { "\"\($0)\"" }.joined(separator: ", ")
            context.report(
                "\"\(field.key)\" holds request headers (\(listed)) inside the payload: APNs reads headers only from the HTTP/2 request, so these reach the app as custom data and are never applied",
                at: field,
                help: "move them out of the payload: into the definition's \"headers\" ({\"headers\": {…}, \"payload\": {\"aps\": …}}), or into the request your sender makes (FCM: apns.headers)")
        }
    }

    /// A sender library that encodes its notification type whole writes the request's header fields into the body
    /// beside the app's data (APNSwift before PR #245: `topic`, `expiration` as `{"expiration": 0}`, `priority` as
    /// `{"rawValue": 10}`, and the app's dictionary under `payload`). Reported when the body's own keys say so: two
    /// or more keys named as header fields with one of them a wrapped value (`{"rawValue": …}`, or a key wrapping its
    /// own name), one mirroring the request's header, or the app's data nested under `payload`; or one key that
    /// repeats the request's topic, push type or collapse ID. A single `priority` or `topic` of the app's own is
    /// custom data like any other.
    static func checkHeaderFieldsInBody(_ payload: Payload, _ context: inout RuleContext) {
        // Most payloads have no key named as a header field: their keys alone say so, before any field is made.
        guard payload.node.members?.contains(where: { isHeaderFieldName($0.key) }) == true else { return }
        var named: [(field: Field, header: HeaderKey)] = []
        for field in payload.fields.fields {
            guard isHeaderFieldName(field.key), let header = Self.headerNamed(field.key) else { continue }
            named.append((field, header))
        }
        guard let first = named.first else { return }
        let headers = context.definition.headers
        let mirrors = named.filter { Self.value(of: $0.field.value, mirrors: $0.header, in: headers) }
        let wrapped = named.filter { Self.isWrapped($0.field) }
        let nested = payload.fields.fields.first { $0.key == "payload" && $0.value.isObject }
        let identifying: [HeaderKey] = [.topic, .pushType, .collapseID, .id]
        let decisive = named.count >= 2 && (!mirrors.isEmpty || !wrapped.isEmpty || nested != nil)
            || mirrors.contains { identifying.contains($0.header) }
        guard decisive else { return }
        let listed = named.map { "\"\($0.field.key)\"" }.joined(separator: ", ")
        let moved = nested.map { _ in ", and the app's own data sits one level down under \"payload\" instead of at the top of the body" } ?? ""
        var notes: [Note] = []
        if let nested { notes.append(Note("the app's data, which the app expects at the top of the payload", range: nested.keyRange)) }
        if let example = wrapped.first { notes.append(Note("a Swift value encoded whole ({\"\(example.field.value.members?.first?.key ?? "rawValue")\": …}): a sender's type, not data for the app", range: example.field.valueRange)) }
        context.report(
            "the payload holds the request's header fields (\(listed)), as a sender library writes them when it encodes its notification type whole (APNSwift before PR #245): APNs accepts the request and reads its headers from HTTP/2, but the app receives this metadata as its data\(moved)",
            at: first.field, help: nested == nil
                ? "send only the app's data as the body; the topic, priority, expiration and push type go in the request headers"
                : "send the dictionary under \"payload\" as the body itself (APNSwift: update to a release with PR #245); the topic, priority, expiration and push type go in the request headers",
            notes: notes, severity: .warning)
    }

    /// Whether a body key is named after a header field (`headerNamed`), its length checked first.
    private static func isHeaderFieldName(_ key: String) -> Bool {
        let length = key.utf8.count
        return length >= 5 && length <= 16 && headerNamed(key) != nil
    }

    /// The header field a body key is named after, in the spellings sender libraries' types use (`topic`,
    /// `pushType`, `push_type`, `collapseId`, `apns-expiration`…): compared ignoring case, `-` and `_`.
    static func headerNamed(_ key: String) -> HeaderKey? {
        // Every payload's keys are asked: most begin with a letter no header field's name begins with (callgrind: the
        // names compared one by one cost 4,000 instructions a lint).
        guard let first = key.utf8.first else { return nil }
        switch first | 0x20 {
        case UInt8(ascii: "t"), UInt8(ascii: "e"), UInt8(ascii: "p"), UInt8(ascii: "c"), UInt8(ascii: "a"): break
        default: return nil
        }
        for (name, header) in Self.headerFieldNames where name.utf8.first == first | 0x20 && Self.key(key, isNamed: name) { return header }
        return nil
    }

    private static let headerFieldNames: [(String, HeaderKey)] = [
        ("topic", .topic), ("apnstopic", .topic), ("expiration", .expiration), ("apnsexpiration", .expiration),
        ("priority", .priority), ("apnspriority", .priority), ("pushtype", .pushType), ("apnspushtype", .pushType),
        ("collapseid", .collapseID), ("apnscollapseid", .collapseID), ("apnsid", .id),
    ]

    /// Whether `key` is `name` (lowercase letters) once its `-` and `_` are left out and its letters lowercased.
    private static func key(_ key: String, isNamed name: String) -> Bool {
        var expected = name.utf8.makeIterator()
        for byte in key.utf8 where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            guard expected.next() == lowered else { return false }
        }
        return expected.next() == nil
    }

    /// A Swift value encoded whole: an object of one member, `rawValue` (an enum) or the key's own name (a struct
    /// wrapping one stored property, APNSwift's `APNSNotificationExpiration`).
    private static func isWrapped(_ field: Field) -> Bool {
        guard let members = field.value.members, members.count == 1, let inner = members.first else { return false }
        return inner.key == "rawValue" || inner.key.lowercased() == field.key.lowercased()
    }

    /// Whether the body's value (or the one it wraps) is the request's header of that name.
    private static func value(of value: DocumentNode, mirrors header: HeaderKey, in headers: Headers) -> Bool {
        let value = value.members.flatMap { $0.count == 1 ? $0.first?.value : nil } ?? value
        let request: Field? = switch header {
        case .topic: headers.topicField
        case .pushType: headers.pushTypeField
        case .priority: headers.priorityField
        case .expiration: headers.expirationField
        case .collapseID: headers.collapseIDField
        case .id: headers.idField
        default: nil
        }
        guard let request else { return false }
        if let text = value.string, let sent = request.string { return !text.isEmpty && text == sent }
        if let number = value.number, number.isInteger { return request.integer == number.intValue }
        return false
    }
}
