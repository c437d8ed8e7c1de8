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
        var diagnostics: [[String: Any]] = []
        if let outcome {
            if let problem = outcome.configurationProblem {
                let consequence = problem.path == ServerSettings.inlineName
                    ? "the client's settings cannot be read, so they are left out" : "the configuration cannot be read, so the defaults apply"
                diagnostics.append(["range": LSPRange.start.json, "severity": 1, "source": APNSLintTool.name, "message": "\(consequence): \(problem)"])
            }
            diagnostics += outcome.report.diagnostics.map { lspDiagnostic($0, in: document, report: outcome.report) }
        }
        var params: [String: Any] = ["uri": uri, "diagnostics": diagnostics]
        if let version = document.version { params["version"] = version }
        sendNotification("textDocument/publishDiagnostics", params)
    }

    /// The document linted with its configuration, or nil when it is not linted: its format is not one apns-lint reads
    /// (or a JSON Lines stream), it is a configuration file, its configuration excludes it, or it does not look like a
    /// definition (a `package.json`), judged as a directory walk of `apns-lint check` judges a file it finds
    /// (`DefinitionSniff`), unless the configuration's `include` names it.
    func lint(_ document: Document) -> LintOutcome? {
        guard let format = document.format, !document.isConfigurationFile else { return nil }
        // A buffer that is no file takes the configuration of the workspace root.
        let path = document.path ?? Paths.absolute("untitled", relativeTo: settings.root)
        var problem = settingsProblem
        var linter = Linter()
        var configuration = Configuration()
        do {
            configuration = try workspace.configuration(for: path)
            linter = try workspace.linter(for: path)
        } catch {
            problem = problem ?? error
        }
        if configuration.excludes(path) { return nil }
        let included = !configuration.include.isEmpty && configuration.includes(path, hasKnownExtension: true)
        let fileName = document.path.map(workspace.displayPath) ?? document.uri
        // Read once: the sniff's reading is the lint's.
        guard let report = included
            ? linter.lint(document.text, fileName: fileName, format: format, path: document.path)
            : linter.lintIfDefinition(document.text, fileName: fileName, format: format, path: document.path) else { return nil }
        return LintOutcome(linter: linter, report: report, configurationProblem: problem)
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
