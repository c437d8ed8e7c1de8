import APNSLint
import APNSLintDialects
import APNSLintModel
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    /// Without --color.
    static let defaultChoice = ColorChoice.auto
}

extension ReportFormat: ExpressibleByArgument {}

/// `check`'s rule options: the time, size limits, serializer, dialect and platforms.
struct RuleOptionFlags: ParsableArguments {
    @Option(help: ArgumentHelp("The current time as UNIX epoch seconds, for rules about dates (default: the clock).", valueName: "seconds"))
    var now: Int?

    @Option(help: "Size limits: \(RuleOptionFlags.sizeLimitProfiles).")
    var sizeLimitProfile: RuleOptions.SizeLimitProfile?

    @Option(help: ArgumentHelp("payload-near-limit warns above this share of the size limit (0 to 1; default 0.9).", valueName: "share"))
    var nearLimitShare: Double?

    @Option(help: "The sender's JSON escaping, for the size rules: \(HelpText.serializerStyles(default: .compact)).")
    var serializer: WireSerializer.Style?

    @Option(help: ArgumentHelp("The system format of the definitions: \(HelpText.list(Dialect.allCases)) (default: detected from each definition's keys; a definition's own \"dialect\" key wins).", valueName: "dialect"))
    var dialect: Dialect?

    @Option(help: ArgumentHelp("The APNs environment the definitions are sent to: \(HelpText.list(APNsEnvironment.allCases)) (a definition's own \"environment\" key wins).", valueName: "environment"))
    var environment: APNsEnvironment?

    @Option(help: ArgumentHelp("A platform the app runs on (repeatable): \(HelpText.list(RuleOptions.Platform.allCases, last: ", ")).", valueName: "platform"))
    var platform: [RuleOptions.Platform] = []

    @Option(help: ArgumentHelp("The app that receives the notifications, to check payloads against (repeatable): an .xcodeproj, an XcodeGen project.yml, a Swift package, or a folder holding one; none for no app (default: the configuration's app:, else the repository's Xcode project).", valueName: "path"))
    var app: [String] = []

    @Option(help: ArgumentHelp("With --app: a target of the app's project to read (repeatable; default: all).", valueName: "name"))
    var appTarget: [String] = []

    func validate() throws {
        if let problem = AppReading.commandLineProblem(app: app, targets: appTarget) { throw ValidationError(problem) }
        if let nearLimitShare, !(0...1).contains(nearLimitShare) {
            throw ValidationError("--near-limit-share must be between 0 and 1, e.g. 0.9")
        }
    }

    /// What the command line says about rules and options, on top of every configuration file.
    func settings(selection: RuleSelection) throws -> Settings {
        var settings = Settings(platforms: platform.isEmpty ? nil : Set(platform), serializer: serializer,
                                sizeLimitProfile: sizeLimitProfile, dialect: dialect, now: now ?? Int(Date().timeIntervalSince1970))
        settings.environment = environment
        settings.app = try endingRunOnError { () throws(AppReader.Failure) in try AppReading.commandLineSetting(app: app, targets: appTarget) }
        if let nearLimitShare { settings.setOption(commandLineFlag: "near-limit-share", to: nearLimitShare) }
        if !selection.isEmpty { settings.selections = [selection] }
        return settings
    }

    /// --size-limit-profile's values with their limits.
    static let sizeLimitProfiles = HelpText.list(RuleOptions.SizeLimitProfile.allCases) { profile in
        switch profile {
        case .http2: "4096 bytes; 5120 for VoIP and broadcast; the default"
        case .legacyBinary: "2048 bytes"
        }
    }
}

/// `check`'s fix modes.
struct FixFlags: ParsableArguments {
    @Flag(help: "Apply safe fixes to the files (atomically), then report what is left.")
    var fix = false

    @Flag(help: "With --fix, --diff or --fix-only: apply unsafe fixes too (they may change what the device shows or does).")
    var unsafeFixes = false

    @Flag(help: "Write nothing; print the fixes as a unified diff (exit 1 when there is one).")
    var diff = false

    @Flag(help: "Apply fixes and report only how many were applied.")
    var fixOnly = false

    var any: Bool { fix || diff || fixOnly }
}

/// `check`'s report: its format and files, what fails the run, colour and threads.
struct ReportOptions: ParsableArguments {
    @Flag(help: "Fail (exit 1) on warnings too (the same as --fail-level warning).")
    var strict = false

    @Option(help: "The lowest severity that fails the run (exit 1): \(HelpText.list(Severity.allCases.reversed()) { $0 == .error ? "default" : nil }).")
    var failLevel: Severity?

    @Flag(help: "Exit 0 even when findings are reported (2 still means the run itself failed).")
    var exitZero = false

    @Flag(help: "Print the findings only: no summary line.")
    var quiet = false

    @Flag(help: "After the report, count the findings per rule.")
    var statistics = false

    @Option(help: "When to use colour: \(ReportOptions.colorChoices).")
    var color: ColorChoice = ColorChoice.defaultChoice

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Lint on this many threads (default: one per core); the output is the same whatever it is.", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("The report format on standard output: \(HelpText.list(ReportFormat.allCases)) (default: full; github when GITHUB_ACTIONS=true). json is an object (version 2) holding the diagnostics and a summary; json-array is the bare array of diagnostics json printed before, kept for one release; json-lines is one compact diagnostic a line (json's, with its record), written as found, without a summary, for pipes.", valueName: "format"))
    var format: ReportFormat?

    @Option(name: [.customShort("o"), .customLong("output-file")], help: ArgumentHelp("Write the report (in --format) to PATH instead of standard output.", valueName: "path"))
    var outputFile: String?

    @Option(name: .customLong("output"), help: ArgumentHelp("Also write the report in FORMAT to PATH (repeatable), e.g. sarif=report.sarif.", valueName: "format=path"))
    var outputs: [String] = []

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, e.g. --jobs 4") }
        _ = try outputFiles()
    }

