import APNSLintModel

/// The `apns-topic` suffix each push type needs (apns-spec §2.4). `alert` and `background` take the bare
/// bundle ID; an `mdm` topic is the UID from the MDM push certificate.
enum TopicSuffix {
    /// Whether a payload that is plainly of type `payload` (an alert, a background update, a Live Activity or widget
    /// push: `PushType.inferred(fromAPSKeys:)`) contradicts a topic whose suffix names `topic`'s type. Other
    /// inferred types say too little to contradict anything. Without `apns-push-type`, APNs takes the push type of
    /// the topic's suffix, and a push type whose payload the app's own code reads (VoIP, complication, File
    /// Provider, location, Push to Talk: `PayloadShape.appDefined`) may carry any dictionary, an `aps` with an
    /// alert included: nothing a payload holds contradicts such a topic.
    static func payload(_ payload: PushType?, contradicts topic: PushType) -> Bool {
        guard topic.spec.payload != .appDefined else { return false }
        guard let payload, [.alert, .background, .liveactivity, .widgets].contains(payload), payload != topic else { return false }
        return !(payload == .widgets && topic == .controls)
    }

    /// Whether the topic is a Wallet pass type identifier (`pass.com.example.ticket`): a push there tells Wallet to
    /// fetch the updated pass from the pass's web service, and its payload is an empty dictionary (Apple, Wallet,
    /// "Update a pass"): Wallet reads nothing in it.
    static func isWalletPass(_ topic: String) -> Bool {
        // Byte by byte: several rules ask on every lint with a topic, and the generic `starts(with:)` cost 140
        // instructions a lint (callgrind).
        var bytes = topic.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "p") && bytes.next() == UInt8(ascii: "a") && bytes.next() == UInt8(ascii: "s")
            && bytes.next() == UInt8(ascii: "s") && bytes.next() == UInt8(ascii: ".")
    }

    /// The push type APNs gives the request: `apns-push-type`, else the one the topic's suffix names (a `.voip`
    /// topic without the header is a VoIP push); nil when neither says.
    static func declaredPushType(of headers: Headers) -> PushType? {
        if let type = headers.pushType { return type }
        guard headers.pushTypeField == nil, let topic = headers.topicField?.string else { return nil }
        return known(in: topic)?.type
    }

    /// Whether a topic is still what a template's sender fills in, or was redacted, rather than a bundle ID: it holds
    /// a character no bundle ID has (`{{bundle_id}}`, `${BUNDLE_ID}`, `%topic%`, `<bundle id>`), or, unless
    /// `periodless` is false, no period (every bundle ID is reverse-DNS: `YOUR_BUNDLE_ID`, `my_topic`, `xxx`). Its
    /// suffix, or the lack of one, says nothing.
    static func isPlaceholder(_ topic: String, periodless: Bool = true) -> Bool {
        var text = topic
        return text.withUTF8 { bytes in
            var hasPeriod = false
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "."): hasPeriod = true
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "-"), UInt8(ascii: "_"): continue
                default: return true
                }
            }
            return periodless && !hasPeriod
        }
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
