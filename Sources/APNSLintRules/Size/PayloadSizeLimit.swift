import APNSLintModel
import APNSLintSyntax

/// The payload size limit that applies to a definition, shared by `payload-too-large` and `payload-near-limit`
/// (../shared/reference/apns-spec.md §3).
///
/// - HTTP/2 provider API (the default profile): 4096 bytes; 5120 bytes for `apns-push-type: voip` and for a
///   broadcast request (one with `apns-channel-id`).
/// - The legacy binary interface (`RuleOptions.sizeLimitProfile == .legacyBinary`, retired March 2021): 2048
///   bytes for every push type.
///
/// Only declared headers count: nothing in a payload makes APNs treat it as VoIP or broadcast.
struct PayloadSizeLimit: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case standard, voip, broadcast, legacyBinary
    }

    static let standardBytes = PushType.alert.spec.sizeLimit
    static let voipBytes = PushType.voip.spec.sizeLimit
    static let legacyBinaryBytes = 2048

    let kind: Kind

    init(kind: Kind) {
        self.kind = kind
    }

    init(for definition: NotificationDefinition, options: RuleOptions) {
        switch options.sizeLimitProfile {
        case .legacyBinary: kind = .legacyBinary
        case .http2:
            // A broadcast (Live Activity channel) request carries apns-channel-id and has the VoIP limit. Without
            // apns-push-type, a `.voip` topic makes the push a VoIP one (`TopicSuffix.declaredPushType`); where the
            // reader elided the headers, the topic is not known, and the larger limit is the one a finding can rest on.
            let headers = definition.headers
            let topicUnknown = headers.pushTypeField == nil && headers.topicField == nil && headers.declaration?.value.elided != nil
            kind = TopicSuffix.declaredPushType(of: headers) == .voip || topicUnknown ? .voip : headers.isBroadcast ? .broadcast : .standard
        }
    }

    /// The smallest limit of a profile: a payload within it is within every limit of the profile, so the rules
    /// need not look at the headers (which cost a look-up) to know the definition's own.
    static func smallestBytes(in profile: RuleOptions.SizeLimitProfile) -> Int {
        switch profile {
        case .http2: standardBytes
        case .legacyBinary: legacyBinaryBytes
        }
    }

    var bytes: Int {
        switch kind {
        case .standard: Self.standardBytes
        case .voip, .broadcast: Self.voipBytes
        case .legacyBinary: Self.legacyBinaryBytes
        }
    }

    /// "APNs's limit of 4096 bytes for a payload", for messages.
    var phrase: String {
        switch kind {
        case .standard: "APNs's limit of \(bytes) bytes for a payload"
        case .voip: "APNs's limit of \(bytes) bytes for a VoIP payload"
        case .broadcast: "APNs's limit of \(bytes) bytes for a broadcast payload"
        case .legacyBinary: "the legacy binary interface's limit of \(bytes) bytes"
        }
    }

    /// What happens to a payload over the limit.
    var rejection: String {
        switch kind {
        case .standard, .voip, .broadcast: "APNs rejects it with 413 PayloadTooLarge and nothing is delivered"
        case .legacyBinary: "the legacy binary interface refuses it and nothing is delivered"
        }
    }

    /// Whether sending the content by reference is worth suggesting (not for VoIP, whose payload starts the call).
    var suggestsReference: Bool { kind != .voip }

    /// How the size is measured, for messages: "as sent (compact UTF-8 JSON)", "as sent (the request body's bytes)".
    static func measurement(_ style: WireSerializer.Style, isBody: Bool = false) -> String {
        isBody ? "as sent (the request body's bytes)" : "as sent (\(style.phrase))"
    }

    /// Why the size is more than compact UTF-8 would be, when it is: "; as compact UTF-8 it would be 4050 bytes: the
    /// ascii serializer's \uXXXX escapes add 230" (or, for a request body, "its whitespace and escapes add 230");
    /// empty otherwise.
    static func escapingClause(size: Int, compactSize: Int, style: WireSerializer.Style, isBody: Bool = false) -> String {
        guard isBody || style != .compact, size > compactSize else { return "" }
        let cause = isBody ? "its whitespace and escapes" : "the \(style.rawValue) serializer's \(style.addedEscapes)"
        return "; as compact UTF-8 it would be \(compactSize) bytes: \(cause) add \(size - compactSize)"
    }

    /// The largest string values of `payload` (as serialized), biggest first, as "/pointer (n bytes)".
    static func largestStrings(in payload: Payload, count: Int, style: WireSerializer.Style = .compact) -> [String] {
        largestStrings(in: payload.node, at: payload.pointer, count: count, style: style)
    }

    /// The largest string values of `root` (at `pointer`), biggest first, as "/pointer (n bytes)"; an elided
    /// container counts as one value ("at least n bytes" in a style that escapes more than compact UTF-8, or when it
    /// holds a duplicate key).
    static func largestStrings(in root: DocumentNode, at pointer: JSONPointer, count: Int, style: WireSerializer.Style = .compact) -> [String] {
        var found: [(pointer: JSONPointer, size: Int, isLowerBound: Bool)] = []
        root.walk { node, path in
            if let summary = node.elided {
                found.append((JSONPointer(pointer.tokens + path), summary.minimumLength, style != .compact || summary.hasDuplicateKeys))
            }
            guard node.string != nil else { return }
            found.append((JSONPointer(pointer.tokens + path), WireSerializer.size(of: node, style: style), false))
        }
        return found.sorted { $0.size > $1.size }.prefix(count).map { "\($0.pointer) (\($0.isLowerBound ? "at least " : "")\($0.size) bytes)" }
    }
}
