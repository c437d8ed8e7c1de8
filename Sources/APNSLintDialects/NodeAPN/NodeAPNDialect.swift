import APNSLintModel
import APNSLintSyntax

/// node-apn's `Notification`, written as an object of its fields (the object `new apn.Notification({...})`
/// takes), turned into the request node-apn 7.1.0 sends (`NodeAPNNotification` runs its code's rules):
///
/// - the constructor assigns the keys in JavaScript's order; a key with a setter (`body`, `title`, `badge`, …)
///   writes into `aps`, with the setter's type check; `aps` replaces the aps built so far; other keys are kept;
/// - `compile()` sends `rawPayload` if it is not null, else `{"mdm": …}` for a string `mdm`, else the `payload`'s
///   keys (spread as JavaScript spreads them) with `aps` last, left out when no aps key has a value;
/// - `headers()`: `apns-priority` (10 unless the definition says otherwise), `apns-id`, `apns-collapse-id`,
///   `apns-request-id`, `apns-channel-id`, `apns-topic`, `apns-push-type` when truthy, `apns-expiration` when
///   `expiry >= 0`;
/// - every object in JavaScript's key order (array-index keys first), every number as JavaScript writes it.
///
/// What node-apn drops, rewrites or throws on is said at the key the user wrote.
enum NodeAPNDialect {
    static let payloadKeys = ["aps", "payload", "rawPayload"]

    /// The keys node-apn reads, for "did you mean".
    static var knownKeys: [String] {
        NodeAPNNotification.setters.keys.sorted() + NodeAPNNotification.headerProperties.map(\.name) + payloadKeys
    }

    static let distinctiveKeys: Set<String> = [
        "locKey", "locArgs", "titleLocKey", "titleLocArgs", "actionLocKey", "launchImage", "contentAvailable",
        "mutableContent", "urlArgs", "threadId", "rawPayload", "topic", "expiry", "collapseId", "pushType",
        "subtitleLocKey", "subtitleLocArgs", "interruptionLevel", "relevanceScore", "targetContentIdentifier",
    ]

    /// How node-apn writes the payload: `JSON.stringify` escapes only `"`, `\` and control characters (compact
    /// UTF-8), and a key given twice in the definition has its last value, as `JSON.parse` keeps it.
    static let encoding = WireEncoding(style: .compact, duplicates: .lastValue)

    static func translate(_ document: DocumentNode) -> DialectTranslation {
        var notification = NodeAPNNotification(definition: document)
        let payloadValue = notification.payload()
        let headers = notification.headers()
        let sources = notification.sources
        var stringifier = JSONStringifier(sources: sources, added: notification.added)
        let payload = stringifier.node(payloadValue, fallback: document.range) ?? DocumentNode(.object([]), range: document.range)
        var notes: [DialectNote] = []
        var sent = stringifier.written

        var request = RequestBuilder(for: document)
        request.payload(encoded: payload)
        for header in headers {
            if let source = header.value.source { sent.insert(source) }
            let (node, rewrite) = headerValue(header, sources: sources, added: notification.added)
            if let rewrite, let source = header.value.source {
                notes.append(DialectNote(kind: .rewrittenValue, message: rewrite.message, help: rewrite.help,
                                         range: sources[source].node.range, pointer: sources[source].pointer))
            }
            // A header's key is a definition key among others: deleting its text as a header's is never right.
            var member = Member(key: header.name, keyRange: header.keyRange ?? notification.added, value: node)
            member.pin()
            request.writtenHeader(member)
        }

        var explained = Set<Int>()
        if let exception = notification.exception {
            explained.insert(exception.source)
            notes.append(DialectNote(kind: .libraryError, message: exception.finding.message, help: exception.finding.help,
                                     range: sources[exception.source].anchor, pointer: sources[exception.source].pointer))
        }
        for (source, finding) in notification.rewrites {
            explained.insert(source)
            notes.append(DialectNote(kind: .rewrittenValue, message: finding.message, help: finding.help,
                                     range: sources[source].node.range, pointer: sources[source].pointer))
        }
        for (source, text) in stringifier.rewrittenNumbers {
            notes.append(rewrittenNumber(source, sentAs: text, sources: sources))
        }
        for (source, finding) in notification.dropReasons.sorted(by: { $0.key < $1.key }) where !sent.contains(source) && !explained.contains(source) {
            notes.append(DialectNote(kind: .droppedKey, message: finding.message, help: finding.help,
                                     range: sources[source].anchor, pointer: sources[source].pointer))
        }
        for unused in notification.unusedKeys {
            notes.append(DialectNote(kind: .droppedKey, message: unused.finding.message, help: unused.finding.help,
                                     range: unused.range, pointer: unused.pointer))
        }
        var dialectKeys: [SourceRange] = []
        let readKeys = Set(NodeAPNNotification.headerProperties.map(\.name) + NodeAPNNotification.payloadProperties)
        for (key, source) in notification.assigned {
            guard let keyRange = sources[source].keyRange else { continue }
            if let setter = NodeAPNNotification.setters[key] {
                if writesAnotherName(setter, key: key) { dialectKeys.append(keyRange) }
            } else if readKeys.contains(key) {
                if NodeAPNNotification.headerProperties.contains(where: { $0.name == key }) { dialectKeys.append(keyRange) }
            } else if !explained.contains(source), notification.dropReasons[source] == nil, key != "__proto__" {
                notes.append(unknownKey(key, at: keyRange))
            }
        }
        notes.sort { ($0.range.start, $0.kind.rawValue) < ($1.range.start, $1.kind.rawValue) }

        return DialectTranslation(request: request.request(range: document.range), notes: notes, dialectKeyRanges: dialectKeys, encoding: encoding)
    }

