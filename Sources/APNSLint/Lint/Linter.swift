import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax

/// The result of linting one input.
public struct FileReport: Sendable {
    /// The name shown in messages (a path, or `--stdin-filename`).
    public let fileName: String
    public let source: SourceText
    public let format: InputFormat
    /// Sorted by position, then rule id.
    public internal(set) var diagnostics: [Diagnostic]
    /// The record's number when this is one record of a stream (a line of JSON Lines); its diagnostics' `document`
    /// is the number less one.
    public internal(set) var streamRecord: Int?
    /// The kind of stream the record is from.
    public internal(set) var streamKind: StreamKind?
    /// What was read of each document that could be read (a YAML stream may hold several), in order: one list, not
    /// one for each of its parts, since a report is built on every lint.
    var documents: [ReadDocument] { (firstDocument.map { [$0] } ?? []) + laterDocuments }
    /// The first document apart from the others: most files hold one, and then no array is made.
    let firstDocument: ReadDocument?
    /// What the readers and the system found that leaves no request (`Finding.leavesNoRequest`: text not read as
    /// written, a library that raises), as reported before the configuration applies: the fixer and the renderer go
    /// by these, so turning their rules off or re-grading them changes neither what is fixed nor what is rendered.
    public internal(set) var blockingFindings: [Diagnostic]
    let laterDocuments: [ReadDocument]
    /// For a report on a text the reader did not keep whole (`Linter.retentionLimit`): the same lint, keeping every
    /// node (what writing the document out needs: `Renderer`).
    var wholeReport: (@Sendable () -> FileReport)?

    struct ReadDocument: Sendable {
        let definition: NotificationDefinition
        /// Which system wrote the definition, and why.
        let reading: DialectReading
        var dialect: Dialect { reading.dialect }
        /// False for the second and later requests of one definition (an SNS message with APNS and APNS_SANDBOX).
        var isFirstRequest = true
        /// False for a request the author meant that the system does not send (`DialectTranslation.unsentRequests`):
        /// checked, never rendered.
        var isSent = true
        let fcmMessage: FCMMessage?
        /// The values the system sets that the definition does not (FCM's apns-priority 10).
        var systemDefaults: [SystemDefault] = []
        /// False when the system sends nothing to APNs for it (Skygear with `platform.ios: false`).
        var sendsAPNs = true
    }

    /// The typed model of each document that could be read (a YAML stream may hold several).
    public var definitions: [NotificationDefinition] { documents.map(\.definition) }
    /// The system format each definition was read as (`node-apn`, `adck`, …), in document order.
    public var dialects: [Dialect] { documents.filter(\.isSent).map(\.dialect) }
    /// Which system each definition was read as and why, in document order: one for each definition, however many
    /// requests it sends.
    public var readings: [DialectReading] { readingsKept ?? documents.filter(\.isFirstRequest).map(\.reading) }
    /// The readings of a report whose definitions were let go once it was rendered (`ReportWriter.prepare`).
    var readingsKept: [DialectReading]?

    /// "path: read as … because …", a line for each definition, with its part when the file has several ("document 2
    /// of 3") or is a record of a stream: what `check --show-dialect` prints. `label` goes before "read as" (`note: `);
    /// `where` picks the readings.
    public func readingLines(label: String = "", where include: (DialectReading) -> Bool = { _ in true }) -> [String] {
        let readings = readings
        return readings.indices.compactMap { index in
            guard include(readings[index]) else { return nil }
            let part = readings.count > 1 || streamRecord != nil ? partName(ofDocument: index).map { " (\($0))" } ?? "" : ""
            return "\(fileName)\(part): \(label)\(readings[index].explanation)"
        }
    }

    /// How the definition `diagnostic` is about was read; nil when no definition was read (the text could not be).
    public func reading(of diagnostic: Diagnostic) -> DialectReading? {
        let readings = readings
        // A record of a stream is a report of its own, whose diagnostics' `document` is the record's number.
        let index = streamRecord == nil ? diagnostic.document ?? 0 : 0
        return readings.indices.contains(index) ? readings[index] : nil
    }
    /// The FCM message each definition sends (Skygear), in document order; nil where there is none.
    public var fcmMessages: [FCMMessage?] { documents.map(\.fcmMessage) }
    /// How many documents the file holds, counting one that a syntax error cut short (which has no definition).
    public let documentCount: Int

