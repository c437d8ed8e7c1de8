import APNSLintModel
import APNSLintSyntax

/// An Amazon SNS mobile push message (`Publish` with `MessageStructure` json), turned into the APNs request(s) SNS
/// sends, as AWS documents it (docs.aws.amazon.com/sns/latest/api/API_Publish.html and the SNS developer guide's
/// mobile push pages, read 2026-11):
///
///     {"default": "Hi", "APNS": "{\"aps\":{\"alert\":\"Hi\",\"badge\":3}}"}
///     → payload {"aps":{"alert":"Hi","badge":3}}, every value at its place inside the string
///
/// - The message is a JSON object whose keys are platforms and whose values are JSON strings: each APNs platform's
///   string (`APNS`, `APNS_SANDBOX`, `APNS_VOIP`, `APNS_VOIP_SANDBOX`, `MACOS`, `MACOS_SANDBOX`) is the payload SNS
///   sends as it is. apns-lint reads the JSON inside the string, and every position maps back through its escapes.
/// - A value that is not a string is ignored ("the value of each key must be a string"); a key that is not a
///   platform is ignored (keys are case-sensitive); `default` is required ("contain at least a top-level JSON key of
///   'default' with a value that is a string").
/// - With no APNs platform key, an Apple device gets `default` as the alert.
/// - A `Publish` request written out (`Message`, `MessageStructure`, `MessageAttributes`, `TargetArn` or
///   `TopicArn`, as the CLI's `--cli-input-json` and the SDKs' requests spell it) holds the message as a string in
///   turn; its `AWS.SNS.MOBILE.APNS.*` attributes are the request's headers (PUSH_TYPE, PRIORITY, TOPIC, COLLAPSE_ID;
///   TTL sets how long SNS and APNs keep it). SNS sets apns-push-type alert or background itself when the attribute
///   is not given (AWS's "Sending Push Notifications to iOS 13 Devices with Amazon SNS").
enum SNSDialect {
    static let apnsPlatforms = ["APNS", "APNS_SANDBOX", "APNS_VOIP", "APNS_VOIP_SANDBOX", "MACOS", "MACOS_SANDBOX"]
    static let otherPlatforms = ["GCM", "ADM", "BAIDU", "MPNS", "WNS", "APNS_PASSBOOK"]
    /// The keys of a topic message for its other subscribers' protocols.
    static let protocolKeys = ["default", "email", "email-json", "sqs", "lambda", "http", "https", "sms", "firehose"]
    static let messageKeys = protocolKeys + apnsPlatforms + otherPlatforms
    /// A `Publish` request's parameters.
    static let requestKeys = ["Message", "MessageStructure", "MessageAttributes", "TargetArn", "TopicArn", "PhoneNumber", "Subject",
                              "MessageGroupId", "MessageDeduplicationId"]
    static let distinctiveKeys = Set(apnsPlatforms + otherPlatforms + ["MessageStructure", "TargetArn", "TopicArn"])
    /// Its keys, and the platform keys in lower case (`apns`): a mistake only an SNS message makes.
    static let ownKeys = distinctiveKeys.union(protocolKeys).union(requestKeys).union((apnsPlatforms + otherPlatforms).map { $0.lowercased() })
    /// SNS's limit on a message, attributes included (API_Publish: 256 KB).
    static let messageLimit = 262_144
    /// `AWS.SNS.MOBILE.APNS.<name>` → the APNs header it sets (sns-message-attributes.html).
    static let headerAttributes = [("PUSH_TYPE", HeaderName.pushType), ("PRIORITY", HeaderName.priority), ("TOPIC", HeaderName.topic),
                                   ("COLLAPSE_ID", HeaderName.collapseID)]
    static let attributePrefix = "AWS.SNS.MOBILE."

    /// A string `default` beside a platform key in any case (`apns`) or beside `aps` (a payload written where SNS
    /// ignores it), a `Publish` request around a message, or nothing but an SNS message's keys (`{"sqs": …}`).
    /// Asked of every definition with `aps`, so it looks at the keys before it builds anything.
    static func recognizes(_ members: [Member]) -> Bool {
        // Asked of every definition with `aps` or an envelope's keys (callgrind: 1,158 instructions a record of a log,
        // most of them `==` on keys of another length and the hash of the first key): lengths first, words by bytes.
        if members.contains(where: { $0.key.isSameKey(as: "Message") }) {
            return members.contains { ["MessageStructure", "TargetArn", "TopicArn", "MessageAttributes"].contains($0.key) }
        }
        if members.contains(where: { $0.key.isSameKey(as: "default") && $0.value.string != nil }),
           members.contains(where: { lowercasedPlatforms.contains($0.key.lowercased()) }) {
            return true
        }
        return !members.isEmpty && members.allSatisfy { messageKeyWords.contains($0.key) }
    }

