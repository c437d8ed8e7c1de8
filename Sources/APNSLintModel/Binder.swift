import APNSLintSyntax

/// A header given outside the file, e.g. `--priority 10` on the command line.
public struct HeaderOption: Sendable, Hashable {
    public let name: String
    public let value: String
    /// How the user gave it, for messages: `--priority`.
    public let option: String

    public init(name: String, value: String, option: String) {
        self.name = name
        self.value = value
        self.option = option
    }
}

/// Binds a positioned document tree to the typed notification model.
public enum Binder {
    /// - Parameter headerOptions: headers from outside the file. They fill in headers the file does not set;
    ///   the definition itself wins, because it is what the sender reads.
    public static func bind(_ root: DocumentNode, headerOptions: [HeaderOption] = []) -> NotificationDefinition {
        let isEnvelope = root.members != nil && root.member("aps") == nil && root.member(EnvelopeKey.payload) != nil
        var envelope: FieldSet?
        var headersDeclaration: Field?
        var deviceToken: Field?
        var payload: Payload?
        var headerFields: FieldSet

        if isEnvelope {
            let fields = FieldSet(node: root, pointer: .root, schema: Schema.envelope)
            envelope = fields
            headersDeclaration = fields[EnvelopeKey.headers]
            deviceToken = fields[EnvelopeKey.deviceToken]
            if let payloadField = fields[EnvelopeKey.payload] {
                payload = bindPayload(payloadField.value, pointer: payloadField.pointer)
            }
            let headersNode = headersDeclaration?.value ?? DocumentNode(.object([]), range: SourceRange(start: 0, end: 0))
            headerFields = FieldSet(node: headersNode, pointer: JSONPointer([EnvelopeKey.headers]),
                                    schema: Schema.headers, caseInsensitive: true)
        } else {
            payload = bindPayload(root, pointer: .root)
            headerFields = FieldSet(node: DocumentNode(.object([]), range: SourceRange(start: 0, end: 0)),
                                    pointer: JSONPointer([EnvelopeKey.headers]), schema: Schema.headers, caseInsensitive: true)
        }

        for option in headerOptions where headerFields[option.name] == nil {
            let name = option.name.lowercased()
            let empty = SourceRange(start: 0, end: 0)
            headerFields = headerFields.adding(Field(
                key: name, keyRange: empty, pointer: headerFields.pointer.appending(name),
                value: DocumentNode(.string(option.value), range: empty),
                spec: Schema.headers.first { $0.name == name }, origin: .commandLine(option: option.option)))
        }

        return NotificationDefinition(
            root: root, shape: isEnvelope ? .envelope : .payload, envelope: envelope,
            headers: Headers(fields: headerFields, declaration: headersDeclaration),
            deviceToken: deviceToken, payload: payload)
    }

    static func bindPayload(_ node: DocumentNode, pointer: JSONPointer) -> Payload {
        let fields = FieldSet(node: node, pointer: pointer, schema: [KeySpec("aps", .object), KeySpec("mdm", .string)])
        var aps: APS?
        if let apsField = fields["aps"], apsField.value.members != nil {
            aps = APS(fields: FieldSet(node: apsField.value, pointer: apsField.pointer, schema: Schema.aps))
        }
        return Payload(node: node, pointer: pointer, fields: fields, aps: aps)
    }
}
