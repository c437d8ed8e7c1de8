import APNSLintModel
import APNSLintSyntax

/// `Message#package` (message.rb:120-130 at ADCK 0.2.0): `validate!` (:84-110) and `to_json` (:116-118), which
/// writes `payload` (:79-81) = `other.merge(aps: aps)`, `aps` (:65-72) and `alert` (:24-53), with the body cut by
/// `truncate` to the budget `test_payload` (:74-77) measured. The payload is a document whose values keep the ranges
/// of what the user wrote, holding what ADCK writes.
struct ADCKPackage {
    /// ADCK's own limit, checked by `validate!` (message.rb:105).
    static let sizeLimit = 255
    /// What `truncate: true` appends (message.rb:31).
    static let defaultSuffix = "..."
    /// How ADCK's encoder writes: compact UTF-8 (json 2.6.1: only `"`, `\` and control characters escaped), every
    /// pair of a Hash (the only key written twice is `aps`, when `other` holds one: `merge` keeps the String key
    /// "aps" beside the Symbol :aps). Keys given twice in the definition are merged while parsing (`RubyJSON`).
    static let encoding = WireEncoding(style: .compact, duplicates: .everyPair)

    private static let apsKeys = Set(Schema.aps.map(\.name))

    private(set) var payload: DocumentNode
    private(set) var notes: [DialectNote] = []

    private let message: ADCKMessage
    private let build: RequestBuilder
    /// False when `validate: false` makes `validate!` return `to_json` at once (message.rb:85).
    private let validates: Bool
    private var reformatted: [RubyJSON.Reformatted] = []

