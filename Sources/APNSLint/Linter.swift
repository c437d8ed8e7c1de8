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
    public let diagnostics: [Diagnostic]
    /// The typed model of each document that could be read (a YAML stream may hold several).
    public let definitions: [NotificationDefinition]
    /// How many documents the file holds.
    public var documentCount: Int { definitions.count }
    /// The first (for JSON, the only) definition.
    public var definition: NotificationDefinition? { definitions.first }

    public func count(_ severity: Severity) -> Int {
        diagnostics.count { $0.severity == severity }
    }
}

/// Lints notification definitions. A value type with no global state: build one and use it from any thread.
public struct Linter: Sendable {
    public let rules: [any Rule]
    public let configuration: Configuration
    /// The settings of a file no override or ignore entry names, resolved once.
    private let commonSettings: ResolvedSettings

    /// A linter applying `configuration` (severities, options, headers, overrides and ignore entries).
    public init(configuration: Configuration, rules: [any Rule] = RuleRegistry.all) {
        self.rules = rules
        self.configuration = configuration
        commonSettings = ResolvedSettings(configuration.settings(for: nil), rules: rules, ignore: [])
    }

    /// A linter with these rule options and no configuration file.
    public init(rules: [any Rule] = RuleRegistry.all, options: RuleOptions = RuleOptions()) {
        var settings = Settings(platforms: options.platforms, serializer: options.serializer,
                                sizeLimitProfile: options.sizeLimitProfile, now: options.now)
        if options.nearLimitShare != RuleOptions().nearLimitShare {
            settings.rules["payload-near-limit"] = RuleSetting(options: ["share": options.nearLimitShare])
        }
        self.init(configuration: Configuration(settings: settings), rules: rules)
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
    public func lint(_ source: SourceText, fileName: String, format: InputFormat = .json, headers: [HeaderOption] = [],
                     path: String? = nil) -> FileReport {
        let settings = settings(for: path)
        let parsed = format.read(source)
        let isMultiDocument = parsed.documents.count > 1
        // A problem belongs to the last document starting at or before it.
        let starts = parsed.documents.map(\.range.start)
        var diagnostics = parsed.problems.compactMap { problem -> Diagnostic? in
            guard var diagnostic = diagnostic(for: problem, format: format) else { return nil }
            if isMultiDocument { diagnostic.document = max(0, (starts.lastIndex { $0 <= problem.range.start } ?? 0)) }
            return diagnostic
        }
        var definitions: [NotificationDefinition] = []
        let headers = headers + settings.headers
        for (index, document) in parsed.documents.enumerated() {
            // An Erlang term stands for the request its library builds from it.
            var request = document
            if format == .erlang {
                let built = ErlangNotification.requestDocument(for: document)
                request = built.document
                diagnostics += built.notes.compactMap { diagnostic(for: $0, document: isMultiDocument ? index : nil) }
            }
            let definition = Binder.bind(request, source: document, headerOptions: headers,
                                         firstDuplicateWins: parsed.firstDuplicateWins)
            definitions.append(definition)
            diagnostics += check(definition, document: isMultiDocument ? index : nil, settings: settings)
        }
        let suppressions = Suppressions(source: source, format: format, documents: parsed.documents, knownRules: rules.map(\.id))
        // The suppressions' own findings get the configured severities too.
        diagnostics = suppressions.apply(to: diagnostics.compactMap(settings.apply), enabled: settings.isEnabled)
            .compactMap(settings.apply)
        diagnostics.sort { lhs, rhs in
            let left = lhs.range?.start ?? -1, right = rhs.range?.start ?? -1
            if left != right { return left < right }
            if lhs.document != rhs.document { return (lhs.document ?? -1) < (rhs.document ?? -1) }
            return lhs.ruleID < rhs.ruleID
        }
        return FileReport(fileName: fileName, source: source, format: format, diagnostics: diagnostics, definitions: definitions)
    }

    /// Lints a definition given as text.
    public func lint(_ text: String, fileName: String = "<input>", format: InputFormat = .json, headers: [HeaderOption] = [],
                     path: String? = nil) -> FileReport {
        lint(SourceText(text), fileName: fileName, format: format, headers: headers, path: path)
    }

    /// Runs the model rules on a definition, and on every payload nested in it (which the app presents itself,
    /// so everything but the request-level rules applies there too).
    private func check(_ definition: NotificationDefinition, document: Int?, settings: ResolvedSettings) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var pending: [(definition: NotificationDefinition, nestedAt: JSONPointer?)] = [(definition, nil)]
        while let (current, nestedAt) = pending.popLast() {
            for rule in rules where rule.metadata.stage == .model && settings.isEnabled(rule.id) {
                if nestedAt != nil, !rule.metadata.checksNestedPayloads || rule.metadata.category == .size { continue }
                var context = RuleContext(definition: current, metadata: rule.metadata, options: settings.options)
                rule.check(&context)
                for var diagnostic in context.diagnostics {
                    diagnostic.document = document
                    if let nestedAt {
                        diagnostic.notes.append(Note("in the notification nested at \(nestedAt), which the app presents itself"))
                    }
                    diagnostics.append(diagnostic)
                }
            }
            for field in current.payload?.nestedPayloads ?? [] {
                pending.append((Binder.bindNested(field, firstDuplicateWins: current.firstDuplicateWins), field.pointer))
            }
        }
        return diagnostics
    }

    /// What an Erlang library drops is reported under the rule for the same mistake in JSON.
    private func diagnostic(for note: DialectNote, document: Int?) -> Diagnostic? {
        let id = switch note.kind {
        case .unknownNotificationProperty: "unknown-aps-key"
        case .unknownAlertProperty: "unknown-alert-key"
        case .wrongType: "invalid-value-type"
        }
        guard let rule = rules.first(where: { $0.id == id }) else { return nil }
        return Diagnostic(ruleID: id, severity: rule.metadata.severity, message: note.message, help: note.help,
                          pointer: note.pointer, range: note.range, document: document)
    }

    private func diagnostic(for problem: SyntaxProblem, format: InputFormat) -> Diagnostic? {
        let id = switch problem.kind {
        case .invalidSyntax: format.syntaxRuleID
        case .byteOrderMark: "byte-order-mark"
        case .aliasLimit: "yaml-alias-limit"
        case .nonJSONValue: format.nonJSONValueRuleID ?? format.syntaxRuleID
        case .ambiguousScalar: "yaml-ambiguous-scalar"
        case .charlistString: "erlang-charlist-string"
        }
        guard let rule = rules.first(where: { $0.id == id }) else { return nil }
        return Diagnostic(
            ruleID: id, severity: rule.metadata.severity, message: problem.message, help: problem.help,
            pointer: .root, range: problem.range, fix: problem.fix)
    }
}