    init(fileName: String, source: SourceText, format: InputFormat, diagnostics: [Diagnostic], blockingFindings: [Diagnostic] = [],
         firstDocument: ReadDocument?, laterDocuments: [ReadDocument], documentCount: Int? = nil,
         wholeReport: (@Sendable () -> FileReport)? = nil) {
        self.fileName = fileName
        self.source = source
        self.format = format
        self.diagnostics = diagnostics
        self.blockingFindings = blockingFindings
        self.firstDocument = firstDocument
        self.laterDocuments = laterDocuments
        self.documentCount = documentCount ?? (firstDocument == nil ? 0 : 1 + laterDocuments.count)
        self.wholeReport = wholeReport
    }
    /// The syntax errors of the file's reader (`Finding.isSyntaxError`), as found before the configuration applies.
    var syntaxErrors: [Diagnostic] { blockingFindings.filter { $0.finding?.isSyntaxError(in: format.language) == true } }

    /// The first (for JSON, the only) definition.
    public var definition: NotificationDefinition? { firstDocument?.definition }

    public func count(_ severity: Severity) -> Int {
        diagnostics.count { $0.severity == severity }
    }

    /// Which part of the file a diagnostic is about, for messages: "document 2 of 3" in a YAML stream, "record 120,311"
    /// in a JSON Lines stream; nil when the file holds one definition. A finding placed in another file (a header the
    /// configuration gives) is about this file's request: "the request for push/a.json".
    public func partName(of diagnostic: Diagnostic) -> String? {
        let part = partName(ofDocument: diagnostic.document)
        guard diagnostic.externalLocation != nil else { return part }
        return "the request for \(fileName)" + (part.map { ", \($0)" } ?? "")
    }

    /// Where a diagnostic is, as `path:line:column`: in this file, in another (a header the configuration gives), or
    /// the file's name alone when it has no place (a header from the command line).
    public func place(of diagnostic: Diagnostic) -> String {
        if let range = diagnostic.range { return "\(fileName):\(source.position(of: range.start))" }
        return diagnostic.externalLocation?.description ?? fileName
    }

    /// The same for the document at `index` (nil: the file's only one).
    func partName(ofDocument index: Int?) -> String? {
        if let streamRecord { return "\(streamKind?.recordNoun ?? "record") \(Self.grouped(streamRecord))" }
        return index.map { "document \($0 + 1) of \(documentCount)" }
    }

    /// 120311 as "120,311".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}

/// What an input's bytes are.
public enum InputRole: Sendable, Hashable {
    /// A notification definition as kept in a repository: a payload, a `headers`/`payload` envelope around one, or a
    /// definition in another system's format (node-apn, ADCK, Skygear, an Erlang term for apns_json).
    case definition
    /// A request body, the bytes APNs receives: always the payload, whatever keys it holds (a `payload` key beside no
    /// `aps`, or a `dialect` key, is custom data), never an envelope or another system's format. What `render` prints
    /// reads back as this.
    case requestBody
}

/// Lints notification definitions. A value type with no global state: build one and use it from any thread.
public struct Linter: Sendable {
    public var rules: [any Rule.Type] { shared.rules }
    public var configuration: Configuration { shared.configuration }
    /// The settings of a file no override or ignore entry names, resolved once, with their rule plan.
    private var commonSettings: ResolvedSettings { shared.commonSettings }
    private var ruleIDs: [String] { shared.ruleIDs }
    /// What never changes, behind one reference (see `Linter+Shared.swift`).
    var shared: Shared

