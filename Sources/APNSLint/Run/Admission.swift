import APNSLintSyntax

/// Whether an input is linted: the one place that decides. A file named on the command line, or matched by the
/// configuration's `include`, always is; one a directory walk (or an editor) found only when it looks like a
/// notification definition (`DefinitionSniff`). What the decision read is what the lint then uses: a text is read once.
enum Admission {
    case lint(ParseResult?)
    case skip(reason: String)

    static func of(_ source: SourceText, origin: InputOrigin, format: InputFormat, fileName: String?, retentionLimit: Int? = JSONReader.defaultRetentionLimit)
        -> Admission {
        guard origin == .found else { return .lint(nil) }
        let parsed = format.read(source, retentionLimit: retentionLimit)
        if let reason = DefinitionSniff.skipReason(parsed, source: source, format: format, fileName: fileName) { return .skip(reason: reason) }
        return .lint(parsed)
    }
}

extension Configuration {
    /// How a file at `path` (absolute) found by a walk, or open in an editor, comes to be linted: matched by `include`,
    /// found by its extension, or not at all (excluded, or neither included nor of a known extension).
    func origin(ofFound path: String, hasKnownExtension: Bool) -> InputOrigin? {
        guard includes(path, hasKnownExtension: hasKnownExtension) else { return nil }
        return include.isEmpty ? .found : .included
    }
}

/// An open document linted with its configuration (`Workspace.lint(document:…)`).
public struct DocumentLint: Sendable {
    /// The linter of the document's configuration (the defaults when it cannot be read), for fixes.
    public let linter: Linter
    /// Nil when the document is not linted: excluded, or not a definition.
    public let report: FileReport?
    /// Why the configuration could not be read (the document was then linted with the defaults).
    public let configurationProblem: ConfigurationError?
}

extension Workspace {
    /// Lints an open document (an editor's buffer) as a run lints a file it finds: with the configuration of `path`
    /// (the defaults when it cannot be read), unless that excludes it, and only when it looks like a definition unless
    /// the configuration's `include` names it.
    public func lint(document source: SourceText, path: String, fileName: String, format: InputFormat) -> DocumentLint {
        var linter = Linter()
        var configuration = Configuration()
        var problem: ConfigurationError?
        do {
            configuration = try self.configuration(for: path)
            linter = try self.linter(for: path)
        } catch {
            problem = error
        }
        guard let origin = configuration.origin(ofFound: path, hasKnownExtension: true) else {
            return DocumentLint(linter: linter, report: nil, configurationProblem: problem)
        }
        switch Admission.of(source, origin: origin, format: format, fileName: fileName, retentionLimit: linter.retentionLimit) {
        case .skip: return DocumentLint(linter: linter, report: nil, configurationProblem: problem)
        case .lint(let parsed):
            let report = linter.lint(source, parsed: parsed, fileName: fileName, format: format, headers: [], path: path, role: .definition)
            return DocumentLint(linter: linter, report: report, configurationProblem: problem)
        }
    }
}
