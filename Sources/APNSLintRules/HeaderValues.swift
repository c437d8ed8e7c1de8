import APNSLintModel
import APNSLintSyntax

/// Shared by the header and push-type rules: header values as they go on the wire, topic suffixes, dates.
enum HeaderValue {
    /// The value as it goes on the wire: a string as written, a number as its source text; nil for other types.
    static func text(of field: Field) -> String? {
        field.value.string ?? field.value.number?.text
    }

    /// A numeric header's value when it is written exactly as an integer: a JSON integer, or a string of ASCII
    /// digits with an optional leading `-` (no spaces, no `+`, no fraction).
    static func integer(of field: Field) -> Int? {
        switch field.value.value {
        case .number(let number): return number.intValue
        case .string(let text):
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text)
        default: return nil
        }
    }

    /// A short "what it is" for a value of the wrong type: `a boolean (true)`.
    static func describeType(of field: Field) -> String {
        field.value.isNull ? "null" : "\(field.value.kind.phrase) (\(field.value.shortDescription))"
    }

    /// Where the header fields from outside the file come from (`--priority`, `.apns-lint.yml:4:3`), for messages
    /// about headers that have no place in the file.
    static func outsideSources(in headers: Headers) -> [String] {
        headers.fields.fields.compactMap(\.origin.outsideSource)
    }
}

extension String {
    /// Without leading and trailing whitespace (including line breaks).
    var trimmingWhitespace: String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}

/// The `apns-topic` suffix each push type needs (apns-spec §2.4). `alert` and `background` take the bare
/// bundle ID; an `mdm` topic is the UID from the MDM push certificate.
enum TopicSuffix {
    /// Whether the topic is a Wallet pass type identifier (`pass.com.example.ticket`): a push there tells Wallet to
    /// fetch the updated pass from the pass's web service, and its payload is an empty dictionary (Apple, Wallet,
    /// "Update a pass"): Wallet reads nothing in it.
    /// Whether a payload that is plainly of type `payload` (an alert, a background update, a Live Activity or widget
    /// push: `PushType.inferred(fromAPSKeys:)`) contradicts a topic whose suffix names `topic`'s type. Other
    /// inferred types say too little to contradict anything.
    static func payload(_ payload: PushType?, contradicts topic: PushType) -> Bool {
        guard let payload, [.alert, .background, .liveactivity, .widgets].contains(payload), payload != topic else { return false }
        return !(payload == .widgets && topic == .controls)
    }

    static func isWalletPass(_ topic: String) -> Bool {
        // Byte by byte: several rules ask on every lint with a topic, and the generic `starts(with:)` cost 140
        // instructions a lint (callgrind).
        var bytes = topic.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "p") && bytes.next() == UInt8(ascii: "a") && bytes.next() == UInt8(ascii: "s")
            && bytes.next() == UInt8(ascii: "s") && bytes.next() == UInt8(ascii: ".")
    }

    /// The suffix a push type's topic must end with (Apple's spec, `PushType.spec`); nil for a bare bundle ID
    /// (`alert`, `background`) and for `mdm`.
    static func suffix(for type: PushType) -> String? {
        type.spec.topicSuffix
    }

    /// The suffixes as one run of bytes, and where each suffixed push type's is in it: `known(in:)` compares a
    /// topic with them without a string or an array per suffix (every lint asks, and the reference counting of
    /// those was most of its cost). Built once from `suffix(for:)`.
    private struct SuffixTable {
        struct Entry {
            let type: PushType
            let start: Int
            let count: Int
        }

        var bytes: [UInt8] = []
        var entries: [Entry] = []

        init() {
            for type in PushType.allCases {
                guard let suffix = TopicSuffix.suffix(for: type) else { continue }
                entries.append(Entry(type: type, start: bytes.count, count: suffix.utf8.count))
                bytes += suffix.utf8
            }
        }
    }

    private static let suffixTable = SuffixTable()

    /// The known suffix a topic ends with (compared case-insensitively), and the push type it belongs to.
    static func known(in topic: String) -> (type: PushType, suffix: String)? {
        var text = topic
        let isASCII = text.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
        guard isASCII else {
            let lowered = topic.lowercased()
            var longest: (type: PushType, suffix: String)?
            for entry in suffixTable.entries {
                guard let suffix = suffix(for: entry.type), lowered.hasSuffix(suffix),
                      suffix.count > (longest?.suffix.count ?? 0) else { continue }
                longest = (entry.type, suffix)
            }
            return longest
        }
        // Every bundle ID is ASCII: its bytes are compared as they are, without building a lowercased copy.
        let table = suffixTable
        let type: PushType? = text.withUTF8 { topic in
            table.bytes.withUnsafeBufferPointer { suffixes in
                var longest: SuffixTable.Entry?
                for entry in table.entries where entry.count > (longest?.count ?? 0) {
                    let suffix = UnsafeBufferPointer(rebasing: suffixes[entry.start..<entry.start + entry.count])
                    if endsWithIgnoringASCIICase(topic, suffix) { longest = entry }
                }
                return longest?.type
            }
        }
        return type.flatMap { type in suffix(for: type).map { (type, $0) } }
    }

    /// Whether the ASCII `bytes` end with the lowercase ASCII `suffix`, ignoring the case of `bytes`.
    private static func endsWithIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= suffix.count else { return false }
        let start = bytes.count - suffix.count
        // From the end, where topics differ first.
        for index in suffix.indices.reversed() {
            let byte = bytes[start + index]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
            if lowered != suffix[index] { return false }
        }
        return true
    }

    /// The topic without its known suffix: the bundle ID.
    static func bundleID(of topic: String) -> String {
        guard let found = known(in: topic) else { return topic }
        return String(topic.dropLast(found.suffix.count))
    }
}

/// Dates and durations for messages about epoch-second values, without Foundation.
enum EpochTime {
    static let day = 86_400

    /// `300` → `1970-01-01 00:05:00 UTC` (proleptic Gregorian calendar).
    static func utc(_ seconds: Int) -> String {
        let civil = CivilTime(epochSeconds: seconds)
        return "\(civil.year)-\(CivilTime.pad(civil.month))-\(CivilTime.pad(civil.day)) \(civil.time) UTC"
    }

    /// `86400` → `1 day`, `300` → `5 minutes`, `90061` → `1 day 1 hour` (two largest units at most).
    static func duration(_ seconds: Int) -> String {
        let seconds = abs(seconds)
        let units: [(String, Int)] = [("day", day), ("hour", 3600), ("minute", 60), ("second", 1)]
        var parts: [String] = []
        var rest = seconds
        for (name, size) in units where rest >= size && parts.count < 2 {
            let count = rest / size
            rest -= count * size
            parts.append("\(count) \(name)\(count == 1 ? "" : "s")")
        }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}