    /// Whether a rule is skipped on a definition that holds none of its subscriptions. Off only in the tests that
    /// show subscriptions change no report.
    var skipsRulesByCondition = true
    /// How many bytes of a JSON container's text the reader keeps in nodes (`JSONReader.read`): 1 MiB by default,
    /// so that a file of any size is linted in memory about its own size. A larger container is read and checked
    /// whole but kept as a summary (`ElidedContainer`); rules judge it by its kind, size and duplicate keys. Nil
    /// keeps everything, at about 8 bytes of memory for each byte of text (what `fix` uses, and `Renderer` asks for:
    /// both write the document out).
    public var retentionLimit: Int? = JSONReader.defaultRetentionLimit

    /// A linter applying `configuration` (severities, options, headers, overrides and ignore entries).
    public init(configuration: Configuration, rules: [any Rule.Type] = RuleRegistry.all) {
        shared = Shared(configuration: configuration, rules: rules)
    }

    /// A linter with these rule options and no configuration file.
    public init(rules: [any Rule.Type] = RuleRegistry.all, options: RuleOptions = RuleOptions()) {
        self.init(configuration: Configuration(settings: Settings(options: options)), rules: rules)
    }

    /// The rule options of text that is not a file (no override applies).
    public var options: RuleOptions { commonSettings.options }

    /// The rule options for the file at `path` (absolute), with the overrides that match it.
    public func options(for path: String?) -> RuleOptions { settings(for: path).options }

    /// The settings that apply to the file at `path` (absolute), or to text that is not a file (nil).
    func settings(for path: String?) -> ResolvedSettings {
        guard let path else { return commonSettings }
        let overridden = configuration.overrides.contains { !$0.files.isEmpty && $0.files.contains { $0.matches(path) } }
        let ignore = configuration.ignoreEntries(for: path)
        if !overridden && ignore.isEmpty { return commonSettings }
        return ResolvedSettings(configuration.settings(for: path), rules: rules, ignore: ignore)
    }

    /// Lints the text of one definition.
    /// - Parameters:
    ///   - fileName: the name shown in messages.
    ///   - headers: request headers given outside the file (they fill in what the file does not set, and take
    ///     precedence over the configuration's).
    ///   - path: the file's absolute path, which picks the configuration's overrides and ignore entries.
    ///   - role: whether the text is a definition (the default) or a request body (see `InputRole`).
    public func lint(_ source: SourceText, fileName: String, format: InputFormat = .json, headers: [HeaderOption] = [],
                     path: String? = nil, role: InputRole = .definition) -> FileReport {
        lint(source, fileName: fileName, format: format, headers: headers, settings: settings(for: path), role: role)
    }

    /// Lints a text its format's reader has already read into `parsed`, if it has (a directory walk reads it to see
    /// whether it is a definition at all).
    func lint(_ source: SourceText, parsed: ParseResult?, fileName: String, format: InputFormat, headers: [HeaderOption],
              path: String?, role: InputRole) -> FileReport {
        lint(source, fileName: fileName, format: format, headers: headers, settings: settings(for: path), role: role, parsed: parsed)
    }

