import APNSLintSyntax

/// The request an Erlang notification term stands for, built as the Erlang libraries build it:
///
/// 1. `apns_json:make_notification/1` input, `[{alert, …}, {badge, 1}, {sound, …}, {extra, […]}]`: the payload
///    is `{"aps": {alert, "content-available": 1, badge, sound, category}, …extra}`. Like the library it always
///    adds `content-available: 1` (SCPF-25), gives a proplist alert `action-loc-key: null` unless one is set,
///    drops empty binaries, and reads the first of two equal keys. Properties it does not read are dropped,
///    and reported.
/// 2. apns_erlv3 send-style proplists: routing properties (`token`, `topic`, `uuid`, `priority`,
///    `expiration`, `collapse_id`, `push_type`) beside the notification or an `aps` proplist become the
///    device token and headers.
/// 3. A whole payload written as a jsx term, `[{<<"aps">>, […]}]`, is the payload as it stands.
///
/// Every value keeps the source range of the term it came from; parts the library adds have an empty range at
/// the start of the term.
public enum ErlangNotification {
    static let routing: [(property: String, target: String)] = [
        ("token", EnvelopeKey.deviceToken),
        ("topic", HeaderName.topic),
        ("uuid", HeaderName.id),
        ("priority", HeaderName.priority),
        ("expiration", HeaderName.expiration),
        ("collapse_id", HeaderName.collapseID),
        ("push_type", HeaderName.pushType),
    ]
    static let notificationProperties = ["alert", "badge", "sound", "content-available", "category", "extra"]
    /// The alert properties make_notification/1 reads, in the order it writes them.
    static let alertProperties = ["title", "body", "title-loc-key", "title-loc-args", "action-loc-key", "loc-key", "loc-args", "launch-image"]

    /// The request document for a term, and what the shapes drop.
    public static func requestDocument(for term: DocumentNode) -> (document: DocumentNode, notes: [DialectNote]) {
        guard let members = term.members else { return (term, []) }
        let keys = Set(members.map(\.key))
        let routingKeys = Set(routing.map(\.property))
        let isNotification = !keys.isDisjoint(with: notificationProperties) && !keys.contains("aps")
        guard keys.contains("aps") || isNotification || !keys.isDisjoint(with: routingKeys) else { return (term, []) }

        var notes: [DialectNote] = []
        let body = members.filter { !routingKeys.contains($0.key) }
        let hasRouting = body.count != members.count
        let payloadPointer = hasRouting ? JSONPointer([EnvelopeKey.payload]) : .root
        let payload: DocumentNode
        if keys.contains("aps") || !isNotification {
            guard hasRouting else { return (term, []) }
            payload = DocumentNode(.object(body), range: term.range)
        } else {
            payload = makeNotification(body, term: term, pointer: payloadPointer, notes: &notes)
        }
        guard hasRouting else { return (payload, notes) }

        // The envelope: headers and device token from the routing properties.
        let start = SourceRange(start: term.range.start, end: term.range.start)
        var envelope: [Member] = []
        var headers: [Member] = []
        for (property, target) in routing {
            guard let member = first(property, in: members) else { continue }
            let renamed = Member(key: target, keyRange: member.keyRange, value: member.value)
            if target == EnvelopeKey.deviceToken { envelope.append(renamed) } else { headers.append(renamed) }
        }
        if !headers.isEmpty {
            envelope.insert(Member(key: EnvelopeKey.headers, keyRange: start, value: DocumentNode(.object(headers), range: start)), at: 0)
        }
        envelope.append(Member(key: EnvelopeKey.payload, keyRange: start, value: payload))
        return (DocumentNode(.object(envelope), range: term.range), notes)
    }

    /// `make_notification/1`: builds `{"aps": {…}, …extra}` from the notification proplist.
    static func makeNotification(_ members: [Member], term: DocumentNode, pointer: JSONPointer, notes: inout [DialectNote]) -> DocumentNode {
        let added = SourceRange(start: term.range.start, end: term.range.start)
        var aps: [Member] = []
        let apsPointer = pointer.appending("aps")

        if let alert = first("alert", in: members) {
            switch alert.value.value {
            case .object(let properties):
                var built: [Member] = []
                for name in alertProperties {
                    if let property = first(name, in: properties) {
                        // An empty binary is dropped, even for action-loc-key (optional/2 drops <<>>).
                        if !isEmptyBinary(property.value) { built.append(property) }
                    } else if name == "action-loc-key" {
                        built.append(Member(key: name, keyRange: added, value: DocumentNode(.null, range: added)))
                    }
                }
                for property in properties where !alertProperties.contains(property.key) {
                    notes.append(DialectNote(
                        kind: .unknownAlertProperty,
                        message: "\"\(property.key)\" is not an alert property apns_json:make_notification/1 reads, so it is dropped from the notification",
                        help: Suggestion.closest(to: property.key, in: alertProperties).map { "did you mean '\($0)'?" }
                            ?? "the alert properties are \(alertProperties.joined(separator: ", "))",
                        range: property.keyRange, pointer: apsPointer.appending("alert").appending(property.key)))
                }
                // A proplist alert with nothing in it but the added action-loc-key still becomes an alert.
                aps.append(Member(key: "alert", keyRange: alert.keyRange, value: DocumentNode(.object(built), range: alert.value.range)))
            default:
                if !isEmptyBinary(alert.value) { aps.append(alert) }
            }
        }
        aps.append(first("content-available", in: members)
            ?? Member(key: "content-available", keyRange: added, value: DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: added)))
        for name in ["badge", "sound", "category"] {
            if let member = first(name, in: members), !isEmptyBinary(member.value) { aps.append(member) }
        }

        var payload = [Member(key: "aps", keyRange: added, value: DocumentNode(.object(aps), range: term.range))]
        if let extra = first("extra", in: members) {
            if let custom = extra.value.members {
                payload += custom
            } else if !(extra.value.elements?.isEmpty ?? false) {
                notes.append(DialectNote(
                    kind: .invalidValueType,
                    message: "\"extra\" must be a proplist of custom data (it is \(extra.value.kind.phrase)); apns_json puts its members beside \"aps\"",
                    help: "write extra as [{<<\"key\">>, Value}, …]", range: extra.value.range, pointer: pointer.appending("extra")))
            }
        }
        for member in members where !notificationProperties.contains(member.key) {
            notes.append(DialectNote(
                kind: .unknownNotificationProperty,
                message: "\"\(member.key)\" is not a notification property apns_json:make_notification/1 reads, so it is dropped",
                help: Suggestion.closest(to: member.key, in: notificationProperties).map { "did you mean '\($0)'?" }
                    ?? "put custom data in {extra, [{<<\"\(member.key)\">>, …}]}",
                range: member.keyRange, pointer: pointer.appending(member.key)))
        }
        return DocumentNode(.object(payload), range: term.range)
    }

    /// proplists:get_value/2 semantics: the first property with this key.
    static func first(_ key: String, in members: [Member]) -> Member? {
        members.first { $0.key == key }
    }

    static func isEmptyBinary(_ node: DocumentNode) -> Bool {
        node.string?.isEmpty ?? false
    }
}
