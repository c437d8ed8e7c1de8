import APNSLintModel
import APNSLintSyntax

/// An Expo push message, or an array of them, as sent to Expo's push API (`POST https://exp.host/--/api/v2/push/send`),
/// turned into the APNs request Expo's service sends to an Apple device. Expo's service is not public: the mapping is
/// the one its documentation gives (docs.expo.dev/push-notifications/sending-notifications, "Message request format",
/// and sending-notifications-custom, "Payload Formats: iOS", read 2026-11), with the message type of
/// expo-server-sdk-node v6.1.0 (`src/ExpoClient.ts` at commit 49bc1f9, May 2026, whose `ExpoPushMessage` is the request
/// format's table):
///
///     {"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "body": "there", "data": {"id": 7}}
///     → headers {"apns-push-type": "alert", "apns-priority": "10"},
///       payload {"aps": {"alert": {"title": "Hi", "body": "there"}}, "body": {"id": 7}}
///
/// - `title`, `subtitle`, `body` → `aps.alert`; such a message is sent with `apns-push-type: alert` ("Notification
///   Message", docs/push-notifications/what-you-need-to-know).
/// - `_contentAvailable` → `aps.content-available: 1` (the only spelling: the SDK's `ExpoPushMessage` and the docs'
///   table have no other); a message with only `data` and the flag is a "Headless Background Notification", sent as a
///   background push. `contentAvailable`, `content-available` and `content_available` are not fields: Expo does not
///   send them, and the push wakes nothing.
/// - `priority`: `normal` → `apns-priority` 5, `high` → 10; `default` or none is "high" on iOS.
/// - `ttl` → `apns-expiration` (send time + ttl), else `expiration`: "`ttl` takes precedence over `expiration`".
/// - `badge`, `sound` (a string, null, or `{critical, name, volume}`), `categoryId` → `category`, `mutableContent` →
///   `mutable-content: 1`, `interruptionLevel`, `threadId`, `targetContentId`, `relevanceScore`, `collapseId` →
///   `apns-collapse-id`.
/// - `data` reaches the app under the payload's `body` key (`userInfo["body"]`: expo/expo #10462), beside keys of
///   Expo's own (`experienceId`, `scopeKey`) which no field sets: they are not shown, nor counted.
/// - `channelId`, `icon`, `tag` and `richContent` are Android's or need the app's own extension: not in the request.
/// - Expo refuses a request of more than 100 recipients (PUSH_TOO_MANY_NOTIFICATIONS), a value of the wrong type
///   (VALIDATION_ERROR: "\"[0].sound\" must be one of [default, null, object]", expo/expo #12969), and sends to Expo
///   push tokens only (`Expo.isExpoPushToken`).
enum ExpoDialect {
    /// The message's fields and the JSON types Expo's API takes for them.
    static let fields: [(key: String, type: ServiceValueType)] = [
        ("to", .any), ("data", .object), ("title", .string), ("subtitle", .string), ("body", .string), ("sound", .any),
        ("ttl", .number), ("expiration", .number), ("priority", .string), ("interruptionLevel", .string), ("badge", .number),
        ("channelId", .string), ("icon", .string), ("richContent", .object), ("categoryId", .string), ("mutableContent", .bool),
        ("collapseId", .string), ("tag", .string), ("_contentAvailable", .bool), ("threadId", .string),
        ("targetContentId", .string), ("relevanceScore", .number), ("filterCriteria", .string),
    ]
    static let fieldTypes = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0.type) })
    static let fieldNames = fields.map(\.key)
    /// Keys only an Expo message has among the systems apns-lint reads.
    static let distinctiveKeys: Set<String> = ["_contentAvailable", "channelId", "categoryId", "richContent"]
    /// Its fields, and the spellings of the content-available flag it reports as not Expo's.
    static let ownKeys = Set(fieldNames).union(["contentAvailable", "content_available", "content-available"])
    /// The most recipients one request may have.
    static let recipientLimit = 100
    static let priorities = ["default": "10", "high": "10", "normal": "5"]
    /// Fields that are `aps` keys in Expo's spelling.
    static let apsKeys = ["badge": "badge", "categoryId": "category", "interruptionLevel": "interruption-level", "threadId": "thread-id",
                          "targetContentId": "target-content-id", "relevanceScore": "relevance-score", "filterCriteria": "filter-criteria"]
    /// Spellings of the content-available flag Expo does not read (compared lowercased, letters only).
    static let contentAvailableMisspellings = ["contentavailable": "\"_contentAvailable\": true (Expo's only spelling of the flag: expo-server-sdk-node's ExpoPushMessage, Expo's message request format)"]

    /// A message whose `to` holds an Expo push token, or which has `to` beside a top-level title, subtitle or body
    /// (FCM's legacy body holds those in `notification`).
    static func recognizes(_ members: [Member]) -> Bool {
        guard let to = members.last(where: { $0.key == "to" })?.value else { return false }
        if members.contains(where: { ["title", "subtitle", "body"].contains($0.key) && $0.value.string != nil }) { return true }
        if let token = to.string { return isPushToken(token) }
        return to.elements?.contains { $0.string.map(isPushToken) ?? false } ?? false
    }

    /// Whether a document found in a directory is an Expo message: its `to` holds an Expo push token, or it has the
    /// background flag only Expo spells so.
    static func marksDefinition(_ members: [Member]) -> Bool {
        recognizes(members) || members.contains { $0.key == "_contentAvailable" }
    }

    static func recognizes(list elements: [DocumentNode]) -> Bool {
        elements.contains { $0.members.map(recognizes) ?? false }
    }

    /// expo-server-sdk-node's `Expo.isExpoPushToken`: `ExponentPushToken[…]`, `ExpoPushToken[…]`, or a UUID.
    static func isPushToken(_ token: String) -> Bool {
        if (token.hasPrefix("ExponentPushToken[") || token.hasPrefix("ExpoPushToken[")) && token.hasSuffix("]") { return true }
        let groups = token.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    static func translate(_ document: DocumentNode, now: Int?) -> DialectTranslation {
        let messages: [(node: DocumentNode, path: [String])]
        var batch = ServiceBatch()
        if let elements = document.elements {
            messages = elements.enumerated().map { ($0.element, [String($0.offset)]) }
        } else {
            messages = [(document, [])]
        }
        var recipients = 0
        for (message, path) in messages {
            guard let members = message.members else {
                batch.notes.append(DialectNote(
                    kind: .expoRequestInvalid,
                    message: "a push message is \(message.kind.phrase), but Expo takes an object (\"to\", \"title\", \"body\", …), so it refuses the request",
                    help: "write each message as an object: {\"to\": \"ExponentPushToken[…]\", \"title\": \"…\"}",
                    range: message.range, pointer: JSONPointer(path)))
                continue
            }
            var request = RequestBuilder(for: document, message: message, path: path)
            recipients += translate(members, into: &request, now: now, recipientsBefore: recipients)
            batch.add(request, range: message.range)
        }
        return batch.translation(of: document, capabilities: .decidesPushType)
    }

    /// One message into `request`; returns how many recipients it has.
    private static func translate(_ members: [Member], into request: inout RequestBuilder, now: Int?, recipientsBefore: Int) -> Int {
        func last(_ key: String) -> Member? { members.last { $0.key == key } }
        var recipients = 0
        for member in members {
            guard let type = fieldTypes[member.key] else {
                // A flag written false asks for nothing: only a flag meant on is a push that cannot work.
                request.dropped(member, system: "Expo", known: fieldNames, meant: member.value.bool == false ? [:] : contentAvailableMisspellings)
                continue
            }
            guard type.admits(member.value) || member.value.isNull else {
                request.note(.expoRequestInvalid,
                             "\"\(member.key)\" is \(member.value.kind.phrase), but Expo takes \(type.phrase): it refuses the request (VALIDATION_ERROR) and sends none of its messages",
                             help: "write \(type.phrase) for \"\(member.key)\"", at: member.value.range, pointer: request.pointer(member.key))
                continue
            }
            guard !member.value.isNull else { continue }
            switch member.key {
            case "to":
                recipients = checkRecipients(member, in: &request, before: recipientsBefore)
            case "title", "subtitle", "body":
                request.alert(member.key, from: member)
            case "data":
                // What the app reads as the notification's data is the payload's `body` (expo/expo #10462).
                request.custom("body", from: member)
            case "sound":
                sound(member, into: &request)
            case let key where apsKeys[key] != nil:
                request.aps(apsKeys[key]!, from: member)
            case "mutableContent":
                request.apsFlag("mutable-content", from: member)
            case "_contentAvailable":
                request.apsFlag("content-available", from: member)
            case "collapseId":
                request.header(HeaderName.collapseID, from: member)
            case "priority":
                guard let value = member.value.string.flatMap({ priorities[$0] }) else {
                    request.note(.expoRequestInvalid,
                                 "\"\(member.value.string ?? "")\" is not an Expo priority (default, normal, high): Expo refuses the request (VALIDATION_ERROR)",
                                 help: "write \"normal\" (apns-priority 5) or \"high\" (10)", at: member.value.range, pointer: request.pointer("priority"))
                    continue
                }
                if member.value.string == "default" {
                    request.systemHeader(HeaderName.priority, value, at: member.value.range,
                                         note: "Expo's \"default\" priority is \"high\" on iOS, sent as apns-priority 10",
                                         help: "write \"priority\": \"normal\" for apns-priority 5")
                } else {
                    request.header(HeaderName.priority, from: member, value: RequestBuilder.string(value, at: member.value.range))
                }
            case "ttl":
                if let now, let seconds = member.value.number?.doubleValue, seconds.isFinite, abs(seconds) < 1e12 {
                    request.header(HeaderName.expiration, from: member, value: RequestBuilder.string(String(now + Int(seconds)), at: member.value.range))
                }
            case "expiration":
                // `ttl` takes precedence over `expiration`.
                if last("ttl") == nil, let seconds = member.value.number, seconds.isInteger {
                    request.header(HeaderName.expiration, from: member, value: RequestBuilder.string(seconds.text, at: member.value.range))
                }
            default:
                // Android's fields (channelId, icon, tag) and richContent, which only the app's extension reads.
                break
            }
        }
        if last("to").map({ $0.value.isNull }) ?? true {
            request.note(.expoRequestInvalid, "the message has no \"to\", the one field Expo requires: it refuses the request",
                         help: "add \"to\": \"ExponentPushToken[…]\" (or an array of tokens)", at: request.owner, pointer: request.pointer())
        }
        if last("priority") == nil {
            request.systemHeader(HeaderName.priority, "10",
                                 note: "apns-priority 10 is Expo's default on iOS: the message sets no \"priority\", and Expo's default is \"high\"",
                                 help: "add \"priority\": \"normal\" to send it at apns-priority 5")
        }
        // The push type follows what the message holds: an alert, or only data and the flag (a background push).
        if request.hasAlert, request.aps["content-available"] != nil {
            // The finding is at the text that makes it an alert (the first of them), which is what it names.
            let texts = members.filter { ["title", "subtitle", "body"].contains($0.key) }
            if let first = texts.first {
                let shown = texts.map { "\"\($0.key)\"" }.joined(separator: ", ")
                request.note(.expoBackgroundWithAlert,
                             "a background message (\"_contentAvailable\") with \(shown): Expo sends a message with a title, subtitle or body as an alert, not a background push, so iOS shows it and the app's background task runs only when the user taps it",
                             help: "for a background push send only \"data\" and \"_contentAvailable\": true; send the alert as a message of its own",
                             at: first.keyRange, pointer: request.pointer(first.key))
            }
        }
        if request.hasAlert {
            request.systemHeader(HeaderName.pushType, "alert",
                                 note: "Expo sends a message with a title, subtitle or body as apns-push-type alert (a \"Notification Message\")",
                                 help: "for a background push, send only \"data\" and \"_contentAvailable\": true")
        } else if request.aps["content-available"] != nil {
            request.systemHeader(HeaderName.pushType, "background",
                                 note: "Expo sends a message with only data and _contentAvailable as a background push (a \"Headless Background Notification\")",
                                 help: "add a title or body to send it as an alert")
        }
        return recipients
    }

    /// Checks `to`: Expo push tokens only, and at most 100 recipients in the request. Returns the count.
    private static func checkRecipients(_ member: Member, in request: inout RequestBuilder, before: Int) -> Int {
        let tokens: [DocumentNode] = member.value.elements ?? [member.value]
        for (index, token) in tokens.enumerated() {
            let pointer = member.value.elements == nil ? request.pointer("to") : request.pointer("to", String(index))
            // A template's slot (`<Expo push token>`, `{{token}}`) is filled in by the sending code: not judged.
            guard let text = token.string, isPushToken(text) || TemplatePlaceholder.isPlaceholder(text) else {
                request.note(.expoRequestInvalid,
                             "\(token.string.map { "\"\($0)\"" } ?? token.kind.phrase) is not an Expo push token, so Expo sends nothing to it (the SDKs' isExpoPushToken refuses it)",
                             help: "use the token the app got from getExpoPushTokenAsync(): \"ExponentPushToken[…]\"", at: token.range, pointer: pointer)
                continue
            }
            if before + index == recipientLimit {
                request.note(.expoRequestInvalid,
                             "this is recipient \(recipientLimit + 1) of the request: Expo takes at most \(recipientLimit) per request and refuses the whole request (PUSH_TOO_MANY_NOTIFICATIONS)",
                             help: "send the messages in chunks of at most \(recipientLimit) recipients (the SDKs' chunkPushNotifications)", at: token.range, pointer: pointer)
            }
        }
        return tokens.count
    }

    /// `sound`: a string (a file name or "default"), or `{critical, name, volume}` with `critical` a boolean.
    private static func sound(_ member: Member, into request: inout RequestBuilder) {
        if member.value.string != nil {
            request.aps("sound", from: member)
            return
        }
        guard let parts = member.value.members else {
            request.note(.expoRequestInvalid,
                         "\"sound\" is \(member.value.kind.phrase), but Expo takes a string, null or {critical, name, volume}: it refuses the request (\"must be one of [default, null, object]\")",
                         help: "write \"sound\": \"default\"", at: member.value.range, pointer: request.pointer("sound"))
            return
        }
        // `critical` is a boolean in Expo's message and 1 in APNs's sound dictionary.
        guard let critical = parts.lastIndex(where: { $0.key == "critical" && $0.value.bool != nil }) else {
            request.aps("sound", from: member)
            return
        }
        var converted = parts
        if parts[critical].value.bool == true {
            converted[critical].value = DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: parts[critical].value.range)
        } else {
            converted.remove(at: critical)
        }
        request.aps("sound", from: member, value: DocumentNode(.object(converted), range: member.value.range))
    }
}