    /// - Parameter measuresBody: the request body is measured as its bytes are (`Linter.lint(payload:)`, see
    ///   `Provenance.init(_:translation:role:serializer:body:)`).
    ///
    /// The steps: read the text (whole, when the system that wrote it cannot be known otherwise), report a binary file
    /// as one problem, then each document in turn (`lintDocument`), then the suppression comments, the configured
    /// severities and the report's order (`configured`).
    func lint(_ source: SourceText, fileName: String, format: InputFormat, headers: [HeaderOption], settings: ResolvedSettings,
              role: InputRole = .definition, parsed: ParseResult? = nil, measuresBody: Bool = false) -> FileReport {
        var (parsed, wholeReport) = read(source, fileName: fileName, format: format, headers: headers, settings: settings, role: role,
                                         measuresBody: measuresBody, parsed: parsed)
        // An Erlang text of no term is well formed (file:consult/1 reads it as []), so its reader says nothing; it still
        // defines nothing to send, as an empty JSON or YAML file does not. Reported at its end, where a term was expected
        // (as JSON's reader reports an empty text).
        if format == .erlang, parsed.documents.isEmpty, parsed.problems.isEmpty {
            let end = source.bytes.count
            parsed.problems.append(SyntaxProblem(
                .noTerm, "the file holds no Erlang term, so it defines no notification (file:consult/1 reads it as an empty list)",
                help: "a notification definition is a term such as [{alert, <<\"Hi\">>}].", range: SourceRange(start: end, end: end)))
        }
        // Read once: each `settings.plan` in a closure's argument was a copy of the whole plan (312 bytes, callgrind).
        let plan = settings.plan
        // A binary file: what a reader says about its first odd byte does not help. Asked only when the reader found
        // a problem, so a text that reads cleanly costs nothing (callgrind: checking every file first added 5,100
        // instructions to each lint, 12%).
        if !parsed.problems.isEmpty, let binary = BinaryText.problem(in: source.bytes) {
            return binaryFileReport(binary, source: source, fileName: fileName, format: format, settings: settings, plan: plan)
        }
        let isMultiDocument = parsed.documentCount > 1
        // A trailing comma in a document is judged with it (`lintDocument`): the system that reads the file may take it.
        let hasDocuments = !parsed.documents.isEmpty
        var diagnostics = parsed.problems.compactMap { problem -> Diagnostic? in
            if hasDocuments, problem.kind == .trailingComma { return nil }
            guard var diagnostic = diagnostic(for: problem, format: format, plan: plan) else { return nil }
            if isMultiDocument { diagnostic.document = parsed.documentIndex(at: problem.range.start) }
            // An Erlang module named on the command line (a walk skips it): the reader says it is code; say what
            // apns-lint reads instead.
            if problem.range == parsed.erlangSourceForm?.range {
                diagnostic.notes.append(Note("it holds no notification definition: apns-lint reads the terms a notification is written as (a proplist such as [{alert, <<\"Hi\">>}].), not the code that builds or sends them"))
            }
            return diagnostic
        }
        var documents = ReadDocuments()
        // Made once for all the documents, and passed as they are.
        let headers = settings.headers.isEmpty ? headers : headers + settings.headers
        let context = dialectContext(format: format, settings: settings, role: role, fileName: fileName)
        for (index, document) in parsed.documents.enumerated() {
            let found = lintDocument(document, index: isMultiDocument ? index : nil,
                                     term: index < parsed.erlangTerms.count ? parsed.erlangTerms[index] : nil, parsed: parsed,
                                     source: source, format: format, headers: headers, settings: settings, role: role,
                                     measuresBody: measuresBody, context: context, plan: plan, into: &documents)
            if !found.isEmpty { diagnostics += found }
        }
        var blockingFindings: [Diagnostic] = []
        diagnostics = configured(diagnostics, source: source, format: format, settings: settings, documents: parsed.documents,
                                 blockingFindings: &blockingFindings)
        return FileReport(fileName: fileName, source: source, format: format, diagnostics: diagnostics, blockingFindings: blockingFindings,
                          firstDocument: documents.first, laterDocuments: documents.later, documentCount: parsed.documentCount,
                          wholeReport: wholeReport)
    }

    /// The documents a lint read, in order: the first kept apart, as most texts hold one and no array is made for it.
    private struct ReadDocuments {
        var first: FileReport.ReadDocument?
        var later: [FileReport.ReadDocument] = []

        mutating func append(_ read: FileReport.ReadDocument) {
            if first == nil { first = read } else { later.append(read) }
        }
    }

