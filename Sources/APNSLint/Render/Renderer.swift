import APNSLintModel
import APNSLintRules
import APNSLintSyntax

/// Renders the request each definition of a file produces: its payload exactly as it goes on the wire (the
/// bytes the size rules count), optionally preceded by the request's header lines.
///
/// For an Erlang term that is the request its library (apns_json, apns_erlv3) builds; for a file of several YAML
/// documents, one request per document; of a stream (JSON Lines), each record's report is rendered on its own. With
/// `target: .fcm`, the FCM v1 message an FCM request sends, or a Skygear definition sends to Android.
public struct Renderer: Sendable {
    /// How strings are escaped (see `WireSerializer.Style`).
    public var style: WireSerializer.Style
    /// Indented for people (2 spaces, `": "`): not what is sent.
    public var pretty: Bool
    /// Print `:path` (when the definition has a device token) and the `apns-*` headers before the payload.
    public var includeHeaders: Bool
    /// Which request to print: the APNs payload, or (for a Skygear definition) the FCM v1 request
    /// `{"message": {...}}`.
    public var target: DeliveryTarget

    public init(style: WireSerializer.Style = .compact, pretty: Bool = false, includeHeaders: Bool = false, target: DeliveryTarget = .apns) {
        self.style = style
        self.pretty = pretty
        self.includeHeaders = includeHeaders
        self.target = target
    }

    /// Why a file could not be rendered, as `path:line:col: severity: message [rule]` lines.
    public struct Failure: Error, Sendable {
        public let messages: [String]
    }

    /// The headers APNs documents, in the order its documentation lists them; other headers follow by name.
    static let headerOrder = [HeaderName.pushType, HeaderName.id, HeaderName.expiration, HeaderName.priority,
                              HeaderName.topic, HeaderName.collapseID]

    /// Every definition's request, one after another, each ending with a newline. Fails when the file has
    /// syntax errors (what was read may not be what the author meant) or a definition has no payload.
    ///
    /// A report on a text the linter did not keep whole (a container over its retention limit) is made again from
    /// the whole text first, since every byte of the payload is written: on a file of many megabytes that takes about
    /// 8 bytes of memory for each byte of text.
    public func render(_ report: FileReport) -> Result<[UInt8], Failure> {
        if let whole = report.wholeReport { return render(whole()) }
        let blocking = Self.blockingDiagnostics(in: report)
        guard blocking.isEmpty else {
            return .failure(Failure(messages: blocking.map { Self.conciseLine($0, in: report) }))
        }
        var output: [UInt8] = []
        var missing: [String] = []
        for (index, read) in report.documents.enumerated() where read.isSent {
            let definition = read.definition
            let document = report.partName(ofDocument: report.documentCount > 1 ? index : nil).map { " (\($0))" } ?? ""
            if target == .fcm {
                guard let message = read.fcmMessage else {
                    missing.append("\(report.fileName): error: the definition sends no FCM message\(document); only an FCM request and a Skygear definition whose platform.android is not false do")
                    continue
                }
                output.append(contentsOf: message.requestBytes(style: style, pretty: pretty))
                output.append(0x0A)
                continue
            }
            if !read.sendsAPNs {
                missing.append("\(report.fileName): error: the definition sends nothing to APNs\(document): \(read.dialect.whyNoAPNsRequest)")
                continue
            }
            guard let payload = payload(of: definition) else {
                missing.append("\(report.fileName): error: the definition has no payload to render\(document)")
                continue
            }
            if includeHeaders {
                for line in headerLines(of: definition) { output.append(contentsOf: line.utf8); output.append(0x0A) }
                output.append(0x0A)
            }
            output.append(contentsOf: payload)
            output.append(0x0A)
        }
        if report.firstDocument == nil { missing.append(Self.noDefinitionMessage(fileName: report.fileName)) }
        return missing.isEmpty ? .success(output) : .failure(Failure(messages: missing))
    }

    /// How each definition was read, as `path: note: read as … because …` lines for standard error, where its keys
    /// decided it (nothing declared or configured it, nor its file's name): for a definition read as another system
    /// than the APNs request, or whose reading could be another (several systems' keys, `aps` misspelt), so the
    /// request printed is never a surprise.
    public func readingNotes(for report: FileReport) -> [String] {
        report.readingLines(label: "note: ") { reading in
            switch reading.basis {
            case .keys, .shape, .misspeltAPS: reading.dialect != .apns || !reading.isCertain
            default: !reading.isCertain
            }
        }
    }