    init(_ message: ADCKMessage, build: RequestBuilder, range: SourceRange) {
        self.message = message
        self.build = build
        validates = message.validate?.value.bool != false
        payload = build.object([], range: range)

        // Values as ADCK holds them, with the notes on what it leaves out or rewrites.
        var alert: [Member] = []
        var nonFinite: [RubyJSON.NonFinite] = []
        var bodyNonFinite: [RubyJSON.NonFinite] = []
        var body: (setting: ADCKMessage.Setting, value: DocumentNode)?
        if let setting = message[.body] {
            if RubyJSON.isTruthy(setting.value) {
                body = (setting, RubyJSON.written(setting.value, pointer: setting.pointer, reformatted: &reformatted, nonFinite: &bodyNonFinite))
            } else {
                leftOut(setting, because: "ADCK sends no body for \(setting.value.shortDescription) (message.rb:29)", help: "remove it, or write the text to show")
            }
        }
        if let setting = message[.actionLocKey] {
            if RubyJSON.isTruthy(setting.value) {
                alert.append(sent(.actionLocKey, setting, nonFinite: &nonFinite))
            } else {
                // message.rb:59-63, 44-45: the setter keeps nil as false, and false is written as null (one OK button).
                if setting.value.bool == false {
                    notes.append(DialectNote(
                        kind: .rewrittenValue,
                        message: "\"\(setting.name)\": false is sent as \"action-loc-key\": null (message.rb:44-45): the device shows the alert with a single OK button and no action button",
                        help: "write null, which ADCK sends as it is; to keep the default buttons, leave action_loc_key out",
                        range: setting.value.range, pointer: setting.pointer))
                }
                alert.append(Member(key: ADCKMessage.Field.actionLocKey.sentKey, keyRange: setting.member.keyRange,
                                    value: DocumentNode(.null, range: setting.value.range)))
            }
        }
        for field in [ADCKMessage.Field.locKey, .locArgs, .launchImage] {
            guard let setting = message[field] else { continue }
            // message.rb:48-50: left out only when nil; false is sent.
            if setting.value.isNull {
                leftOut(setting, because: "ADCK leaves out a \(field.rawValue) of null (message.rb:48-50)", help: "remove it")
            } else {
                alert.append(sent(field, setting, nonFinite: &nonFinite))
            }
        }
        var apsRest: [Member] = []
        for field in [ADCKMessage.Field.badge, .sound] {
            guard let setting = message[field] else { continue }
            // message.rb:69-70: only a true value is sent (0 and "" are true in Ruby).
            if RubyJSON.isTruthy(setting.value) {
                apsRest.append(sent(field, setting, nonFinite: &nonFinite))
            } else {
                let effect = field == .badge ? "the badge on the app icon stays as it is (0 clears it)" : "the notification plays no sound"
                leftOut(setting, because: "ADCK leaves out a \(field.rawValue) of \(setting.value.shortDescription) (message.rb:\(field == .badge ? 69 : 70)): \(effect)",
                        help: "remove it")
            }
        }
        var other: [Member] = []
        if let setting = message[.other], setting.value.members != nil {
            other = RubyJSON.written(setting.value, pointer: setting.pointer, reformatted: &reformatted, nonFinite: &nonFinite).members ?? []
            // message.rb:80: merge keeps other's String key "aps" beside the Symbol :aps, so both are written. An
            // "aps" holding something else than aps keys is reported by reserved-custom-key on the payload.
            if let aps = other.first(where: { $0.key == "aps" }), let keys = aps.value.members,
               keys.isEmpty || keys.contains(where: { Self.apsKeys.contains($0.key) }) {
                notes.append(DialectNote(
                    kind: .reservedDataKey,
                    message: "\"other\" holds \"aps\": ADCK writes other's keys beside its own aps and keeps both (message.rb:80), so the payload has two \"aps\" keys and these aps keys are not merged into ADCK's; which of the two APNs reads is not documented",
                    help: "remove aps from other: ADCK 0.2.0 sets only alert, badge and sound in aps",
                    range: aps.keyRange, pointer: setting.pointer.appending("aps")))
            }
        }

        // message.rb:74-77: the budget for the body is 255 bytes less the payload with an empty body.
        let emptyBody = Member(key: ADCKMessage.Field.body.sentKey, keyRange: build.added, value: DocumentNode(.string(""), range: build.added))
        let measured = Self.payload(other: other, alert: [emptyBody] + alert, aps: apsRest, alertRange: build.added, build: build, range: range)
        let bodyBudget = Self.sizeLimit - WireSerializer.size(of: measured, duplicates: Self.encoding.duplicates, style: Self.encoding.style)

        if let (setting, written) = body {
            var value = written
            if let truncate = message.truncate, RubyJSON.isTruthy(truncate.value) {
                if let text = value.string {
                    if text.utf8.count > bodyBudget {
                        value = truncated(setting, text, budget: bodyBudget, suffix: truncate.value.string ?? Self.defaultSuffix)
                    }
                } else if !validates {
                    // With validate! on, the body's type is refused first (message.rb:91).
                    notes.append(DialectNote(
                        kind: .libraryError,
                        message: "\"\(setting.name)\" is \(RubyJSON.phrase(of: setting.value)) and truncate is on: ADCK asks the body for its byte size and raises NoMethodError (undefined method `bytesize' for \(RubyJSON.receiver(setting.value))) while writing the payload (message.rb:30), so nothing is sent",
                        help: "write the body as a string, or remove truncate",
                        range: setting.member.keyRange, pointer: setting.pointer))
                }
            }
            alert.insert(Member(key: ADCKMessage.Field.body.sentKey, keyRange: setting.member.keyRange, value: value), at: 0)
        }
        payload = Self.payload(other: other, alert: alert, aps: apsRest, alertRange: alertRange(alert), alertKey: message.alertKeyRange ?? build.added,
                               build: build, range: range)

        for number in nonFinite + bodyNonFinite {
            // The constructor writes everything but the body (message.rb:75); the body is written by package's to_json.
            let when = bodyNonFinite.contains { $0.range == number.range } ? "when it writes the payload (message.rb:117)" : "in ADCK::Message.new, which measures the payload (message.rb:75)"
            notes.append(DialectNote(
                kind: .libraryError,
                message: "\(number.written) is beyond the range of a Float: Ruby reads it as \(number.written.hasPrefix("-") ? "-" : "")Infinity, and the json gem raises JSON::GeneratorError (\(number.written.hasPrefix("-") ? "-" : "")Infinity not allowed in JSON) \(when), so nothing is sent",
                help: "write a number of at most 1.7976931348623157e+308, or send the value as a string",
                range: number.range, pointer: number.pointer))
        }
        for number in reformatted {
            notes.append(DialectNote(
                kind: .rewrittenValue,
                message: "\(number.written) is sent as \(number.sent): Ruby reads it as \(number.sent.contains(".") || number.sent.contains("e") ? "a Float" : "an Integer") and writes it back as Ruby prints it (ADCK's to_json, message.rb:116-118)",
                help: "write \(number.sent) to show what is sent",
                range: number.range, pointer: number.pointer))
        }
        if validates { validate() }
    }