    /// The text as its reader reads it (`parsed`, when a walk has read it already), and, when the reader kept only a
    /// summary of a large container, how to lint it whole should a fix or a render need it.
    /// (The steps take the lint's arguments one by one: a struct of them cost a retain of each part, 580 instructions
    /// a lint in callgrind.)
    private func read(_ source: SourceText, fileName: String, format: InputFormat, headers: [HeaderOption], settings: ResolvedSettings,
                      role: InputRole, measuresBody: Bool, parsed: ParseResult?) -> (ParseResult, wholeReport: (@Sendable () -> FileReport)?) {
        let parsed = parsed ?? format.read(source, retentionLimit: retentionLimit)
        guard parsed.hasElidedContent else { return (parsed, nil) }
        // A definition in another system's format is read whole: its dialect reads the document itself. So is one
        // whose top level the reader did not keep (a huge string beside the keys, as an SNS message's payload
        // may be), or a list (an Expo batch, whose messages may be elided), when a service's key is written in
        // it, up to `wholeReadLimit`: its keys, and so its system, are unknown until then.
        let context = dialectContext(format: format, settings: settings, role: role, fileName: fileName)
        if retentionLimit == nil || parsed.documents.contains(where: { DialectStage.dialect(of: $0, context: context) != .apns })
            || role == .definition && parsed.documents.contains(where: { $0.elided != nil || $0.elements != nil })
            && source.count <= Self.wholeReadLimit
            && DefinitionSniff.mentionsKey(in: source.bytes, from: DefinitionMarks.standard.serviceTextKeys) {
            return (format.read(source, retentionLimit: nil), nil)
        }
        var linter = self
        linter.retentionLimit = nil
        let whole = linter
        return (parsed, { whole.lint(source, fileName: fileName, format: format, headers: headers, settings: settings, role: role,
                                     measuresBody: measuresBody) })
    }

    /// The report of a binary file: one problem, where the reader would have named its first odd byte.
    private func binaryFileReport(_ binary: (message: String, help: String), source: SourceText, fileName: String, format: InputFormat,
                                  settings: ResolvedSettings, plan: RulePlan) -> FileReport {
        let finding = Finding.syntax(.invalidSyntax, in: format.language)
        let diagnostics = plan.owner(of: finding).map { id, severity in
            [Diagnostic(ruleID: id, severity: severity, message: binary.message, help: binary.help, pointer: .root, range: nil,
                        finding: finding)]
        } ?? []
        return FileReport(fileName: fileName, source: source, format: format, diagnostics: diagnostics.compactMap { settings.apply(to: $0) },
                          blockingFindings: diagnostics, firstDocument: nil, laterDocuments: [])
    }

