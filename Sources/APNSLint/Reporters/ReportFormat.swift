import APNSLintRules
import APNSLintSyntax

/// The output formats of `apns-lint check --format`.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// `path:line:col: severity: message [rule]`, the source line underlined, notes, help; then the summary line.
    case full
    /// One `path:line:col: severity: message [rule]` line per diagnostic (Xcode and editors parse it); then
    /// the summary line.
    case concise
    /// An object: the report format's version, the tool, the diagnostics in a stable schema and the summary (see
    /// `JSONReporter`).
    case json
    /// The bare array of diagnostics that `json` printed before its report format's version 2; kept for one release.
    case jsonArray = "json-array"
    /// One diagnostic a line, each `json`'s diagnostic object written compactly with its stream record's number, and
    /// nothing else (no summary): for pipes, written as found (see `JSONReporter`).
    case jsonLines = "json-lines"
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// GitHub Actions workflow commands (`::error file=…::message`), shown as pull-request annotations.
    case github
    /// JUnit XML: a test suite per file, a failing test case per diagnostic.
    case junit
    /// Checkstyle XML 4.3.
    case checkstyle
    /// GitLab Code Quality JSON.
    case gitlab
    /// Swift source whose `#error` and `#warning` directives carry the findings at their lines, for a build to compile
    /// (each compiler job that parses it prints them again, so the build tool plugin prints `concise` instead).
    case swift

    /// The reporter for this format. Colour applies to `full` only; `quiet` leaves out the summary line of
    /// `full` and `concise` (`json` always has its summary; the other formats have none). `failLevel` is the lowest
    /// severity that fails the run: JUnit's failures are the findings at or above it.
    public func reporter(useColor: Bool = false, quiet: Bool = false, failLevel: Severity = .error) -> any Reporter {
        switch self {
        case .full: FullReporter(useColor: useColor, includeSummary: !quiet)
        case .concise: ConciseReporter(includeSummary: !quiet)
        case .json: JSONReporter()
        case .jsonArray: JSONReporter(layout: .bareArray)
        case .jsonLines: JSONReporter(layout: .lines)
        case .sarif: SARIFReporter()
        case .github: GitHubReporter()
        case .junit: JUnitReporter(failLevel: failLevel)
        case .checkstyle: CheckstyleReporter()
        case .gitlab: GitLabReporter()
        case .swift: SwiftDirectivesReporter()
        }
    }
}

extension ReportFormat {
    /// Whether the report lists the rules with their documentation (SARIF's `tool.driver.rules`). The other formats'
    /// reporters read nothing of the rules they are given.
    public var listsRules: Bool { self == .sarif }

    /// The documented rules that reports in `formats` need: every rule when one of them lists the rules, else none.
    /// Building every rule's documentation (its texts and examples) costs more than linting a file (about 1 ms of a
    /// 10 ms one-file run), so a run that writes no such report builds none.
    public static func documentedRules(for formats: [ReportFormat]) -> [DocumentedRule] {
        formats.contains { $0.listsRules } ? RuleRegistry.all.map { $0.documented } : []
    }
}
