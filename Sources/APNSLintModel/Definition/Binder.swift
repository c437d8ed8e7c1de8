import APNSLintSyntax

/// Binds a positioned document tree to the typed notification model.
public enum Binder {
    /// `/headers`, where header fields point (also when they come from outside the file).
    static let headersPointer = JSONPointer([EnvelopeKey.headers])

    /// - Parameters:
    ///   - root: the request document (for most formats, the document as read).
    ///   - source: the document as the user wrote it, when a dialect built `root` from it.
    ///   - headerOptions: headers from outside the file. They fill in headers the file does not set; the
    ///     definition itself wins, because it is what the sender reads.
    ///   - provenance: where `root` came from: which of two equal keys counts, whether its text is compact (then no
    ///     key is written twice, and the payload's size is the length of its text), whether it is a request body
    ///     (the payload whatever keys it holds; else an envelope when it has `payload` and no `aps`), how its sender
    ///     writes the payload, and whether it may hold elided containers (the binder finds where:
    ///     `NotificationDefinition.elision`).
    public static func bind(_ root: DocumentNode, source: DocumentNode? = nil, headerOptions: [HeaderOption] = [],
                            provenance: Provenance = Provenance()) -> NotificationDefinition {
        // A definition whose top-level object was elided whole may be a payload or an envelope: its keys are not known,
        // so neither is its payload.
        let shapeIsUnknown = provenance.hasElidedContent && !provenance.isRequestBody && root.isObject && root.members == nil
        // A send log's record (`response` beside the request, as the APNs sandbox writes) is an envelope even without a
        // payload: the server did not keep a body it refused unread (over the size limit), and the record says so.
        let isEnvelope = !provenance.isRequestBody && !root.hasMember("aps")
            && (root.hasMember(EnvelopeKey.payload) || root.hasMember(EnvelopeKey.response))
        var envelope: FieldSet?
        var headersDeclaration: Field?
        var deviceToken: Field?
        var payload: Payload.Parts?
        var aps: APS.Parts?
        var declaredHeaders: FieldSet?

        if isEnvelope {
            let fields = FieldSet(node: root, pointer: .root, schema: Schema.envelope, provenance: provenance)
            envelope = fields
            headersDeclaration = fields[EnvelopeKey.headers]
            deviceToken = fields[EnvelopeKey.deviceToken]
            if let payloadField = fields[EnvelopeKey.payload] {
                (payload, aps) = bindPayload(payloadField.value, pointer: payloadField.pointer, firstDuplicateWins: provenance.firstDuplicateWins,
                                             textIsCompact: provenance.textIsCompact)
            }
            if let declaration = headersDeclaration {
                declaredHeaders = FieldSet(node: declaration.value, pointer: headersPointer, schema: Schema.headers, caseInsensitive: true,
                                           provenance: provenance)
            }
        } else if !shapeIsUnknown {
            (payload, aps) = bindPayload(root, pointer: .root, firstDuplicateWins: provenance.firstDuplicateWins,
                                         textIsCompact: provenance.textIsCompact)
        }

        // Options fill in the headers the file does not set; of two options with the same name, the first counts.
        // A request's headers in two spellings are both kept (the second shadowed): HTTP/2 would send both, and
        // duplicate-header reports it. An option that overrides a configured header is not a second header.
        let headersNode = declaredHeaders?.node ?? emptyObject
        var members = headersNode.members ?? []
        let sourceCount = members.count
        // The options added, as indices into `headerOptions`: nil while every option so far was added, so that in the
        // usual case (each option names a header of its own) the set keeps `headerOptions` itself and no list is made.
        var addedIndices: [Int]?
        // By index: `for option in headerOptions` would copy (and retain) each option's four strings.
        for index in headerOptions.indices {
            let name = lowercasedKey(headerOptions[index].name)
            guard declaredHeaders?[name] == nil,
                  headerOptions[index].isRequestHeader || !members[sourceCount...].contains(where: { $0.key == name }) else {
                if addedIndices == nil { addedIndices = Array(0..<index) }
                continue
            }
            if members.count == sourceCount { members.reserveCapacity(sourceCount + headerOptions.count) }
            // Not in the file: the field's origin says where the user gave it.
            members.append(Member(key: name, keyRange: .added(at: 0), value: DocumentNode(.string(headerOptions[index].value), range: .added(at: 0))))
            addedIndices?.append(index)
        }
        let headerFields = members.count == sourceCount ? declaredHeaders ?? emptyHeaders(firstDuplicateWins: provenance.firstDuplicateWins)
            : FieldSet(headers: headersNode, members: members, pointer: headersPointer, firstDuplicateWins: provenance.firstDuplicateWins,
                       addedOptions: addedIndices.map { $0.map { headerOptions[$0] } } ?? headerOptions)

        return NotificationDefinition(
            root: source ?? root, shape: isEnvelope ? .envelope : .payload, envelope: consume envelope,
            headers: Headers.Parts(fields: consume headerFields, declaration: headersDeclaration), deviceToken: consume deviceToken,
            payload: consume payload, aps: consume aps, provenance: provenance)
    }