    static let lowercasedPlatforms = Set((apnsPlatforms + otherPlatforms).map { $0.lowercased() } + ["aps"])
    static let messageKeyWords = KeyVocabulary(messageKeys)

    static func marksDefinition(_ members: [Member]) -> Bool {
        recognizes(members) || members.contains { apnsPlatforms.contains($0.key) }
    }

    static func translate(_ document: DocumentNode, source: SourceText) -> DialectTranslation {
        var reader = Reader(build: RequestBuilder(for: document))
        guard let members = document.members else { return DialectTranslation(request: document) }
        var headers: [Member] = []
        let message: (members: [Member], text: EmbeddedText?, owner: Member?)
        let messageMember = members.last { $0.key == "Message" }
        if messageMember == nil, let parameter = members.first(where: { requestKeys.contains($0.key) }) {
            reader.notes.append(DialectNote(
                kind: .publishParameterInvalid,
                message: "this is a Publish request (\"\(parameter.key)\"), but it has no Message, which SNS requires, so SNS refuses it",
                help: "add \"Message\": the text, or with \"MessageStructure\": \"json\" the message object as a JSON string",
                range: parameter.keyRange, pointer: JSONPointer([parameter.key]), severity: .error))
            return reader.translation(requests: [], headers: reader.headers(from: members.last { $0.key == "MessageAttributes" }), range: document.range)
        }
        if let messageMember {
            headers = reader.headers(from: members.last { $0.key == "MessageAttributes" })
            let structure = members.last { $0.key == "MessageStructure" }
            if let structure, structure.value.string != "json" {
                reader.notes.append(DialectNote(
                    kind: .publishParameterInvalid,
                    message: "MessageStructure is \(structure.value.shortDescription), but its only value is \"json\", so SNS sends Message as one text to every platform: an Apple device gets it as the alert",
                    help: "write \"MessageStructure\": \"json\", and the message object, as a JSON string, in Message",
                    range: structure.value.range, pointer: JSONPointer(["MessageStructure"]), severity: .error))
            }
            guard structure?.value.string == "json" else {
                // One text for every platform: an Apple device gets it as the alert.
                reader.checkSize(messageMember.value.string?.utf8.count ?? 0, at: messageMember)
                return reader.translation(requests: [reader.alert(messageMember)], headers: headers, range: document.range)
            }
            guard let text = EmbeddedText(string: messageMember.value, in: source.bytes) else {
                reader.notes.append(DialectNote(
                    kind: .platformValueNotString,
                    message: "Message is \(messageMember.value.kind.phrase), but with MessageStructure json it must be the message as a JSON string, so SNS refuses the request",
                    help: "write the message object as a JSON string: \"Message\": \"{\\\"default\\\": …}\"",
                    range: messageMember.value.range, pointer: JSONPointer(["Message"])))
                return reader.translation(requests: [], headers: headers, range: document.range)
            }
            reader.checkSize(text.bytes.count, at: messageMember)
            guard let read = reader.read(text, owner: messageMember, inFile: false) else {
                return reader.translation(requests: [], headers: headers, range: document.range)
            }
            guard let inner = read.members else {
                reader.notes.append(DialectNote(
                    kind: .publishParameterInvalid,
                    message: "the JSON in Message is \(read.kind.phrase), but with MessageStructure json it must be an object of platforms, so SNS refuses the request",
                    help: "write {\"default\": \"…\", \"APNS\": \"{…}\"} in Message",
                    range: messageMember.value.range, pointer: JSONPointer(["Message"]), severity: .error))
                return reader.translation(requests: [], headers: headers, range: document.range)
            }
            message = (inner, text, messageMember)
        } else {
            reader.checkSize(document.range.length, at: nil)
            message = (members, nil, nil)
        }

        var requests: [DocumentNode] = []
        var unsent: [DocumentNode] = []
        for member in message.members {
            let range = message.text?.fileRange(of: member.keyRange) ?? member.keyRange
            let pointer = JSONPointer((message.owner.map { [$0.key] } ?? []) + [member.key])
            if apnsPlatforms.contains(member.key) {
                guard let text = EmbeddedText(string: member.value, in: message.text?.bytes ?? source.bytes, within: message.text) else {
                    // An object is the payload its author meant (an SDK's hash or dict not serialized): once written as
                    // a string, SNS sends it as it is, so it is checked as that payload, and what is wrong inside it
                    // (an `aps` serialized on its own, as a string) is reported at its place too.
                    let meant = member.value.members != nil
                    reader.notes.append(DialectNote(
                        kind: .platformValueNotString,
                        message: "\"\(member.key)\" is \(member.value.kind.phrase), but SNS reads each platform's payload only from a JSON string, so it ignores this one and the device gets the \"default\" text instead"
                            + (meant ? "; the object is checked as the payload it would be once written as a string" : ""),
                        help: "write the payload as a JSON string: \"\(member.key)\": \"{\\\"aps\\\": …}\"",
                        range: range, pointer: pointer))
                    if meant {
                        let payload = message.text.map { $0.inFile(member.value) } ?? member.value
                        unsent.append(reader.request(payload, headers: headers))
                    }
                    continue
                }
                if let payload = reader.read(text, owner: member) {
                    requests.append(reader.request(payload, headers: headers))
                }
                // SNS decides alert or background itself; a VoIP push needs the attribute (a request file shows whether
                // it is given; a bare message's attributes are given elsewhere).
                if member.key.hasPrefix("APNS_VOIP"), message.owner != nil,
                   !headers.contains(where: { $0.key == HeaderName.pushType }) {
                    reader.notes.append(DialectNote(
                        kind: .missingKey,
                        message: "\"\(member.key)\" is a VoIP payload, but the request sets no AWS.SNS.MOBILE.APNS.PUSH_TYPE attribute: SNS then sends it as an alert or background push, not as voip, and a VoIP token does not take those",
                        help: "add \"AWS.SNS.MOBILE.APNS.PUSH_TYPE\": {\"DataType\": \"String\", \"StringValue\": \"voip\"} to MessageAttributes",
                        range: range, pointer: pointer, severity: .warning))
                }
            } else if !messageKeyWords.contains(member.key) {
                let closest = member.key == "aps" ? "APNS"
                    : messageKeys.first { $0.lowercased() == member.key.lowercased() } ?? Suggestion.closest(to: member.key, in: messageKeys)
                reader.notes.append(DialectNote(
                    kind: .unknownPlatformKey,
                    message: "\"\(member.key)\" is not a platform SNS knows (platform keys are case-sensitive), so SNS ignores it"
                        + (apnsPlatforms.contains(closest ?? "") ? " and Apple devices get the \"default\" text instead" : ""),
                    help: (closest.map { "did you mean \"\($0)\"? " } ?? "") + "the APNs keys are \(apnsPlatforms.joined(separator: ", "))",
                    range: range, pointer: pointer))
            }
        }
        // What an Apple device gets is decided here, once: an APNs platform's payload, when SNS reads one (a string: it
        // ignores any other value), else the default text. The notes, the request and `render` all follow from it.
        let readsApplePayload = message.members.contains { apnsPlatforms.contains($0.key) && $0.value.string != nil }
        let defaultEntry = message.members.last { $0.key == "default" && $0.value.string != nil }
        if defaultEntry == nil {
            let owner = message.owner
            // A topic's ARN, as TopicArn or as TargetArn (an endpoint's has ":endpoint/").
            let toTopic = members.contains { $0.key == "TopicArn" }
                || members.contains { $0.key == "TargetArn" && $0.value.string.map { !$0.contains(":endpoint/") } == true }
            let refused = toTopic || !readsApplePayload
            reader.notes.append(DialectNote(
                kind: .defaultEntryMissing,
                message: toTopic
                    ? "the message has no \"default\" string, which SNS requires of a topic message with MessageStructure json, so SNS refuses it (\"Invalid parameter: Message Structure - No default entry in JSON message body\")"
                    : refused
                    ? "the message has neither a \"default\" string nor an APNs platform's payload, so SNS refuses it for an Apple endpoint (\"JSON must contain an entry for 'default' or 'APNS'\")"
                    : "the message has no \"default\" string: published to a topic, SNS refuses it (\"No default entry in JSON message body\"), and an endpoint of a platform it has no key for (an APNS_SANDBOX endpoint given only APNS) refuses it too",
                help: "add \"default\": \"<text for every other platform>\"",
                range: owner?.keyRange ?? SourceRange(start: document.range.start, end: document.range.start),
                pointer: owner.map { JSONPointer([$0.key]) } ?? .root, severity: refused ? .error : .warning))
        }
        if requests.isEmpty, let defaultEntry, !readsApplePayload {
            let entry = message.text.map { text in
                Member(key: defaultEntry.key, keyRange: text.fileRange(of: defaultEntry.keyRange), value: text.inFile(defaultEntry.value))
            } ?? defaultEntry
            requests.append(reader.alert(entry, headers: headers))
        }
        return reader.translation(requests: requests, unsent: unsent, headers: headers, range: document.range)
    }

