import APNSLintSyntax

/// Where a document came from and how its payload goes on the wire: one value, made once where the linter reads a
/// document (from what its reader says, `init(_:)`), given to `Binder.bind`, kept by the definition
/// (`NotificationDefinition.provenance`) and read where it matters.
public struct Provenance: Sendable, Hashable {
    /// Which of two equal keys counts: the first for Erlang proplists, the last for JSON and YAML (the reader says,
    /// `ParseResult.firstDuplicateWins`).
    public var firstDuplicateWins: Bool
    /// The request document is the text as read, and that text is compact JSON as the serializer writes it
    /// (`ParseResult.textIsCompact`): no key is written twice, and the payload's size is the length of its text.
    public var textIsCompact: Bool
    /// The document may hold elided containers (`ParseResult.hasElidedContent`): the binder finds where
    /// (`NotificationDefinition.elision`).
    public var hasElidedContent: Bool
    /// The document is a request body, the payload whatever keys it holds; false for a definition file, which is an
    /// envelope when it has `payload` and no `aps`.
    public var isRequestBody: Bool
    /// How the library that sends the definition writes its payload (`DialectTranslation.encoding`); nil for a
    /// request as written, whose sender escapes as `serializer` says.
    public var encoding: WireEncoding?
    /// How the sender of a request as written escapes strings: the configured `serializer`; for a request body, the
    /// style that writes its bytes back, when one does.
    public var serializer: WireSerializer.Style
    /// The size of a request body that no serializer style writes back (whitespace, escapes no encoder makes): its
    /// bytes are what APNs counts. Nil otherwise.
    public var bodySize: Int?

    public init(firstDuplicateWins: Bool = false, textIsCompact: Bool = false, hasElidedContent: Bool = false,
                isRequestBody: Bool = false, encoding: WireEncoding? = nil, serializer: WireSerializer.Style = .compact,
                bodySize: Int? = nil) {
        self.firstDuplicateWins = firstDuplicateWins
        self.textIsCompact = textIsCompact
        self.hasElidedContent = hasElidedContent
        self.isRequestBody = isRequestBody
        self.encoding = encoding
        self.serializer = serializer
        self.bodySize = bodySize
    }

    /// What a reader says of the text it read.
    public init(_ parsed: ParseResult) {
        self.init(firstDuplicateWins: parsed.firstDuplicateWins, textIsCompact: parsed.textIsCompact,
                  hasElidedContent: parsed.hasElidedContent)
    }

    /// How the payload's strings are escaped on the wire: as the sending library writes them, else as `serializer`.
    public var style: WireSerializer.Style { encoding?.style ?? serializer }

    /// What the payload's bytes hold for a key written twice: every pair when the sending library writes them all,
    /// else the value that counts.
    public var duplicates: WireSerializer.DuplicateKeys {
        encoding?.duplicates ?? WireSerializer.DuplicateKeys(firstWins: firstDuplicateWins)
    }
}