    /// One document: the request(s) the system that wrote it sends (`DialectStage`), each bound to the typed model and
    /// checked by the rules, with what the dialect found on the way. Appends what it read to `documents`.
    /// - Parameter index: the document's index in a text of several, nil in a text of one.
    private func lintDocument(_ document: DocumentNode, index documentIndex: Int?, term: ErlangTerm?, parsed: ParseResult,
                              source: SourceText, format: InputFormat, headers: [HeaderOption], settings: ResolvedSettings,
                              role: InputRole, measuresBody: Bool, context: DialectStage.Context, plan: RulePlan,
                              into documents: inout ReadDocuments) -> [Diagnostic] {
        // A definition in a system's own format stands for the request(s) that system builds from it.
        let translation = DialectStage.run(document, term: term, source: source, context: context)
        // The note that nothing is sent keeps its severity when what would have been sent is advice.
        let notSent = translation.findingsAreAdvice == nil ? [] : translation.notes.filter { $0.kind == .retiredAPI }
            .compactMap { diagnostic(for: $0, document: documentIndex, plan: plan) }
        var found = (notSent.isEmpty ? translation.notes : translation.notes.filter { $0.kind != .retiredAPI })
            .compactMap { diagnostic(for: $0, document: documentIndex, plan: plan) }
        // Each `+=` below only when there is something to add: appending an empty array still costs 150 instructions.
        let embeddedProblems = translation.embeddedProblems
        if !embeddedProblems.isEmpty {
            found += syntaxDiagnostics(for: embeddedProblems, format: .json, document: documentIndex, plan: plan)
        }
        // What has no JSON form in an Erlang term matters where the term is read as JSON; apns_json reads the term
        // and says itself what it does with such a value.
        if translation.dialect != .apnsJSON, !parsed.termProblems.isEmpty {
            found += syntaxDiagnostics(for: parsed.termProblems.filter { $0.range.start >= document.range.start && $0.range.end <= document.range.end },
                                       format: format, document: documentIndex, plan: plan)
        }
        let fcmMessage = translation.fcmMessage.map { FCMMessage(node: $0, request: translation.fcmRequest, isWrittenByUser: translation.dialect == .fcm) }
        var options = settings.options
        if translation.usesLegacyBinaryInterface { options.sizeLimitProfile = .legacyBinary }
        // Where the document came from and how its payload goes on the wire (a library's as its encoder writes it).
        let provenance = Provenance(parsed, translation: translation, role: role, serializer: settings.options.serializer,
                                    body: measuresBody ? source.bytes : nil)
        // By index, not `translation.requests`: most definitions send one request, and no array is made for it. The
        // requests the author meant that the system does not send come last, checked but never rendered.
        let sentCount = 1 + translation.additionalRequests.count
        let reading = translation.reading
        for requestIndex in 0..<(sentCount + translation.unsentRequests.count) {
            let request = requestIndex == 0 ? translation.request
                : requestIndex < sentCount ? translation.additionalRequests[requestIndex - 1] : translation.unsentRequests[requestIndex - sentCount]
            let definition = Binder.bind(request, source: document, headerOptions: headers, provenance: provenance)
            // The FCM message is checked once, with the first request.
            let read = FileReport.ReadDocument(definition: definition, reading: reading, isFirstRequest: requestIndex == 0,
                                               isSent: requestIndex < sentCount, fcmMessage: requestIndex == 0 ? fcmMessage : nil,
                                               systemDefaults: translation.systemDefaults, sendsAPNs: translation.sendsAPNs)
            documents.append(read)
            var checked = check(definition, fcmMessage: read.fcmMessage, translation: translation, document: documentIndex,
                                plan: plan, options: options)
            if !read.isSent {
                for index in checked.indices {
                    checked[index].notes.append(Note("in the payload as its author meant it, which the system does not send as written"))
                }
            }
            if !checked.isEmpty { found += checked }
        }
        if !found.isEmpty { found = found.map { translated($0, by: translation) } }
        if !notSent.isEmpty { found = notSent + found }
        // A reading that could be another says how the definition was read, on every finding about it.
        if !found.isEmpty, !reading.isCertain {
            let note = Note(reading.explanation)
            for index in found.indices {
                // The note on the mix itself says it already.
                if case .dialect(.unclear)? = found[index].finding { continue }
                found[index].notes.append(note)
            }
        }
        if !parsed.problems.isEmpty, parsed.problems.contains(where: { $0.kind == .trailingComma }) {
            found += trailingCommas(in: document, parsed: parsed, source: source, format: format, translation: translation,
                                    document: documentIndex, plan: plan)
        }
        return found
    }

    /// The trailing commas in a document: syntax errors, unless the system that reads the file takes them
    /// (`DialectCapabilities.readsTrailingCommas`: the Simulator reads `.apns` files with Foundation's
    /// `JSONSerialization`, whose scanner skips a comma before a closing bracket). There each is reported under the
    /// finding that says so, as a warning with the same fix, since the payload sent to APNs or loaded by a strict
    /// reader would be refused.
    private func trailingCommas(in document: DocumentNode, parsed: ParseResult, source: SourceText, format: InputFormat,
                                translation: DialectTranslation, document documentIndex: Int?, plan: RulePlan) -> [Diagnostic] {
        let commas = parsed.problems.filter { $0.kind == .trailingComma && $0.range.start >= document.range.start && $0.range.end <= document.range.end }
        guard translation.capabilities.contains(.readsTrailingCommas) else {
            return syntaxDiagnostics(for: commas, format: format, document: documentIndex, plan: plan)
        }
        let finding = Finding.dialect(.simulatorTrailingComma)
        guard let (id, owned) = plan.owner(of: finding) else { return [] }
        // The file is delivered, so not an error (the rule's docs say why); a milder configured severity stays.
        let severity: Severity = owned == .error ? .warning : owned
        return commas.map { problem in
            // The bracket it stands before, as the reader found it: the first one after the comma's blanks.
            var end = problem.range.end
            while end < source.bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(source.bytes[end]) { end += 1 }
            let closer = end < source.bytes.count && source.bytes[end] == UInt8(ascii: "]") ? "]" : "}"
            return Diagnostic(
                ruleID: id, severity: severity,
                message: "trailing comma before '\(closer)': the Simulator takes it (Foundation's JSONSerialization, which reads the file, allows a comma after the last element), but JSON (RFC 8259) does not, so the same payload sent to APNs or through a strict JSON sender is refused",
                help: "remove the comma", pointer: .root, range: problem.range, fix: problem.fix, document: documentIndex, finding: finding)
        }
    }

