import APNSLintSyntax

/// The size of an object payload on the wire, measured once, when its definition is bound
/// (`NotificationDefinition.payloadSize`): what the size rules read.
public struct PayloadSize: Sendable, Hashable {
    /// The payload's bytes on the wire: as `style` writes it, or (`isBody`) the request body's own bytes.
    public let bytes: Int
    /// The payload's bytes as compact UTF-8 JSON (as the sending library writes it, for a library's definition).
    public let compactBytes: Int
    /// How the sender escapes strings (`Provenance.style`).
    public let style: WireSerializer.Style
    /// `bytes` are those of a request body that no serializer style writes back (`Provenance.bodySize`).
    public let isBody: Bool
    /// The payload holds an elided container (`NotificationDefinition.payloadHoldsElidedContent`), which is measured
    /// by its compact length: `bytes` is at least what it says in a style that escapes more than compact UTF-8, and
    /// both sizes are when a duplicate key is inside it (each object with one counted as `{}`).
    public let isLowerBound: Bool

    public init(bytes: Int, compactBytes: Int, style: WireSerializer.Style, isBody: Bool = false, isLowerBound: Bool = false) {
        self.bytes = bytes
        self.compactBytes = compactBytes
        self.style = style
        self.isBody = isBody
        self.isLowerBound = isLowerBound
    }

    /// Measures `payload`, an object whose size as its sender writes it, or as compact UTF-8 for a request as written,
    /// is `size` (`NotificationDefinition.objectPayloadSize`): only a style other than that one is written out again.
    static func measure(_ payload: DocumentNode, size: Int, provenance: Provenance, elision: NotificationDefinition.PayloadElision)
        -> PayloadSize {
        if let bodySize = provenance.bodySize {
            return PayloadSize(bytes: bodySize, compactBytes: size, style: provenance.style, isBody: true)
        }
        let style = provenance.style
        let wire = style == (provenance.encoding?.style ?? .compact) ? size
            : WireSerializer.size(of: payload, duplicates: provenance.duplicates, style: style)
        guard elision == .withDuplicateKeys else {
            return PayloadSize(bytes: wire, compactBytes: size, style: style, isLowerBound: style != .compact && elision != .none)
        }
        var surplus = 0
        payload.walk { node, _ in
            if let summary = node.elided { surplus += summary.compactLength - summary.minimumLength }
        }
        return PayloadSize(bytes: wire - surplus, compactBytes: size - surplus, style: style, isLowerBound: true)
    }
}
