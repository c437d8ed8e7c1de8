import APNSLintDialects
import APNSLintModel
import APNSLintSyntax

extension Provenance {
    /// The provenance of a document the linter read (`parsed`) and the dialect stage translated: what its reader said, whether it is a request body, and how its sender writes the payload (the library's encoder, else
    /// `serializer`). The text's size is the payload's only when the request is that text as written.
    ///
    /// - Parameter body: the bytes of a request body that go on the wire as they are (`Linter.lint(payload:)`): the
    ///   payload is then measured in the serializer style that writes them back (`serializer` first), or, when none
    ///   does, as the bytes they are (`bodySize`). Only a body that is one object is measured (what else it is, the
    ///   rules report).
    init(_ parsed: borrowing ParseResult, translation: borrowing DialectTranslation, role: InputRole, serializer: WireSerializer.Style,
         body: [UInt8]?) {
        self.init(firstDuplicateWins: parsed.firstDuplicateWins,
                  textIsCompact: parsed.textIsCompact && translation.dialect == .apns && translation.isDocumentAsWritten,
                  hasElidedContent: parsed.hasElidedContent, isRequestBody: role == .requestBody, encoding: translation.encoding,
                  serializer: serializer)
        // The reader saw that the compact serializer writes these bytes: no need to write them out again.
        guard let body, role == .requestBody, !(textIsCompact && serializer == .compact), parsed.documentCount == 1 else { return }
        let payload = translation.request
        guard payload.isObject else { return }
        // An elided container's bytes were not kept: no style writes it back.
        if !hasElidedContent {
            let candidates = [serializer] + WireSerializer.Style.allCases.filter { $0 != serializer }
            // Sizes first: counting allocates nothing, and most bodies that no style writes differ in size.
            if let style = candidates.first(where: { style in
                WireSerializer.size(of: payload, style: style) == body.count && WireSerializer.serialize(payload, style: style) == body
            }) {
                self.serializer = style
                return
            }
        }
        bodySize = body.count
    }
}