    /// A header's value as node-apn sends it (node's http2 writes `String(value)`), and what is rewritten on the
    /// way, if anything.
    private static func headerValue(_ header: NodeAPNNotification.Header, sources: JSSources,
                                    added: SourceRange) -> (DocumentNode, NodeAPNNotification.Finding?) {
        let value = header.value
        let range = value.source.map { sources[$0].node.range } ?? added
        let written = value.source.map { sources[$0].node }
        let sentAs = "node-apn sends \(header.name): \(value.stringValue)"
        switch value.kind {
        case .number(let number):
            let text = JavaScriptNumber.text(number)
            guard number.isFinite else {
                return (DocumentNode(.string(text), range: range), NodeAPNNotification.Finding(
                    message: "\(sentAs): \(written?.shortDescription ?? text) is beyond JavaScript's numbers",
                    help: "write a number that a double holds"))
            }
            var rewrite: NodeAPNNotification.Finding?
            if let literal = written?.number, !JavaScriptNumber.sameDecimalValue(literal.text, text) {
                rewrite = NodeAPNNotification.Finding(
                    message: "\(sentAs): it reads \(literal.text) as a JavaScript number (a double), which holds \(text)",
                    help: "write a number that a double holds exactly (integers up to 2^53), or a string")
            }
            let isInteger = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }
            return (DocumentNode(.number(NumberLiteral(text: text, isInteger: isInteger)), range: range), rewrite)
        case .string(let string):
            return (DocumentNode(.string(string), range: range), nil)
        case .null:
            // Only expiry sends null: null >= 0 is true in JavaScript.
            return (DocumentNode(.null, range: range), NodeAPNNotification.Finding(
                message: "\(sentAs): its headers() finds null >= 0 true (null counts as 0 in JavaScript) and sends the text null",
                help: "write the expiration as a UNIX time in seconds, or -1 (or no key) for none"))
        case .bool(let bool):
            return (DocumentNode(.bool(bool), range: range), NodeAPNNotification.Finding(
                message: "\(sentAs): the boolean becomes the text \(bool)", help: "write the value as a string or a number"))
        case .array, .object, .undefined:
            let text = value.stringValue
            return (DocumentNode(.string(text), range: range), NodeAPNNotification.Finding(
                message: "node-apn sends \(header.name): \"\(text)\": String() of \(value.phrase) is \(text.isEmpty ? "empty" : "\"\(text)\"")",
                help: "write the value as a string"))
        }
    }

    /// A number JSON.stringify writes with another value: rounded to a double, or `null` beyond the doubles.
    private static func rewrittenNumber(_ source: Int, sentAs text: String, sources: JSSources) -> DialectNote {
        let literal = sources[source].node.number?.text ?? text
        let message = text == "null"
            ? "\(literal) is beyond JavaScript's numbers: JSON.parse makes it Infinity, and node-apn sends null"
            : "node-apn reads \(literal) as a JavaScript number (a double), which holds \(text), and sends \(text)"
        return DialectNote(kind: .rewrittenValue, message: message,
                           help: "write a number that a double holds exactly (integers up to 2^53 = 9007199254740992), or send it as a string",
                           range: sources[source].node.range, pointer: sources[source].pointer)
    }

    private static func unknownKey(_ key: String, at keyRange: SourceRange) -> DialectNote {
        if NodeAPNNotification.calledMethods.contains(key) {
            return DialectNote(kind: .droppedKey, message: "\"\(key)\" names a node-apn method: the value replaces that method on the Notification and is not sent",
                               help: "remove it; custom keys go in \"payload\"", range: keyRange, pointer: JSONPointer([key]))
        }
        if key == "encoding" {
            return DialectNote(kind: .droppedKey, message: "\"encoding\" is node-apn's own setting for length(); it changes nothing that is sent",
                               help: "remove it", range: keyRange, pointer: JSONPointer([key]))
        }
        let suggestion = Suggestion.closest(to: key, in: knownKeys).map { "did you mean \"\($0)\"? " } ?? ""
        return DialectNote(kind: .droppedKey, message: "\"\(key)\" is not a Notification property node-apn sends",
                           help: suggestion + "custom keys go in \"payload\"", range: keyRange, pointer: JSONPointer([key]))
    }

    /// Whether the setter writes a key of another name than its own (`locArgs` → `loc-args`), or into the alert
    /// object the definition does not have (`title` → `aps.alert.title`): a fix must not rename or move the key as
    /// written.
    private static func writesAnotherName(_ setter: NodeAPNNotification.Setter, key: String) -> Bool {
        switch setter {
        case .alert, .sound, .mdm: false
        case .body, .flag, .alertKey: true
        case .apsKey(let written, _): written != key
        }
    }
}