    /// Which header values of the rendered requests the sending system sets by default rather than the definition
    /// (FCM's `apns-priority` 10), as `path:line:col: note: …` lines for standard error: empty unless headers are
    /// rendered.
    public func defaultNotes(for report: FileReport) -> [String] {
        guard includeHeaders, target == .apns else { return [] }
        var seen = Set<SystemDefault>()
        return report.documents.flatMap(\.systemDefaults).filter { seen.insert($0).inserted }.map { value in
            "\(report.fileName):\(report.source.position(of: value.range.start)): note: \(value.note)"
        }
    }

    /// A rendered request whose header block is empty: neither the definition nor anything outside it (an option,
    /// the configuration) sets a header or a device token.
    public struct HeaderlessRequest: Sendable, Hashable {
        /// Which part of the file it is ("document 2 of 3", "record 4"); nil for a file's only definition.
        public let part: String?
        /// The definition is a bare APNs payload (not an envelope, not another system's format).
        public let isBarePayload: Bool
    }

    /// The requests of `report` that `render` prints with an empty header block, in order: empty unless headers are
    /// rendered. A Simulator file's are left out: the Simulator reads no headers, and its documentation says so.
    public func headerlessRequests(in report: FileReport) -> [HeaderlessRequest] {
        guard includeHeaders, target == .apns, Self.blockingDiagnostics(in: report).isEmpty else { return [] }
        return report.documents.enumerated().compactMap { index, read in
            let definition = read.definition
            guard read.isSent, read.sendsAPNs, read.dialect != .simulator, definition.payload != nil, headerLines(of: definition).isEmpty else { return nil }
            return HeaderlessRequest(part: report.partName(ofDocument: report.documentCount > 1 ? index : nil),
                                     isBarePayload: definition.shape == .payload && read.dialect == .apns)
        }
    }

    /// What render says of a file (or stream) that holds no definition.
    public static func noDefinitionMessage(fileName: String) -> String {
        "\(fileName): error: the file holds no definition to render"
    }

    /// The payload as `style` writes it (pretty-printed when `pretty`), without a trailing newline. A definition
    /// that a library sends is written as that library's encoder writes it, whatever `style` says.
    public func payload(of definition: NotificationDefinition) -> [UInt8]? {
        guard let payload = definition.payload else { return nil }
        let style = definition.provenance.encoding?.style ?? style
        return pretty
            ? WireSerializer.prettyPrinted(payload.node, duplicates: definition.provenance.duplicates, style: style)
            : WireSerializer.serialize(payload.node, duplicates: definition.provenance.duplicates, style: style)
    }

    /// `:path: /3/device/<token>` (when there is a device token), then `name: value` for each header the
    /// definition sets: names in lowercase (as HTTP/2 sends them), the documented `apns-*` headers in a fixed
    /// order, then any others by name. Of a header given twice, the value that counts.
    public func headerLines(of definition: NotificationDefinition) -> [String] {
        var lines: [String] = []
        if let token = definition.deviceToken?.value, let text = Self.headerValue(token, definition: definition) {
            lines.append(":path: /3/device/\(text)")
        }
        let fields = definition.headers.fields.effectiveFields
        let rank = { (name: String) in Self.headerOrder.firstIndex(of: name) ?? Self.headerOrder.count }
        let sorted = fields.map { (name: $0.key.lowercased(), field: $0) }.sorted { lhs, rhs in
            rank(lhs.name) != rank(rhs.name) ? rank(lhs.name) < rank(rhs.name) : lhs.name < rhs.name
        }
        for (name, field) in sorted {
            guard let value = Self.headerValue(field.value, definition: definition) else { continue }
            lines.append("\(name): \(value)")
        }
        return lines
    }

    /// A header value as text: a string as it is, a number as written, anything else as compact JSON.
    static func headerValue(_ node: DocumentNode, definition: NotificationDefinition) -> String? {
        switch node.value {
        case .string(let text): text
        case .number(let number): number.text
        default: String(decoding: WireSerializer.serialize(node, firstDuplicateWins: definition.provenance.firstDuplicateWins), as: UTF8.self)
        }
    }

    /// The diagnostics that stop rendering: findings that leave no request (`Finding.leavesNoRequest`), as reported
    /// before the configuration applies (so turning their rule off or re-grading it does not make a broken file render):
    /// the reader could not read the text as written, or the library raises on it. What a library drops, rewrites or
    /// misses does not stop it: the library still builds a request (apns_json sends an alert without a body as
    /// "undefined"; apns_erlv3 builds the payload before it refuses a notification without a token), and render
    /// prints what it builds.
    public static func blockingDiagnostics(in report: FileReport) -> [Diagnostic] {
        // An error as the system sees it: a dialect whose findings are advice (nothing is sent anyway) makes them info.
        report.blockingFindings.filter { $0.severity == .error }
    }

    /// `path:line:col: severity: message [rule]`.
    public static func conciseLine(_ diagnostic: Diagnostic, in report: FileReport) -> String {
        ConciseReporter().line(for: diagnostic, in: report)
    }
}