    /// `validate!` (message.rb:84-110): the values it refuses, and its 255-byte limit. Each is reported: ADCK raises
    /// at the first, and at the next once that one is fixed.
    private mutating func validate() {
        let why = "ADCK 0.2.0's validate! raises ADCK::Message::InvalidAttribute"
        if let setting = message[.locArgs], RubyJSON.isTruthy(setting.value), setting.value.elements == nil {
            refuse(setting, "\"\(setting.name)\" is \(RubyJSON.phrase(of: setting.value)), not an array: \(why) (loc-args should be an array, message.rb:87-88), so nothing is sent",
                   help: "write loc_args as an array of strings, such as [\"Jenna\"]")
        }
        if let setting = message[.body], RubyJSON.isTruthy(setting.value), setting.value.string == nil {
            refuse(setting, "\"\(setting.name)\" is \(RubyJSON.phrase(of: setting.value)), not a string: \(why) (body needs to be a string, message.rb:91-92), so nothing is sent",
                   help: "write the body as a string")
        }
        if let setting = message[.actionLocKey], RubyJSON.isTruthy(setting.value) {
            // message.rb:95: `action_loc_key != false` is true for every such value, so a string is refused too.
            let string = setting.value.string != nil
            refuse(setting, "\"\(setting.name)\" is \(RubyJSON.phrase(of: setting.value)): \(why) (action-loc-key needs to be set to false/nil/string) for every action_loc_key but null and false\(string ? ", a string too: a bug in its check (message.rb:95), although its message and README allow one" : " (message.rb:95-96)"), so nothing is sent",
                   help: "leave action_loc_key out to keep the default buttons, or write null for a single OK button; to send a custom button with ADCK 0.2.0, add \"validate\": false, which turns off all of validate!'s checks, the 255-byte limit too")
        }
        if let setting = message[.badge], RubyJSON.isTruthy(setting.value), setting.value.number?.isInteger != true {
            refuse(setting, "\"\(setting.name)\" is \(RubyJSON.phrase(of: setting.value)), not an Integer: \(why) (badge needs to be a number or nil, message.rb:99-100), so nothing is sent",
                   help: "write the badge as a whole number, such as 5, or 0 to clear it")
        }
        let size = WireSerializer.size(of: payload, duplicates: Self.encoding.duplicates, style: Self.encoding.style)
        guard size > Self.sizeLimit else { return }
        let excess = size - Self.sizeLimit
        let hasBody = message[.body]?.value.string != nil
        let truncates = message.truncate.map { RubyJSON.isTruthy($0.value) } == true
        let cut = truncates && hasBody
            ? "; truncate cut the body by characters to a budget counted in bytes, before escapes, which is not enough here"
            : ""
        // Reported at the option that takes the most bytes.
        let largest = sentOptions.max { $0.size < $1.size }
        notes.append(DialectNote(
            kind: .libraryError,
            message: "the payload ADCK builds is \(size) bytes, \(excess) over ADCK's own limit: validate! raises ADCK::Message::PayloadTooLarge (Payload must be less than 256 bytes, is \(size)bytes, message.rb:105-106), so nothing is sent\(cut)",
            help: "cut at least \(excess) \(excess == 1 ? "byte" : "bytes")"
                + (largest.map { "; the largest part is \"\($0.setting.name)\" (\($0.size) bytes)" } ?? "")
                + (hasBody && !truncates ? "; \"truncate\": true lets ADCK cut the body to fit" : "")
                + "; \"validate\": false turns the limit off (the binary interface itself took 2048 bytes)",
            range: largest?.setting.member.keyRange ?? build.added, pointer: largest?.setting.pointer ?? .root))
    }

