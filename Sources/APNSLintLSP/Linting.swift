import APNSLint
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What linting an open document gave.
struct LintOutcome {
    /// The linter that applies to the document (its configuration), for fixes.
    let linter: Linter
    let report: FileReport
    /// What went wrong reading the configuration (the document was linted with the defaults) or the client's inline
    /// settings (left out).
    let configurationProblem: ConfigurationError?
}

extension LanguageServer {
    /// Lints a document and publishes its diagnostics (an empty list for a document that is not linted).
    func publish(_ uri: String) {
        guard let document = documents[uri] else { return }
        let outcome = lint(document)
        reports[uri] = outcome
        var diagnostics: [LSPDiagnostic] = []
        if let outcome {
            if let problem = outcome.configurationProblem {
                let consequence = problem.path == ServerSettings.inlineName
                    ? "the client's settings cannot be read, so they are left out" : "the configuration cannot be read, so the defaults apply"
                diagnostics.append(LSPDiagnostic(range: LSPRange.start, severity: 1, message: "\(consequence): \(problem)"))
            }
            diagnostics += outcome.report.diagnostics.filter { $0.externalLocation == nil }
                .map { lspDiagnostic($0, in: document, report: outcome.report) }
        }
        publishConfigurationFindings(of: uri, outcome?.report.diagnostics.filter { $0.externalLocation != nil } ?? [], report: outcome?.report)
        // A configuration file open in the editor shows what its headers do to the open definitions.
        if document.isConfigurationFile { diagnostics += configurationDiagnostics(at: uri) }
        publishDiagnostics(PublishDiagnosticsParams(uri: uri, diagnostics: diagnostics, version: document.version))
    }

    /// The document linted with its configuration, or nil when it is not linted: its format is not one apns-lint reads
    /// (or a JSON Lines stream), it is a configuration file, its configuration excludes it, or it does not look like a
    /// definition (a `package.json`), judged as a directory walk of `apns-lint check` judges a file it finds
    /// (`DefinitionSniff`), unless the configuration's `include` names it.
    func lint(_ document: Document) -> LintOutcome? {
        guard let format = document.format, !document.isConfigurationFile else { return nil }
        // A buffer that is no file takes the configuration of the workspace root.
        let path = document.path ?? Paths.absolute("untitled", relativeTo: settings.root)
        let fileName = document.path.map(workspace.displayPath) ?? document.uri
        let linted = workspace.lint(document: document.text, path: path, fileName: fileName, format: format)
        guard let report = linted.report else { return nil }
        return LintOutcome(linter: linted.linter, report: report, configurationProblem: settingsProblem ?? linted.configurationProblem)
    }

    /// Publishes, on each configuration file's URI, the findings placed there for the definition at `uri` (replacing
    /// those of its last lint), with those of every other open definition.
    func publishConfigurationFindings(of uri: String, _ findings: [Diagnostic], report: FileReport?) {
        var touched = Set(configurationFindings.compactMap { $0.value[uri] == nil ? nil : $0.key })
        for key in touched { configurationFindings[key]?[uri] = nil }
        for finding in findings {
            guard let location = finding.externalLocation, let report else { continue }
            let configuration = Document.uri(forPath: location.absolutePath)
            configurationFindings[configuration, default: [:]][uri, default: []].append(lspDiagnostic(finding, at: location, report: report))
            touched.insert(configuration)
        }
        for configuration in touched.sorted() {
            if configurationFindings[configuration]?.isEmpty == true { configurationFindings[configuration] = nil }
            publishDiagnostics(PublishDiagnosticsParams(uri: configuration, diagnostics: configurationDiagnostics(at: configuration)))
        }
    }

    /// The findings placed in the configuration file at `uri` by the open definitions, each once (the same bad header
    /// is the same finding for every file it applies to), in the definitions' order.
    func configurationDiagnostics(at uri: String) -> [LSPDiagnostic] {
        var seen = Set<String>()
        var diagnostics: [LSPDiagnostic] = []
        for definition in (configurationFindings[uri] ?? [:]).keys.sorted() {
            for diagnostic in configurationFindings[uri]?[definition] ?? [] {
                let start = diagnostic.range.start
                if seen.insert("\(diagnostic.code ?? "")\u{0}\(start.line):\(start.character)\u{0}\(diagnostic.message)").inserted {
                    diagnostics.append(diagnostic)
                }
            }
        }
        return diagnostics
    }

    /// The lint outcome of an open document, linted now when it has none yet.
    func outcome(for uri: String) -> LintOutcome? {
        if let known = reports[uri] { return known }
        guard let document = documents[uri] else { return nil }
        let outcome = lint(document)
        reports[uri] = outcome
        return outcome
    }
}