    /// The findings as the user configured them: the suppression comments applied (a format with comments, YAML or
    /// Erlang, may hold them), the configured severities and ignore entries, in the report's order. `blockingFindings`:
    /// those that leave no request to send, whatever their configured severity.
    private func configured(_ diagnostics: [Diagnostic], source: SourceText, format: InputFormat, settings: ResolvedSettings,
                            documents: [DocumentNode], blockingFindings: inout [Diagnostic]) -> [Diagnostic] {
        let suppressions = format.commentMarker == nil ? nil
            : Suppressions(source: source, format: format, documents: documents, knownRules: ruleIDs,
                           owner: { settings.plan.owner(of: .suppression($0)) })
        // Most definitions have no finding and no suppression comment: then there is nothing to apply or sort.
        guard !diagnostics.isEmpty || suppressions?.isEmpty == false else { return diagnostics }
        blockingFindings = diagnostics.filter { $0.finding?.leavesNoRequest == true }
        // The suppressions' own findings get the configured severities too.
        // Closures, not `settings.apply`: a method reference would copy the settings (a retain of each of their parts).
        let configured = diagnostics.compactMap { settings.apply(to: $0) }
        var result = (suppressions?.apply(to: configured, enabled: { settings.isEnabled($0) }) ?? configured)
            .compactMap { settings.apply(to: $0) }
        result.sort(by: Self.reportOrder)
        return result
    }

    /// The largest text read whole (about 8 bytes of memory for each of its bytes) to learn which system wrote a
    /// document whose top level was elided: far beyond any message (SNS takes 256 KB), and 128 MB of memory at most.
    static let wholeReadLimit = 16 << 20

    /// What the dialect stage knows of a text from outside it.
    private func dialectContext(format: InputFormat, settings: ResolvedSettings, role: InputRole, fileName: String) -> DialectStage.Context {
        DialectStage.Context(isErlang: format == .erlang, configured: settings.dialect, isRequestBody: role == .requestBody,
                             now: settings.options.now, fileName: fileName)
    }

    /// The order of a report: by position (findings with no place in the file first), then document, then rule id.
    private static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        let left = lhs.range?.start ?? -1, right = rhs.range?.start ?? -1
        if left != right { return left < right }
        if lhs.document != rhs.document { return (lhs.document ?? -1) < (rhs.document ?? -1) }
        return lhs.ruleID < rhs.ruleID
    }

    /// Lints a definition (or, with `role: .requestBody`, a request body) given as text.
    public func lint(_ text: String, fileName: String = "<input>", format: InputFormat = .json, headers: [HeaderOption] = [],
                     path: String? = nil, role: InputRole = .definition) -> FileReport {
        lint(SourceText(text), fileName: fileName, format: format, headers: headers, path: path, role: role)
    }

