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
    /// The typed model, when the text could be read.
    public let definition: NotificationDefinition?

    public func count(_ severity: Severity) -> Int {
        diagnostics.count { $0.severity == severity }
    }
}

/// Lints notification definitions. A value type with no global state: build one and use it from any thread.
public struct Linter: Sendable {
    public let rules: [any Rule]

    public init(rules: [any Rule] = RuleRegistry.all) {
        self.rules = rules
    }

    /// Lints the text of one definition.
    /// - Parameter headers: request headers given outside the file (they fill in what the file does not set).
    public func lint(_ source: SourceText, fileName: String, format: InputFormat = .json, headers: [HeaderOption] = []) -> FileReport {
        let parsed = format.read(source)
        var diagnostics = parsed.problems.compactMap { diagnostic(for: $0, format: format) }
        var definition: NotificationDefinition?
        if let document = parsed.document {
            let bound = Binder.bind(document, headerOptions: headers)
            definition = bound
            for rule in rules where rule.metadata.stage == .model {
                var context = RuleContext(definition: bound, metadata: rule.metadata)
                rule.check(&context)
                diagnostics += context.diagnostics
            }
        }
        diagnostics.sort { lhs, rhs in
            let left = lhs.range?.start ?? -1, right = rhs.range?.start ?? -1
            return left != right ? left < right : lhs.ruleID < rhs.ruleID
        }
        return FileReport(fileName: fileName, source: source, format: format, diagnostics: diagnostics, definition: definition)
    }

    /// Lints a definition given as text.
    public func lint(_ text: String, fileName: String = "<input>", format: InputFormat = .json, headers: [HeaderOption] = []) -> FileReport {
        lint(SourceText(text), fileName: fileName, format: format, headers: headers)
    }

    private func diagnostic(for problem: SyntaxProblem, format: InputFormat) -> Diagnostic? {
        let id = switch problem.kind {
        case .invalidSyntax: format.syntaxRuleID
        case .byteOrderMark: "byte-order-mark"
        }
        guard let rule = rules.first(where: { $0.id == id }) else { return nil }
        return Diagnostic(
            ruleID: id, severity: rule.metadata.severity, message: problem.message, help: problem.help,
            pointer: .root, range: problem.range, fix: problem.fix)
    }
}