    /// What translating collects: notes, the texts read inside strings, and what their reader found.
    struct Reader {
        let build: RequestBuilder
        var notes: [DialectNote] = []
        var texts: [EmbeddedText] = []
        var problems: [SyntaxProblem] = []

        init(build: RequestBuilder) {
            self.build = build
        }

        /// The JSON inside a string, at the file's offsets (at the text's own with `inFile` false: the strings inside
        /// it are read in turn); nil when it does not read as JSON (its problems are reported as the file's).
        mutating func read(_ text: EmbeddedText, owner: Member, inFile: Bool = true) -> DocumentNode? {
            texts.append(text)
            let parsed = JSONReader.read(SourceText(bytes: text.bytes))
            problems += parsed.problems.map { problem in
                var problem = text.inFile(problem)
                problem.message += " (in the JSON inside \"\(owner.key)\")"
                return problem
            }
            return inFile ? parsed.documents.first.map(text.inFile) : parsed.documents.first
        }

        /// `{"aps": {"alert": <text>}}`: what an Apple device gets of a plain-text message or of `default`.
        mutating func alert(_ member: Member, headers: [Member] = []) -> DocumentNode {
            builtKeys.append(member.keyRange)
            var request = build
            for header in headers { request.writtenHeader(header) }
            request.placeAPS(key: member.keyRange, value: member.value.range)
            request.alertText(from: member)
            return request.request(range: member.value.range)
        }

