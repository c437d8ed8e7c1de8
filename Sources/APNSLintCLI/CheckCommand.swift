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
}

extension ReportFormat: ExpressibleByArgument {}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint notification definitions (the default command).",
        discussion: """
            PATHS are files or directories; directories are searched recursively for \(CheckCommand.searchedExtensions) \
            files (hidden entries are skipped), and a JSON or YAML file found there is linted only when it looks like a \
            notification definition (aps, headers/payload, mdm, dialect or a dialect's keys at its top level) or the \
            configuration's include matches it: --show-files lists what is linted and what is skipped. A file named \
            in PATHS is always linted. Use - to read standard input, with \
            --stdin-filename to name it (its extension picks the format); without a known extension the format is \
            told from the content (an Erlang term; JSON when it starts with { or [; YAML otherwise), with a note when \
            the content does not read as the format taken. A YAML file may hold \
            several definitions (---); an Erlang file several terms.

            \(HeaderOptions.discussion)
            """)

    @Argument(help: "Files or directories to lint, or - for standard input.")
    var paths: [String] = ["."]

    @Option(help: ArgumentHelp("The name to show for standard input (its extension picks the format; without one, the content does).", valueName: "name"))
    var stdinFilename: String?

    @OptionGroup(title: HeaderOptions.title)
    var requestHeaders: HeaderOptions

    @Option(help: ArgumentHelp("The current time as UNIX epoch seconds, for rules about dates (default: the clock).", valueName: "seconds"))
    var now: Int?

    @Option(help: "Size limits: \(CheckCommand.sizeLimitProfiles).")
    var sizeLimitProfile: RuleOptions.SizeLimitProfile?

    @Option(help: ArgumentHelp("payload-near-limit warns above this share of the size limit (0 to 1; default 0.9).", valueName: "share"))
    var nearLimitShare: Double?

    @Option(help: "The sender's JSON escaping, for the size rules: \(HelpText.serializerStyles(default: .compact)).")
    var serializer: WireSerializer.Style?

    @Option(help: ArgumentHelp("The system format of the definitions: \(HelpText.list(Dialect.allCases)) (default: detected from each definition's keys; a definition's own \"dialect\" key wins).", valueName: "dialect"))
    var dialect: Dialect?

    @Option(help: ArgumentHelp("A platform the app runs on (repeatable): \(HelpText.list(RuleOptions.Platform.allCases, last: ", ")).", valueName: "platform"))
    var platform: [RuleOptions.Platform] = []

    @OptionGroup
    var input: InputRoleOption

    @OptionGroup(title: "Rule selection")
    var ruleSelection: RuleSelectionOptions

    @OptionGroup(title: "Configuration and files")
    var discovery: DiscoveryOptions

    @Flag(help: "Apply safe fixes to the files (atomically), then report what is left.")
    var fix = false

    @Flag(help: "With --fix, --diff or --fix-only: apply unsafe fixes too (they may change what the device shows or does).")
    var unsafeFixes = false

    @Flag(help: "Write nothing; print the fixes as a unified diff (exit 1 when there is one).")
    var diff = false

    @Flag(help: "Apply fixes and report only how many were applied.")
    var fixOnly = false

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

    @Option(help: "When to use colour: \(CheckCommand.colorChoices).")
    var color: ColorChoice = .auto

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Lint on this many threads (default: one per core); the output is the same whatever it is.", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("The report format on standard output: \(HelpText.list(ReportFormat.allCases)) (default: full; github when GITHUB_ACTIONS=true). json is an object (version 2) holding the diagnostics and a summary; json-array is the bare array of diagnostics json printed before, kept for one release.", valueName: "format"))
    var format: ReportFormat?

    @Option(name: .customLong("output"), help: ArgumentHelp("Also write the report in FORMAT to PATH (repeatable), e.g. sarif=report.sarif.", valueName: "format=path"))
    var outputs: [String] = []

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, e.g. --jobs 4") }
        if let nearLimitShare, !(0...1).contains(nearLimitShare) {
            throw ValidationError("--near-limit-share must be between 0 and 1, e.g. 0.9")
        }
        try DiscoveryOptions.validate(stdinFilename: stdinFilename, paths: paths)
        _ = try outputFiles()
    }

    /// The report format on standard output: `--format`, else `github` inside GitHub Actions, else `full`.
    var reportFormat: ReportFormat {
        format ?? (environmentVariable("GITHUB_ACTIONS") == "true" ? .github : .full)
    }

    /// `--output FORMAT=PATH`, in the order given.
    func outputFiles() throws -> [(format: ReportFormat, path: String)] {
        try outputs.map { value in
            guard let equals = value.firstIndex(of: "="), let format = ReportFormat(rawValue: String(value[..<equals])),
                  value.index(after: equals) < value.endIndex else {
                throw ValidationError("--output takes FORMAT=PATH with FORMAT one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), e.g. sarif=report.sarif; got '\(value)'")
            }
            return (format, String(value[value.index(after: equals)...]))
        }
    }

    /// What the command line says about rules and options, on top of every configuration file.
    func commandLineSettings() throws -> Settings {
        var settings = Settings(platforms: platform.isEmpty ? nil : Set(platform), serializer: serializer,
                                sizeLimitProfile: sizeLimitProfile, dialect: dialect, now: now ?? Int(Date().timeIntervalSince1970))
        if let nearLimitShare { settings.setOption(commandLineFlag: "near-limit-share", to: nearLimitShare) }
        let selection = try ruleSelection.selection()
        if !selection.isEmpty { settings.selections = [selection] }
        return settings
    }

    var role: InputRole { input.role }

    func run() throws {
        let workspace = discovery.workspace(commandLine: try commandLineSettings())
        let headers = requestHeaders.headerOptions
        let (files, inputErrors) = try discovery.collect(paths.filter { $0 != "-" }, in: workspace, jobs: jobs)
        if discovery.showFiles {
            try discovery.printFiles(files, errors: inputErrors, in: workspace)
            return
        }
        var standardInput: StandardInput?
        if paths.contains("-") {
            let name = stdinFilename ?? "<stdin>"
            let stream = stdinFilename.flatMap(StreamKind.detect(fileName:))
            // A stream is read a batch at a time as it is linted; anything else whole.
            let bytes = stream == nil ? try StandardStreams.readInput(name: name) : []
            standardInput = StandardInput(bytes: bytes, name: name,
                                          format: stream?.recordFormat ?? standardInputFormat(bytes, stdinFilename: stdinFilename),
                                          linter: try endingRunOnError { () throws(ConfigurationError) in try workspace.linter(for: name) },
                                          path: stdinFilename.map(workspace.absolutePath), stream: stream)
        }
        if files.isEmpty && standardInput == nil && inputErrors.isEmpty { try discovery.nothingFound(in: paths) }
        if fix || diff || fixOnly {
            // A stream asked for by name cannot be fixed: that is a usage error. One a walk found is checked, not fixed.
            let named = files.first { $0.stream == .jsonLines && $0.origin == .named }?.path
            if let stream = named ?? standardInput.flatMap({ $0.stream == nil ? nil : $0.name }) {
                printError("apns-lint: error: '\(stream)' is a JSON Lines stream, which is checked a record at a time and never rewritten; fix the definitions at their source, or leave it out of --fix, --diff and --fix-only")
                throw ExitCode(2)
            }
            try runFixes(workspace, files: files.filter { $0.stream != .jsonLines }, streams: files.filter { $0.stream == .jsonLines },
                         standardInput: standardInput, headers: headers, inputErrors: inputErrors)
            return
        }
        let writer = try reportWriter()
        var failures = inputErrors
        var skipped: [SkippedFile] = []
        // Files in their order: each run of files of one definition linted together, in parallel; a stream in batches of
        // records as it is read. Standard input last. `pendingStart` is the first file not linted yet; the files up to the
        // next stream are linted together (most often that is all of them, then `files` itself, not a copy).
        var pendingStart = 0
        func lintPending(upTo end: Int) throws {
            defer { pendingStart = end + 1 }
            guard pendingStart < end else { return }
            let pending = pendingStart == 0 && end == files.count ? files : Array(files[pendingStart..<end])
            // Written a run of files at a time, while later files are linted.
            skipped += try endingRunOnError { () throws(ConfigurationError) in
                try workspace.lint(files: pending, headers: headers, role: role, jobs: jobs, transform: writer.prepare) { results in
                    var prepared: [ReportWriter.Prepared] = []
                    for result in results {
                        switch result {
                        case .success(let report): prepared.append(report)
                        case .failure(let error): failures.append(error)
                        }
                    }
                    writer.add(prepared)
                }
            }
        }
        for index in files.indices {
            guard let kind = files[index].stream else { continue }
            let file = files[index]
            try lintPending(upTo: index)
            do {
                let skip = try workspace.lint(stream: file, kind: kind, headers: headers, role: role, jobs: jobs,
                                              transform: writer.prepare, consume: writer.add)
                if let skip { skipped.append(skip) } else { writer.addStream(kind) }
            } catch let error as InputError {
                failures.append(error)
            } catch let error as ConfigurationError {
                _ = try endingRunOnError { () throws(ConfigurationError) in throw error }
            }
        }
        try lintPending(upTo: files.count)
        if let input = standardInput {
            if let kind = input.stream {
                var reader = RecordReader(descriptor: STDIN_FILENO, path: input.name, kind: kind)
                do {
                    try input.linter.lint(stream: &reader, kind: kind, fileName: input.name, headers: headers, path: input.path, role: role,
                                          jobs: jobs, transform: writer.prepare, consume: writer.add)
                    writer.addStream(kind)
                } catch let error as InputError {
                    failures.append(error)
                }
            } else {
                writer.add([input.linter.lint(SourceText(bytes: input.bytes), fileName: input.name, format: input.format,
                                              headers: headers, path: input.path, role: role)])
            }
        }
        if !writer.summary.checkedAny && failures.isEmpty { try discovery.nothingLinted(in: paths, skipped: skipped) }
        try finish(writer, failures: failures, extra: nil)
    }

    /// `--fix`, `--diff`, `--fix-only`: fix every input, then write, print the diff, or report what is left.
    /// - Parameter streams: JSON Lines streams a walk found: never rewritten, so checked (with `--fix`) or left out
    ///   (`--diff`, `--fix-only`), with a note that says so.
    private func runFixes(_ workspace: Workspace, files: [InputFile], streams: [InputFile], standardInput: StandardInput?,
                          headers: [HeaderOption], inputErrors: [InputError]) throws {
        for stream in streams {
            let what = diff || fixOnly ? "left out of \(diff ? "--diff" : "--fix-only")" : "its records are checked, not fixed"
            printError("apns-lint: note: '\(stream.path)' is a JSON Lines stream, which is never rewritten: \(what)")
        }
        // Nothing could be read: the path errors are the whole answer, with no "0 files would be changed" before them.
        if files.isEmpty && streams.isEmpty && standardInput == nil && !inputErrors.isEmpty {
            for failure in inputErrors { printError("apns-lint: error: \(failure)") }
            throw ExitCode(2)
        }
        let options = FixOptions(includeUnsafe: unsafeFixes)
        let (fixed, skipped) = try endingRunOnError { () throws(ConfigurationError) in
            try workspace.fix(files: files, headers: headers, options: options, role: role)
        }
        if fixed.isEmpty && streams.isEmpty && standardInput == nil && inputErrors.isEmpty { try discovery.nothingLinted(in: paths, skipped: skipped) }
        var results = fixed.map { $0.map { ($0, true) } }
        if let input = standardInput {
            let result = input.linter.fix(SourceText(bytes: input.bytes), fileName: input.name, format: input.format, headers: headers,
                                          path: input.path, options: options, role: role)
            results.append(.success((result, false)))
        }
        var failures = inputErrors
        var reports: [FileReport] = []
        var applied = 0, heldBack = 0, changedFiles = 0
        var diffBytes: [UInt8] = []
        for entry in results {
            guard case .success(let (result, isFile)) = entry else {
                if case .failure(let error) = entry { failures.append(error) }
                continue
            }
            let name = result.report.fileName
            switch result.problem {
            case .didNotConverge(let rounds)?:
                printError("apns-lint: warning: \(name): fixes did not settle after \(rounds) rounds; the result of the last round is kept")
            case .roundBrokeTheFile(let round)?:
                printError("apns-lint: warning: \(name): fix round \(round) made the file unreadable and was rolled back")
            case nil:
                break
            }
            var written = true
            if diff {
                diffBytes += UnifiedDiff.make(from: result.original, to: result.fixed, path: name)
            } else if !isFile {
                // Standard input: the fixed text goes to standard output, as formatters do.
                StandardStreams.write(result.fixed, to: STDOUT_FILENO)
            } else if result.changed {
                do { try Inputs.writeAtomically(result.fixed, to: name) } catch {
                    failures.append(error)
                    written = false
                }
            }
            // A file that could not be written keeps its problems: report and count it as it is.
            if written {
                applied += result.applied
                heldBack += result.unsafeHeldBack
                if result.changed { changedFiles += 1 }
                reports.append(result.report)
            }
        }
        let held = heldBack > 0 ? " (\(heldBack) unsafe \(heldBack == 1 ? "fix" : "fixes") held back; use --unsafe-fixes)" : ""
        if diff {
            StandardStreams.write(diffBytes, to: STDOUT_FILENO)
            // The errors first, as the other modes print them: the count is of the files that were read.
            for failure in failures { printError("apns-lint: error: \(failure)") }
            printError("\(changedFiles) \(changedFiles == 1 ? "file" : "files") would be changed by \(applied) \(applied == 1 ? "fix" : "fixes")\(held).")
            if !failures.isEmpty { throw ExitCode(2) }
            if changedFiles > 0 { throw ExitCode(1) }
            return
        }
        let fixedLine = "Fixed \(applied) \(applied == 1 ? "problem" : "problems") in \(changedFiles) \(changedFiles == 1 ? "file" : "files")\(held)."
        if fixOnly {
            for failure in failures { printError("apns-lint: error: \(failure)") }
            if standardInput == nil { print(fixedLine) } else { printError(fixedLine) }
            if !failures.isEmpty { throw ExitCode(2) }
            return
        }
        if standardInput != nil {
            // Standard output holds the fixed text alone; the rest goes to standard error.
            printError(fixedLine)
            for failure in failures { printError("apns-lint: error: \(failure)") }
            if !failures.isEmpty { throw ExitCode(2) }
            let remaining = reports.flatMap(\.diagnostics)
            if fails(remaining) { throw ExitCode(1) }
            return
        }
        let writer = try reportWriter()
        writer.add(reports)
        // The streams' records after the files, as `check` orders them, read and reported a batch at a time.
        for stream in streams {
            guard let kind = stream.stream else { continue }
            do {
                if try workspace.lint(stream: stream, kind: kind, headers: headers, role: role, jobs: jobs,
                                      transform: writer.prepare, consume: writer.add) == nil {
                    writer.addStream(kind)
                }
            } catch let error as InputError {
                failures.append(error)
            } catch let error as ConfigurationError {
                _ = try endingRunOnError { () throws(ConfigurationError) in throw error }
            }
        }
        writer.setFixesApplied(applied)
        try finish(writer, failures: failures, extra: fixedLine)
    }

    /// The writer of the report on standard output: it writes as reports arrive when the format can.
    private func reportWriter() throws -> ReportWriter {
        ReportWriter(reporter: reportFormat.reporter(useColor: useColor, quiet: quiet, failLevel: failingSeverity), keepReports: !(try outputFiles()).isEmpty, jobs: jobs) { text in
            StandardStreams.write(text.utf8, to: STDOUT_FILENO)
        }
    }

    /// Ends the report in the chosen format (and writes the `--output` files), prints any failures, and exits as
    /// documented. Only the text formats (`full`, `concise`) carry the summary, the statistics and `extra` on standard
    /// output; the others keep standard output to the report alone and write `extra` to standard error.
    private func finish(_ writer: ReportWriter, failures: [InputError], extra: String?) throws {
        let rules = try ReportFormat.documentedRules(for: [reportFormat] + outputFiles().map { $0.format })
        for failure in failures {
            printError("apns-lint: error: \(failure)")
        }
        let format = reportFormat
        writer.addUnreadablePaths(failures.count { !$0.isWrite })
        writer.finish(rules: rules)
        var output = ""
        if statistics, format == .full || format == .concise {
            output += Self.statistics(writer.ruleCounts)
        }
        if let extra, !quiet {
            if format == .full || format == .concise { output += extra + "\n" } else { printError(extra) }
        }
        if !output.isEmpty { StandardStreams.write(output.utf8, to: STDOUT_FILENO) }
        var unwritable = false
        for (outputFormat, path) in try outputFiles() {
            do {
                let report = outputFormat.reporter(failLevel: failingSeverity).report(writer.keptReports, rules: rules, summary: writer.summary)
                try Inputs.writeNewFile(Array(report.utf8), to: path)
            } catch {
                printError("apns-lint: error: cannot write the \(outputFormat.rawValue) report to '\(path)': \(error.reason)")
                unwritable = true
            }
        }
        if !failures.isEmpty || unwritable { throw ExitCode(2) }
        if fails(writer.summary) { throw ExitCode(1) }
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
}