    /// The options whose values are sent, with their sizes as written on the wire.
    private var sentOptions: [(setting: ADCKMessage.Setting, size: Int)] {
        ADCKMessage.Field.allCases.compactMap { field in
            guard let setting = message[field], RubyJSON.isTruthy(setting.value) || field == .actionLocKey else { return nil }
            return (setting, WireSerializer.size(of: setting.value, duplicates: Self.encoding.duplicates, style: Self.encoding.style))
        }
    }

    private mutating func refuse(_ setting: ADCKMessage.Setting, _ message: String, help: String) {
        notes.append(DialectNote(kind: .libraryError, message: message, help: help, range: setting.member.keyRange, pointer: setting.pointer))
    }

    /// A field as ADCK writes it, under its APNs key, at the user's key.
    private mutating func sent(_ field: ADCKMessage.Field, _ setting: ADCKMessage.Setting, nonFinite: inout [RubyJSON.NonFinite]) -> Member {
        Member(key: field.sentKey, keyRange: setting.member.keyRange,
               value: RubyJSON.written(setting.value, pointer: setting.pointer, reformatted: &reformatted, nonFinite: &nonFinite))
    }

    private mutating func leftOut(_ setting: ADCKMessage.Setting, because reason: String, help: String) {
        notes.append(DialectNote(kind: .droppedKey, message: "\"\(setting.name)\" is not sent: \(reason)", help: help,
                                 range: setting.member.keyRange, pointer: setting.pointer))
    }

    /// `truncate` (message.rb:30-37): when the body has more bytes than the budget, ADCK keeps its first
    /// (budget - suffix length) characters, counted as Ruby counts a String's length (code points), and appends
    /// the suffix. A negative count drops that many characters from the end (Ruby's `str[0...-n]`).
    private mutating func truncated(_ setting: ADCKMessage.Setting, _ body: String, budget: Int, suffix: String) -> DocumentNode {
        let characters = Array(body.unicodeScalars)
        let end = budget - suffix.unicodeScalars.count
        let kept = end >= 0 ? min(end, characters.count) : max(0, characters.count + end)
        var text = String.UnicodeScalarView(characters[..<kept])
        text.append(contentsOf: suffix.unicodeScalars)
        let sent = String(text)
        let cut = String(String.UnicodeScalarView(characters[kept...]))
        let shown = sent.count > 40 ? "…" + String(sent.suffix(40)) : sent
        let budgetClause = "its body may have \(budget) bytes (255 less the rest of the payload, message.rb:76), and it has \(body.utf8.count)"
        notes.append(DialectNote(
            kind: .truncated,
            message: kept < characters.count
                ? "truncate makes ADCK cut \"\(setting.name)\" from \(characters.count) to \(kept) characters and append \"\(suffix)\": \(budgetClause); the device shows \"\(shown)\", without \"\(cut.count > 40 ? String(cut.prefix(40)) + "…" : cut)\""
                : "truncate makes ADCK append \"\(suffix)\" to \"\(setting.name)\" without cutting it: \(budgetClause), but ADCK keeps as many characters as the budget has bytes, and it has only \(characters.count) characters",
            help: "shorten the body yourself to choose what the user reads",
            range: setting.value.range, pointer: setting.pointer))
        return DocumentNode(.string(sent), range: setting.value.range)
    }

    /// Where the alert's fields are written: from the first key to the last value.
    private func alertRange(_ alert: [Member]) -> SourceRange {
        if let range = message.alertValueRange { return range }
        guard let start = alert.map(\.keyRange.start).min(), let end = alert.map(\.value.range.end).max(), start <= end else { return build.added }
        return SourceRange(start: start, end: end)
    }

    /// `other.merge(aps: aps)` (message.rb:80): custom keys first, then `aps` with `alert` (left out when empty,
    /// message.rb:68), `badge`, `sound`.
    private static func payload(other: [Member], alert: [Member], aps: [Member], alertRange: SourceRange, alertKey: SourceRange? = nil,
                                build: RequestBuilder, range: SourceRange) -> DocumentNode {
        var request = build
        for member in other { request.writtenCustom(member) }
        request.placeAPS(key: build.added, value: range, index: other.count)
        for member in alert { request.alert(member.key, from: member) }
        request.placeAlert(key: alertKey ?? build.added, value: alertRange)
        for member in aps { request.aps.append(member) }
        return request.payload(range: range)
    }
}