    /// The report format on standard output: `--format`, else `github` inside GitHub Actions, else `full`.
    var reportFormat: ReportFormat {
        format ?? (environmentVariable("GITHUB_ACTIONS") == "true" ? .github : .full)
    }

    /// Whether the text formats carry the summary, the statistics and notes on standard output.
    var isText: Bool { reportFormat == .full || reportFormat == .concise }

    /// `--output FORMAT=PATH`, in the order given, then `--output-file`'s.
    func outputFiles() throws -> [(format: ReportFormat, path: String)] {
        try outputs.map { value -> (format: ReportFormat, path: String) in
            guard let equals = value.firstIndex(of: "="), let format = ReportFormat(rawValue: String(value[..<equals])),
                  value.index(after: equals) < value.endIndex else {
                throw ValidationError("--output takes FORMAT=PATH with FORMAT one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), e.g. sarif=report.sarif; got '\(value)'")
            }
            return (format, String(value[value.index(after: equals)...]))
        } + (outputFile.map { [(reportFormat, $0)] } ?? [])
    }

    /// The writer of the report on standard output: it writes as reports arrive when the format can. With
    /// `--output-file`, standard output gets none of it: the report is written to the file at the end.
    func reportWriter() throws -> ReportWriter {
        let toStandardOutput = outputFile == nil
        return ReportWriter(reporter: reportFormat.reporter(useColor: useColor, quiet: quiet, failLevel: failingSeverity),
                            keepReports: !(try outputFiles()).isEmpty, jobs: jobs) { text in
            if toStandardOutput { StandardStreams.write(text.utf8, to: STDOUT_FILENO) }
        }
    }

    /// Ends the report in the chosen format (and writes the `--output` files), prints any failures, and exits as
    /// documented. Only the text formats (`full`, `concise`) carry the summary, the statistics and `extra` on standard
    /// output; the others keep standard output to the report alone and write `extra` to standard error.
    func finish(_ writer: ReportWriter, failures: [InputError], extra: String?) throws {
        let rules = try ReportFormat.documentedRules(for: [reportFormat] + outputFiles().map { $0.format })
        for failure in failures {
            printError("apns-lint: error: \(failure)")
        }
        writer.addUnreadablePaths(failures.count { !$0.isWrite })
        writer.finish(rules: rules)
        var output = ""
        if statistics, isText {
            output += ReportOptions.statistics(writer.ruleCounts)
        }
        if let extra, !quiet {
            if isText { output += extra + "\n" } else { printError(extra) }
        }
        if !output.isEmpty { StandardStreams.write(output.utf8, to: STDOUT_FILENO) }
        let unwritable = try !writeOutputFiles(writer, rules: rules)
        if !failures.isEmpty || unwritable { throw ExitCode(2) }
        if fails(writer.summary) { throw ExitCode(1) }
    }

    /// Writes the `--output` files; false when one cannot be written (said on standard error).
    func writeOutputFiles(_ writer: ReportWriter, rules: [DocumentedRule]? = nil) throws -> Bool {
        let rules = try rules ?? ReportFormat.documentedRules(for: outputFiles().map { $0.format })
        var written = true
        for (index, (outputFormat, path)) in try outputFiles().enumerated() {
            do {
                // --output-file's report is the one standard output would get (--quiet applies), without colour.
                let isMain = outputFile != nil && index == outputs.count
                let text = outputFormat.reporter(quiet: isMain && quiet, failLevel: failingSeverity)
                    .report(writer.keptReports, rules: rules, summary: writer.summary)
                try Inputs.writeNewFile(Array(text.utf8), to: path)
            } catch {
                printError("apns-lint: error: cannot write the \(outputFormat.rawValue) report to '\(path)': \(error.reason)")
                written = false
            }
        }
        return written
    }

    /// The lowest severity that fails the run: --fail-level, else warning with --strict, else error.
    var failingSeverity: Severity { failLevel ?? (strict ? .warning : .error) }

    /// Whether these findings fail the run (never with --exit-zero).
    func fails(_ diagnostics: [Diagnostic]) -> Bool {
        !exitZero && diagnostics.contains { $0.severity >= failingSeverity }
    }

    /// Whether the findings counted fail the run (never with --exit-zero).
    func fails(_ summary: Summary) -> Bool {
        guard !exitZero else { return false }
        switch failingSeverity {
        case .error: return summary.errors > 0
        case .warning: return summary.errors + summary.warnings > 0
        case .info: return summary.errors + summary.warnings + summary.infos > 0
        }
    }

    /// `  3  invalid-value-type  (error)` per rule, most frequent first.
    static func statistics(_ counts: [String: (count: Int, severity: Severity)]) -> String {
        let rows = counts.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
        let width = String(rows.first?.value.count ?? 0).count
        return rows.map { id, entry in
            String(repeating: " ", count: width - String(entry.count).count) + "\(entry.count)  \(id)  (\(entry.severity.rawValue))\n"
        }.joined()
    }

    var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = environmentVariable("NO_COLOR").map { !$0.isEmpty } ?? false
            let dumb = environmentVariable("TERM") == "dumb"
            return isatty(STDOUT_FILENO) != 0 && !noColor && !dumb
        }
    }

    /// --color's values; `auto` says when it colours.
    static let colorChoices = HelpText.list(ColorChoice.allCases, last: ", ") { choice in
        switch choice {
        case .auto: "only on a terminal, and not when NO_COLOR is set"
        // no-color.org: NO_COLOR is a default that an explicit option overrides.
        case .always: "even when NO_COLOR is set"
        case .never: nil
        }
    }
}