extension CheckCommand {
    /// The file extensions directories are searched for: ".json, .yaml, … and .config".
    static let searchedExtensions = HelpText.list(InputFile.searchedExtensions.map { "." + $0 }, last: " and ")

    /// --size-limit-profile's values with their limits.
    static let sizeLimitProfiles = HelpText.list(RuleOptions.SizeLimitProfile.allCases) { profile in
        switch profile {
        case .http2: "4096 bytes; 5120 for VoIP and broadcast; the default"
        case .legacyBinary: "2048 bytes"
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

/// Standard input's bytes and how to lint them.
struct StandardInput {
    let bytes: [UInt8]
    let name: String
    let format: InputFormat
    /// The linter of the configuration for `--stdin-filename`'s place (or the current directory).
    let linter: Linter
    let path: String?
    /// Set when `--stdin-filename` names a stream (`x.jsonl`): then `bytes` is empty and standard input is read as it
    /// is linted.
    var stream: StreamKind?
}

/// The format of standard input: from `--stdin-filename`'s extension, else from its content. When the content does not
/// read as the format it suggests, a note on standard error says which format was assumed and how to choose another.
func standardInputFormat(_ bytes: [UInt8], stdinFilename: String?) -> InputFormat {
    if let stdinFilename, let format = InputFormat.detect(fileName: stdinFilename) { return format }
    let detected = InputFormat.detect(content: bytes)
    if !detected.isCertain {
        let others = InputFormat.allCases.filter { $0 != detected.format }
        let examples = others.map { "push.\($0.fileExtensions[0])" }
        printError("apns-lint: note: standard input was taken for \(detected.format.displayName) (\(detected.reason)) and has syntax errors as such; "
                   + "if it is \(others.map(\.displayName).joined(separator: " or ")), name it with --stdin-filename (\(examples.joined(separator: ", ")))")
    }
    return detected.format
}

extension InputFormat {
    /// "JSON", "YAML", "an Erlang term".
    var displayName: String {
        switch self {
        case .json: "JSON"
        case .yaml: "YAML"
        case .erlang: "an Erlang term"
        }
    }
}

func printError(_ message: String) {
    StandardStreams.write((message + "\n").utf8, to: STDERR_FILENO)
}
