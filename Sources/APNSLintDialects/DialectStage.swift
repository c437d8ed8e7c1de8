import APNSLintModel
import APNSLintSyntax

/// The dialect stage: one document as its reader read it → which system wrote it, and why → the APNs request(s) that
/// system sends, and what it drops, rewrites or refuses on the way. The facade's lint of a document calls this (the
/// walk asks `DefinitionMarks` what marks a definition, the docs read `DialectRegistry`); what comes out goes on to the
/// binder and the rules, and nothing flows back.
public enum DialectStage {
    /// What is known of a document from outside it.
    public struct Context: Sendable {
        /// Read from an Erlang term file: apns_json's unless declared otherwise.
        public var isErlang: Bool
        /// The dialect the configuration or the command line names, if any.
        public var configured: Dialect?
        /// A request body (the bytes APNs receives): an APNs request as written, whatever keys it holds.
        public var isRequestBody: Bool
        /// The send time as UNIX seconds, when known.
        public var now: Int?
        /// The name of the file the document was read from, when there is one: some say which system reads them
        /// (`Dialect.implied(byFileName:)`).
        public var fileName: String?
        /// The systems a definition may be read as: `DialectRegistry.standard` when nil (a context is made on every
        /// lint, and nil costs it no reference to count).
        public var registry: DialectRegistry?

        public init(isErlang: Bool, configured: Dialect?, isRequestBody: Bool = false, now: Int? = nil, fileName: String? = nil,
                    registry: DialectRegistry? = nil) {
            self.isErlang = isErlang
            self.configured = configured
            self.isRequestBody = isRequestBody
            self.now = now
            self.fileName = fileName
            self.registry = registry
        }
    }

    /// The request(s) the system that wrote `document` sends, and what it drops, rewrites or refuses on the way;
    /// `reading` says which system and why, and the notes about the choice itself (an unknown declared name, a mix of
    /// two systems' keys) come first.
    /// - Parameter term: the Erlang term `document` was read from, when it was (apns_json reads the term itself).
    public static func run(_ document: DocumentNode, term: ErlangTerm? = nil, source: SourceText, context: Context) -> DialectTranslation {
        // A request body's translation reads as one by default.
        if context.isRequestBody { return DialectTranslation(request: document) }
        let choice = choice(of: document, context: context)
        // A system that reads the term itself gets it; without a declaration taken out, it is the term as read.
        let term = choice.dialect.system.readsErlangTerms ? term?.removingMember(Dialect.declarationKey, if: !choice.isDocumentAsWritten) : nil
        var translation = choice.dialect.translate(choice.document, source: source, term: term, now: context.now)
        if !choice.notes.isEmpty { translation.notes = choice.notes + translation.notes }
        translation.reading = choice.reading
        translation.isDocumentAsWritten = choice.isDocumentAsWritten
        return translation
    }

    /// The system that wrote `document`, without translating it.
    public static func dialect(of document: DocumentNode, context: Context) -> Dialect {
        context.isRequestBody ? .apns : choice(of: document, context: context).dialect
    }

    /// Which system wrote `document`, and why.
    public static func reading(of document: DocumentNode, context: Context) -> DialectReading {
        context.isRequestBody ? .requestBody : choice(of: document, context: context).reading
    }

    private static func choice(of document: DocumentNode, context: Context) -> DialectChoice {
        DialectChoice.resolve(document, configured: context.configured, isErlang: context.isErlang, fileName: context.fileName,
                              registry: context.registry ?? .standard)
    }
}

private extension ErlangTerm {
    /// The term without its `{dialect, …}` members (atom or binary key), when `condition` holds.
    func removingMember(_ key: String, if condition: Bool) -> ErlangTerm {
        guard condition, case .list(let elements, let tail) = value else { return self }
        let kept = elements.filter { element in
            guard let (name, _) = element.pair else { return true }
            return name.atom != key && name.binaryBytes != Array(key.utf8)
        }
        return ErlangTerm(.list(kept, tail: tail), range: range)
    }
}