    /// Where `root` holds elided containers: only in the payload's custom data (below a key of an object payload other
    /// than `aps`, or `mdm` in an MDM payload), or anywhere else (the model reads what was elided, or may).
    static func elision(in root: DocumentNode, payloadAt payloadPath: [String], payload: Payload.Parts?) -> NotificationDefinition.Elision {
        var elision = NotificationDefinition.Elision.none
        root.walk { node, path in
            guard elision != .inModel, node.elided != nil else { return }
            let isCustomData = path.count > payloadPath.count && path.starts(with: payloadPath) && payload?.node.members != nil
                && path[payloadPath.count] != "aps" && !(payload?.isMDM == true && path[payloadPath.count] == "mdm")
            elision = isCustomData ? .inCustomData : .inModel
        }
        return elision
    }

    static let emptyObject = DocumentNode(.object([]), range: SourceRange(start: 0, end: 0))

    static func emptyHeaders(firstDuplicateWins: Bool) -> FieldSet {
        FieldSet(headers: emptyObject, members: [], pointer: headersPointer, firstDuplicateWins: firstDuplicateWins, addedOptions: [])
    }

    /// A payload nested under a custom key of `definition`'s (or of a payload nested in it), as a definition of its
    /// own (no headers: the app presents it). Its keys count as `definition`'s do; it may hold elided containers when
    /// `definition` does (`elision`).
    public static func bindNested(_ field: Field, in definition: NotificationDefinition) -> NotificationDefinition {
        let provenance = Provenance(firstDuplicateWins: definition.provenance.firstDuplicateWins, hasElidedContent: definition.elision != .none)
        let headers = emptyHeaders(firstDuplicateWins: provenance.firstDuplicateWins)
        let (payload, aps) = bindPayload(field.value, pointer: field.pointer, firstDuplicateWins: provenance.firstDuplicateWins, textIsCompact: false)
        return NotificationDefinition(
            root: field.value, shape: .payload, envelope: nil, headers: Headers.Parts(fields: headers, declaration: nil), deviceToken: nil,
            payload: payload, aps: aps, provenance: provenance)
    }

    /// - Parameter textIsCompact: `node`'s tree was read from compact text (`Provenance.textIsCompact`), which has no
    ///   key twice: its sets need not look for repeated keys.
    static func bindPayload(_ node: DocumentNode, pointer: JSONPointer, firstDuplicateWins: Bool, textIsCompact: Bool)
        -> (payload: Payload.Parts, aps: APS.Parts?) {
        let fields = FieldSet(node: node, pointer: pointer, schema: Schema.payload, firstDuplicateWins: firstDuplicateWins,
                              textIsCompact: textIsCompact)
        var aps: APS.Parts?
        if let apsField = fields[PayloadKey.aps] {
            // An object, or an object written as a proplist.
            let bound = fields.binding(apsField, schema: Schema.aps)
            if bound.node.members != nil { aps = APS.Parts(fields: bound) }
        }
        return (Payload.Parts(node: node, pointer: pointer, fields: fields), aps)
    }
}