    /// Runs the model rules on a definition, and on every payload nested in it (which the app presents itself,
    /// so everything but the request-level rules applies there too).
    private func check(_ definition: NotificationDefinition, fcmMessage: FCMMessage?, translation: DialectTranslation, document: Int?,
                       plan: RulePlan, options: RuleOptions) -> [Diagnostic] {
        let dialect = translation.capabilities
        var diagnostics = plan.run(on: definition, subject: .topLevel(sendsAPNs: translation.sendsAPNs), fcmMessage: fcmMessage,
                                   options: options, dialect: dialect, conditional: skipsRulesByCondition)
        // Nested payloads are rare: the stack of those still to check is only made for one.
        var pending = translation.sendsAPNs ? definition.payload?.nestedPayloads ?? [] : []
        while let field = pending.popLast() {
            let nested = Binder.bindNested(field, in: definition)
            let found = plan.run(on: nested, subject: .nested, options: options, dialect: dialect, conditional: skipsRulesByCondition)
            diagnostics += found.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.notes.append(Note("in the notification nested at \(field.pointer), which the app presents itself"))
                return diagnostic
            }
            pending += nested.payload?.nestedPayloads ?? []
        }
        if let document, !diagnostics.isEmpty {
            for index in diagnostics.indices { diagnostics[index].document = document }
        }
        return diagnostics
    }

    /// What a dialect drops, changes or requires, reported under its rule.
    private func diagnostic(for note: DialectNote, document: Int?, plan: RulePlan) -> Diagnostic? {
        guard let (id, severity) = plan.owner(of: .dialect(note.kind)) else { return nil }
        return Diagnostic(ruleID: id, severity: note.severity ?? severity, message: note.message, help: note.help,
                          pointer: note.pointer, range: note.range, document: document, finding: .dialect(note.kind))
    }

    /// A finding as the dialect makes it: no fix that would rename a key written in the dialect's own spelling
    /// (`locArgs` is not `loc-args`), a fix inside a string's embedded JSON escaped as the string needs, a note and no
    /// fix on a value the system sets by default, and a milder severity when the system's checks are off or nothing
    /// is sent.
    private func translated(_ diagnostic: Diagnostic, by translation: DialectTranslation) -> Diagnostic {
        var diagnostic = diagnostic
        if let fix = diagnostic.fix, fix.edits.contains(where: { edit in translation.dialectKeyRanges.contains(where: edit.range.overlaps) }) {
            diagnostic.fix = nil
        }
        if !translation.embeddedTexts.isEmpty, let fix = diagnostic.fix {
            diagnostic.fix = Self.escaped(fix, by: translation)
        }
        if let systemDefault = translation.systemDefault(at: diagnostic.range, pointer: diagnostic.pointer) {
            diagnostic.fix = nil
            diagnostic.notes.append(Note(systemDefault.note))
            diagnostic.help = systemDefault.help
        }
        if let reason = translation.errorsAreWarnings, diagnostic.severity == .error {
            diagnostic.severity = .warning
            diagnostic.notes.append(Note(reason))
        }
        if let reason = translation.findingsAreAdvice, diagnostic.severity != .info {
            diagnostic.severity = .info
            diagnostic.notes.append(Note(reason))
        }
        return diagnostic
    }

    /// A fix whose edits lie inside text read from a string, written as that string spells it: each replacement as
    /// the JSON inside is written, then escaped for every string it is inside. Nil when an edit cannot be written
    /// there (a folded YAML scalar, or an edit across the string's quotes).
    private static func escaped(_ fix: Fix, by translation: DialectTranslation) -> Fix? {
        var fix = fix
        for index in fix.edits.indices {
            let edit = fix.edits[index]
            guard let text = translation.embeddedText(holding: edit.range) else {
                if translation.embeddedTexts.contains(where: { $0.fileRange.overlaps(edit.range) }) { return nil }
                continue
            }
            guard let quotings = text.quotings else { return nil }
            let inner = edit.content == .string ? ScalarSpelling.jsonQuoted(edit.replacement) : edit.replacement
            fix.edits[index] = TextEdit(range: edit.range, replacement: EmbeddedText.escaped(inner, for: quotings))
        }
        return fix
    }

    /// The reports of syntax problems found in one document (of a stream of several: `document`).
    private func syntaxDiagnostics(for problems: [SyntaxProblem], format: InputFormat, document: Int?, plan: RulePlan) -> [Diagnostic] {
        problems.compactMap { problem in
            var diagnostic = diagnostic(for: problem, format: format, plan: plan)
            diagnostic?.document = document
            return diagnostic
        }
    }

    private func diagnostic(for problem: SyntaxProblem, format: InputFormat, plan: RulePlan) -> Diagnostic? {
        guard let (id, severity) = plan.owner(of: .syntax(problem.kind, in: format.language)) else { return nil }
        return Diagnostic(
            ruleID: id, severity: severity, message: problem.message, help: problem.help,
            pointer: .root, range: problem.range, fix: problem.fix, finding: .syntax(problem.kind, in: format.language))
    }
}