        /// The request that sends `payload` (a platform's, read from its string) with the attributes' headers.
        func request(_ payload: DocumentNode, headers: [Member]) -> DocumentNode {
            var request = build
            for header in headers { request.writtenHeader(header) }
            return request.request(payload: payload, range: payload.range)
        }

        mutating func checkSize(_ size: Int, at owner: Member?) {
            guard size > messageLimit else { return }
            notes.append(DialectNote(
                kind: .publishParameterInvalid,
                message: "the message is \(size) bytes, over SNS's limit of \(messageLimit) bytes (256 KB), so SNS refuses it",
                help: "send less: an APNs payload holds at most 4096 bytes (5120 for VoIP) anyway",
                range: owner?.keyRange ?? SourceRange(start: 0, end: 0), pointer: owner.map { JSONPointer([$0.key]) } ?? .root))
        }

        /// The headers the `AWS.SNS.MOBILE.APNS.*` attributes set (`{"DataType": "String", "StringValue": "5"}`).
        mutating func headers(from attributes: Member?) -> [Member] {
            guard let attributes else { return [] }
            guard let members = attributes.value.members else {
                notes.append(DialectNote(
                    kind: .publishParameterInvalid,
                    message: "MessageAttributes is \(attributes.value.kind.phrase), not an object of attributes, so SNS refuses the request",
                    help: "write {\"AWS.SNS.MOBILE.APNS.PUSH_TYPE\": {\"DataType\": \"String\", \"StringValue\": \"alert\"}}",
                    range: attributes.value.range, pointer: JSONPointer(["MessageAttributes"])))
                return []
            }
            var headers: [Member] = []
            var refused: Set<String> = []
            for attribute in members {
                let type = attribute.value.members?.last { $0.key == "DataType" }?.value.string
                let value = attribute.value.members?.last { $0.key == "StringValue" }?.value.string
                guard let type, ["String", "Number", "Binary", "String.Array"].contains(type) || type.hasPrefix("String.") || type.hasPrefix("Number.") else {
                    notes.append(DialectNote(
                        kind: .publishParameterInvalid,
                        message: "message attribute \"\(attribute.key)\" has no DataType SNS knows (String, Number, Binary, String.Array), so SNS refuses the request",
                        help: "write {\"DataType\": \"String\", \"StringValue\": \"…\"}",
                        range: attribute.keyRange, pointer: JSONPointer(["MessageAttributes", attribute.key]), severity: .error))
                    refused.insert(attribute.key)
                    continue
                }
                if type != "Binary", value?.isEmpty != false {
                    refused.insert(attribute.key)
                    notes.append(DialectNote(
                        kind: .publishParameterInvalid,
                        message: "message attribute \"\(attribute.key)\" has no StringValue, or an empty one, so SNS refuses the request (\"must contain non-empty message attribute value for message attribute type '\(type)'\")",
                        help: "give it a value, or remove it",
                        range: attribute.keyRange, pointer: JSONPointer(["MessageAttributes", attribute.key]), severity: .error))
                }
            }
            for attribute in members where attribute.key.hasPrefix(attributePrefix) && !refused.contains(attribute.key) {
                let pointer = JSONPointer(["MessageAttributes", attribute.key])
                let name = attribute.key.dropFirst(attributePrefix.count)
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard parts.count == 2, apnsPlatforms.contains(parts[0]) || otherPlatforms.contains(parts[0]) else {
                    notes.append(DialectNote(
                        kind: .publishParameterInvalid,
                        message: "\"\(attribute.key)\" is not an attribute SNS reads, so it sets nothing",
                        help: "the APNs attributes are \(headerAttributes.map { "\(attributePrefix)APNS.\($0.0)" }.joined(separator: ", ")) and \(attributePrefix)APNS.TTL",
                        range: attribute.keyRange, pointer: pointer, severity: .warning))
                    continue
                }
                guard parts[0].hasPrefix("APNS") || parts[0].hasPrefix("MACOS") else { continue }
                let value = attribute.value.members?.last { $0.key == "StringValue" }
                guard let value, value.value.string != nil else {
                    notes.append(DialectNote(
                        kind: .publishParameterInvalid,
                        message: "\"\(attribute.key)\" has no \"StringValue\" string, so SNS refuses the request",
                        help: "write {\"DataType\": \"String\", \"StringValue\": \"…\"}",
                        range: attribute.keyRange, pointer: pointer))
                    continue
                }
                if parts[1] == "TTL" {
                    if Int(value.value.string!).map({ $0 < 0 }) ?? true {
                        notes.append(DialectNote(
                            kind: .publishParameterInvalid,
                            message: "\(attribute.key) is \"\(value.value.string!)\", but a TTL is a whole number of seconds, 0 or more, so SNS refuses the request",
                            help: "write the seconds SNS and APNs may keep the notification, e.g. \"3600\"",
                            range: value.value.range, pointer: pointer.appending("StringValue")))
                    }
                    continue
                }
                guard let header = headerAttributes.first(where: { $0.0 == parts[1] })?.1 else {
                    notes.append(DialectNote(
                        kind: .publishParameterInvalid,
                        message: "\"\(attribute.key)\" is not an attribute SNS reads for APNs, so it sets nothing",
                        help: (Suggestion.closest(to: String(parts[1]), in: headerAttributes.map(\.0) + ["TTL"]).map { "did you mean \"\(attributePrefix)\(parts[0]).\($0)\"? " } ?? "")
                            + "the APNs attributes are " + headerAttributes.map { "\(attributePrefix)\(parts[0]).\($0.0)" }.joined(separator: ", ") + " and TTL",
                        range: attribute.keyRange, pointer: pointer, severity: .warning))
                    continue
                }
                headers.append(Member(key: header, keyRange: attribute.keyRange, value: value.value))
            }
            return headers
        }

        /// Keys SNS writes where the user wrote others (the alert built from `default` or a plain-text `Message`, the
        /// headers from attributes): no fix may rewrite those.
        var builtKeys: [SourceRange] = []

        func translation(requests: [DocumentNode], unsent: [DocumentNode] = [], headers: [Member], range: SourceRange) -> DialectTranslation {
            return DialectTranslation(
                request: requests.first ?? request(build.object([], range: range), headers: headers),
                additionalRequests: Array(requests.dropFirst()), unsentRequests: unsent, notes: notes, dialectKeyRanges: builtKeys + headers.map(\.keyRange),
                embeddedTexts: texts, embeddedProblems: problems,
                capabilities: .decidesPushType, sendsAPNs: !requests.isEmpty)
        }
    }
}
