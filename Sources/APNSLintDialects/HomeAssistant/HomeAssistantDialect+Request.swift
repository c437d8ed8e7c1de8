import APNSLintModel
import APNSLintSyntax

/// One notify call's service data into the APNs request the companion app's push relay sends
/// (home-assistant/mobile-apps-fcm-push `functions/legacy.js`, commit 85b4c82): each step names the relay's.
extension HomeAssistantDialect {
    static func translate(_ serviceData: [Member], into request: inout RequestBuilder) {
        func last(_ key: String, in members: [Member]) -> Member? { members.last { $0.key == key } }
        // Home Assistant's notify schema: `message` is required, `data` is a mapping, and no other key is allowed.
        for member in serviceData where !serviceDataKeys.contains(member.key) {
            request.note(.droppedKey,
                         "\"\(member.key)\" is not a field of a notify action: Home Assistant refuses the action (\"extra keys not allowed\") and nothing is sent",
                         help: iOSDataKeys.contains(member.key)
                             ? "\"\(member.key)\" is one of the companion app's options, which go under data: data: {\(member.key): …}"
                             : (Suggestion.closest(to: member.key, in: serviceDataKeys).map { "did you mean \"\($0)\"? " } ?? "")
                                 + "a notify action takes message, title, target and data; the companion app's options go under data",
                         at: member.keyRange, pointer: request.pointer(member.key), severity: .error)
        }
        guard let message = last("message", in: serviceData), !message.value.isNull else {
            request.note(.missingKey, "the notify action has no \"message\", which Home Assistant requires: it refuses the action and nothing is sent",
                         help: "add message: \"…\" (or a command such as message: clear_badge)", at: request.owner, pointer: request.pointer())
            return
        }
        let dataMember = last("data", in: serviceData)
        let data = dataMember?.value.members ?? []
        if let dataMember, dataMember.value.members == nil, !dataMember.value.isNull {
            request.note(.invalidValueType, "\"data\" is \(dataMember.value.kind.phrase), but a notify action's data is a mapping: Home Assistant refuses the action",
                         help: "write data as a mapping: data: {push: {badge: 1}}", at: dataMember.value.range, pointer: request.pointer("data"),
                         severity: .error)
        }
        let push = last("push", in: data)?.value.members ?? []
        let text = isTemplate(message.value) ? nil : message.value.string
        if let text, commands.contains(text) {
            command(text, message: message, push: push, data: data, into: &request)
            return
        }
        if text == "clear_badge" {
            request.aps("badge", from: message, value: DocumentNode(.number(NumberLiteral(text: "0", isInteger: true)), range: message.value.range))
            pushType(background: false, into: &request)
            return
        }
        let deletesAlert = text == "delete_alert"
        if !deletesAlert {
            request.alert("body", from: message)
            if let title = last("title", in: serviceData), !title.value.isNull {
                if title.value.string == defaultTitle {
                    request.note(.droppedKey, "Home Assistant leaves out the title \"\(defaultTitle)\" (its default title), so the notification shows no title",
                                 help: "write another title, or none", at: title.value.range, pointer: request.pointer("title"))
                } else {
                    request.alert("title", from: title)
                }
            }
            if let subtitle = last("subtitle", in: data), subtitle.value.string != nil {
                request.alert("subtitle", from: subtitle)
            }
        }
        dataKeys(data, into: &request)
        let contentAvailable = pushKeys(push, data: data, deletesAlert: deletesAlert, into: &request)
        // The relay's default sound, unless `push` or `data` set one ("none" removes it) or the alert is deleted.
        if !deletesAlert, request.aps["sound"] == nil, !(last("sound", in: data) ?? last("sound", in: push)).map(isNoSound(_:)).orFalse {
            request.aps("sound", from: message, value: RequestBuilder.string("default", at: message.value.range))
        }
        // `category: DYNAMIC` for actions and attachments, unless the push sets one.
        if request.aps["category"] == nil, let key = data.first(where: { categoryKeys.contains($0.key) }) {
            request.aps("category", from: key, value: RequestBuilder.string("DYNAMIC", at: key.keyRange))
        }
        if !contentAvailable, !push.contains(where: { $0.key == "mutable-content" }) {
            request.aps("mutable-content", from: message, value: DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: message.keyRange))
        }
        pushType(background: contentAvailable, into: &request)
    }

    /// A command the app runs in the background: `{"aps": {"content-available": 1}, "homeassistant": {"command": …}}`,
    /// with `push.badge` when given.
    private static func command(_ name: String, message: Member, push: [Member], data: [Member], into request: inout RequestBuilder) {
        request.aps("content-available", from: message, value: DocumentNode(.number(NumberLiteral(text: "1", isInteger: true)), range: message.value.range))
        if let badge = push.last(where: { $0.key == "badge" }) { self.badge(badge, into: &request) }
        let commandName = name == "request_location_updates" ? "request_location_update" : name
        var fields = [Member(key: "command", keyRange: message.keyRange, value: RequestBuilder.string(commandName, at: message.value.range))]
        if name == "clear_notification", let tag = data.last(where: { $0.key == "tag" }) {
            fields.append(tag)
        }
        request.custom("homeassistant", from: message, value: DocumentNode(.object(fields), range: message.value.range))
        pushType(background: true, into: &request)
    }

    /// The relay's push type (`background` with `contentAvailable`, else `alert`), and FCM's default priority unless
    /// `apns_headers` gives one.
    private static func pushType(background: Bool, into request: inout RequestBuilder) {
        request.systemHeader(HeaderName.pushType, background ? "background" : "alert",
                             note: background
                                ? "the companion app's push relay sends a notification whose push holds contentAvailable (or a command) as apns-push-type background"
                                : "the companion app's push relay sends every notification without contentAvailable as apns-push-type alert",
                             help: background ? "send a message without contentAvailable for an alert" : "add push: {contentAvailable: true} for a background push")
        if request.headers[HeaderName.priority] == nil {
            request.systemHeader(HeaderName.priority, "10",
                                 note: "apns-priority 10 is FCM's default, and the companion app's push relay sends through FCM without one",
                                 help: "set apns_headers: {apns-priority: 5} in data for a lower priority")
        }
    }

    /// `data`'s keys for an Apple device: custom keys beside `aps`, the attachment, the group, the tag, the headers.
    private static func dataKeys(_ data: [Member], into request: inout RequestBuilder) {
        for member in data {
            switch member.key {
            case _ where isTemplate(member.value) && member.key != "url":
                continue
            case "apns_headers":
                for header in member.value.members ?? [] where !isTemplate(header.value) {
                    request.header(header.key.lowercased(), from: header)
                }
            case "action_data":
                request.custom("homeassistant", from: member)
            case "tag":
                if member.value.string != nil { request.header(HeaderName.collapseID, from: member) }
            case "group":
                if member.value.string != nil { request.aps("thread-id", from: member) }
            case let key where customKeys.contains(key):
                request.custom(key, from: member)
            case "video", "image", "audio":
                guard request.custom["attachment"] == nil, member.value.string != nil,
                      let type = attachmentTypes.first(where: { $0.0 == member.key })?.1 else { continue }
                let fields = [Member(key: "content-type", keyRange: member.keyRange, value: RequestBuilder.string(type, at: member.keyRange)),
                              Member(key: "url", keyRange: member.keyRange, value: member.value)]
                request.custom("attachment", from: member, value: DocumentNode(.object(fields), range: member.value.range))
            case let key where iOSDataKeys.contains(key) || androidDataKeys.contains(key):
                continue
            default:
                guard let meant = Suggestion.closest(to: member.key, in: iOSDataKeys) else { continue }
                request.note(.droppedKey,
                             "\"\(member.key)\" is not an option the companion app's push relay reads for an Apple device, so nothing of it is sent",
                             help: "did you mean \"\(meant)\"? the options are listed at companion.home-assistant.io/docs/notifications/basic",
                             at: member.keyRange, pointer: request.pointer("data", member.key))
            }
        }
    }

    /// `push` merged into `aps` as written, then `data.sound` and `data.group` over it; returns whether the push is a
    /// background one (`contentAvailable`).
    private static func pushKeys(_ push: [Member], data: [Member], deletesAlert: Bool, into request: inout RequestBuilder) -> Bool {
        var contentAvailable = false
        let group = data.last { $0.key == "group" && $0.value.string != nil }
        let dataSound = data.last { $0.key == "sound" && !isTemplate($0.value) }
        for member in push where !isTemplate(member.value) && !member.value.isNull {
            switch member.key {
            case "badge":
                badge(member, into: &request)
            case "sound":
                if dataSound == nil, !deletesAlert { sound(member, into: &request) }
            case "category":
                // The relay upper-cases the category (the app registers its categories so).
                if let text = member.value.string {
                    request.aps("category", from: member, value: text == text.uppercased() ? nil : RequestBuilder.string(text.uppercased(), at: member.value.range))
                } else {
                    request.aps("category", from: member)
                }
            case "thread-id" where group != nil:
                continue
            case "contentAvailable":
                contentAvailable = member.value.bool == true || (member.value.number.map { $0.text != "0" } ?? false)
                if contentAvailable { request.apsFlag("content-available", from: member) }
            case "mutableContent":
                // The relay sets mutableContent itself unless contentAvailable: firebase-admin writes it as 1.
                continue
            case "mutable-content" where !push.contains(where: { $0.key == "contentAvailable" }):
                request.note(.libraryError,
                             "the push relay sets mutableContent on every notification without contentAvailable, and \"mutable-content\" here is a second spelling of it: firebase-admin refuses the message (\"Multiple specifications for mutableContent in Aps\") and nothing is sent",
                             help: "remove \"mutable-content\": the relay already sends mutable-content: 1",
                             at: member.keyRange, pointer: request.pointer("data", "push", member.key))
                request.aps(member.key, from: member)
            case let key where adminSpellings[key] != nil:
                request.aps(adminSpellings[key]!, from: member)
            default:
                request.aps(member.key, from: member)
            }
        }
        if let dataSound, !deletesAlert { sound(dataSound, into: &request) }
        if let group { request.aps("thread-id", from: group) }
        return contentAvailable
    }

    /// `badge`: the relay sends `Number(badge)`, and Home Assistant's template rendering reads a quoted integer as one,
    /// so `'5'` arrives as 5; still, a badge is a number, and a quoted one is a string wherever nothing converts it.
    private static func badge(_ member: Member, into request: inout RequestBuilder) {
        guard let text = member.value.string else {
            request.aps("badge", from: member)
            return
        }
        let trimmed = trim(text)
        let digits = trimmed.hasPrefix("-") ? trimmed.dropFirst() : Substring(trimmed)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            request.aps("badge", from: member)
            return
        }
        request.note(.invalidValueType,
                     "\"badge\" is the string \"\(text)\", but an APNs badge is a number: the push relay converts it (Number()) and Home Assistant's template rendering reads a quoted integer as one, but where the text reaches the app unconverted (older relays, Home Assistant's legacy templates) iOS ignores it and the badge does not change",
                     help: "write the number without quotes: badge: \(trimmed)",
                     at: member.value.range, pointer: request.pointer("data", "push", "badge"), severity: .warning)
        request.aps("badge", from: member, value: DocumentNode(.number(NumberLiteral(text: trimmed, isInteger: true)), range: member.value.range))
    }

    /// `sound`: "none" is removed; a dictionary's `volume` and `critical` are converted to numbers (parseFloat, parseInt).
    private static func sound(_ member: Member, into request: inout RequestBuilder) {
        if isNoSound(member) { return }
        guard let parts = member.value.members else {
            request.aps("sound", from: member)
            return
        }
        var converted: [Member] = []
        for part in parts {
            if isTemplate(part.value) { continue }
            guard ["volume", "critical"].contains(part.key), let text = part.value.string, Double(trim(text)) != nil else {
                converted.append(part)
                continue
            }
            let number = trim(text)
            let value = part.key == "critical" ? String(Int(Double(number)!)) : number
            converted.append(Member(key: part.key, keyRange: part.keyRange,
                                    value: DocumentNode(.number(NumberLiteral(text: value, isInteger: !value.contains("."))), range: part.value.range)))
        }
        request.aps("sound", from: member, value: converted.count == parts.count && converted.elementsEqual(parts, by: { $0.value.range == $1.value.range && $0.value.kind == $1.value.kind })
                        ? nil : DocumentNode(.object(converted), range: member.value.range))
    }

    private static func trim(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    static func isNoSound(_ member: Member) -> Bool {
        member.value.string?.lowercased() == "none"
    }
}

private extension Optional where Wrapped == Bool {
    var orFalse: Bool { self ?? false }
}
