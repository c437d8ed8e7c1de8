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

struct CheckCommand: ParsableCommand {
    /// The command's name, known without building its configuration (whose help text takes a while to make).
    static let name = "check"

    static let configuration = CommandConfiguration(
        commandName: name,
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
    var paths: [String] = CheckCommand.defaultPaths

    /// What `check` lints when no path is given: the working directory.
    static let defaultPaths = ["."]

    @Option(help: ArgumentHelp("The name to show for standard input (its extension picks the format; without one, the content does).", valueName: "name"))
    var stdinFilename: String?

    @Option(help: ArgumentHelp("Where a JSON Lines stream on standard input starts in the file it was cut from: its first line (1-based), byte offset (0-based) and record number (1-based), so positions and record numbers are the file's (a part of a log piped on its own, as a Spark partition).", valueName: "line:offset:record"))
    var stdinOrigin: String?

    @OptionGroup(title: HeaderOptions.title)
    var requestHeaders: HeaderOptions

    @OptionGroup
    var ruleOptions: RuleOptionFlags

    @OptionGroup
    var input: InputRoleOption

    @OptionGroup(title: "Rule selection")
    var ruleSelection: RuleSelectionOptions

    @OptionGroup(title: "Configuration and files")
    var discovery: DiscoveryOptions

    @OptionGroup
    var fixing: FixFlags

    @OptionGroup
    var report: ReportOptions

    @OptionGroup(title: "Baseline")
    var baselineOptions: BaselineOptions

    @Flag(help: "Print which system each definition is read as and why (the keys that decided it, the systems weighed against it), one line each, and exit.")
    var showDialect = false

    func validate() throws {
        try DiscoveryOptions.validate(stdinFilename: stdinFilename, paths: paths)
        if fixing.any && (baselineOptions.baseline ?? baselineOptions.writeBaseline) != nil {
            throw ValidationError("--baseline and --write-baseline filter a report: run --fix without them, then check with the baseline")
        }
        if let stdinOrigin {
            guard StreamStart(stdinOrigin) != nil else { throw ValidationError("--stdin-origin takes LINE:OFFSET:RECORD (1-based line, 0-based byte offset, 1-based record), not '\(stdinOrigin)'") }
            guard paths.contains("-"), stdinFilename.flatMap(StreamKind.detect(fileName:)) == .jsonLines else {
                throw ValidationError("--stdin-origin places a JSON Lines stream on standard input: pass - with --stdin-filename NAME.jsonl")
            }
        }
    }

    var role: InputRole { input.role }

    func run() throws {
        let workspace = discovery.workspace(commandLine: try ruleOptions.settings(selection: try ruleSelection.selection()))
        let headers = requestHeaders.headerOptions
        let (files, inputErrors) = try discovery.collect(paths.filter { $0 != "-" }, in: workspace, jobs: report.jobs)
        if discovery.showFiles {
            try discovery.printFiles(files, errors: inputErrors, in: workspace)
            return
        }
        var standardInput = paths.contains("-") ? try readStandardInput(named: stdinFilename) : nil
        if let start = stdinOrigin.flatMap(StreamStart.init) { standardInput?.start = start }
        if files.isEmpty && standardInput == nil && inputErrors.isEmpty { try discovery.nothingFound(in: paths) }
        if showDialect {
            try printReadings(files.map(Input.file) + (standardInput.map { [.standardInput($0)] } ?? []), in: workspace, headers: headers,
                              inputErrors: inputErrors)
            return
        }
        if fixing.any {
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
        let writer = try report.reportWriter()
        var failures = inputErrors
        let baseline = try baselineOptions.state()
        let skipped = try lint(files.map(Input.file) + (standardInput.map { [.standardInput($0)] } ?? []), in: workspace, headers: headers,
                               writer: writer, baseline: baseline, failures: &failures)
        try baseline?.finish()
        if !writer.summary.checkedAny && failures.isEmpty && !skipped.isEmpty {
            // The --output files are written all the same: a CI step or a build uploads or keeps them.
            if discovery.noErrorsOnUnmatched { throw ExitCode(try report.writeOutputFiles(writer) ? 0 : 2) }
            try discovery.nothingLinted(in: paths, skipped: skipped)
        }
        try report.finish(writer, failures: failures, extra: nil)
    }

    /// `--show-dialect`: each definition's reading, in the inputs' order; a file of no definition says so on standard
    /// error and exits 1 (as `check` reports it); exits 2 when a path could not be read.
    private func printReadings(_ inputs: [Input], in workspace: Workspace, headers: [HeaderOption], inputErrors: [InputError]) throws {
        var failures = inputErrors
        var unread: [String] = []
        _ = try endingRunOnError {
            try workspace.run(inputs, headers: headers, role: role, jobs: report.jobs, transform: { item -> ([String], String?) in
                let lines = item.report.readingLines()
                guard lines.isEmpty else { return (lines, nil) }
                let why = item.report.diagnostics.first.map { ": \($0.message) [\($0.ruleID)]" } ?? ""
                return ([], "\(item.report.fileName): no definition was read\(why)")
            }) { event in
                for (lines, none) in event.batch(failures: &failures) ?? [] {
                    for line in lines { print(line) }
                    if let none { unread.append(none) }
                }
            }
        }
        for line in unread { printError("apns-lint: \(line)") }
        for failure in failures { printError("apns-lint: error: \(failure)") }
        if !failures.isEmpty { throw ExitCode(2) }
        if !unread.isEmpty { throw ExitCode(1) }
    }

    /// Lints the inputs in order, each report written as it arrives (`Workspace.check`).
    /// With a baseline, what it holds is left out of each report (everything, when it is being written) and counted.
    private func lint(_ inputs: [Input], in workspace: Workspace, headers: [HeaderOption], writer: ReportWriter,
                      baseline: BaselineState? = nil, failures: inout [InputError]) throws -> [SkippedFile] {
        try endingRunOnError {
            try workspace.check(inputs, headers: headers, role: role, jobs: report.jobs, into: writer, holdBack: baseline.map { state in { @Sendable report in state.filter(report) } },
                                heldBack: { baseline?.record($0) }, failures: &failures)
        }
    }

    /// `--fix`, `--diff`, `--fix-only`: fix every input, then write, print the diff, or report what is left.
    /// - Parameter streams: JSON Lines streams a walk found: never rewritten, so checked (with `--fix`) or left out
    ///   (`--diff`, `--fix-only`), with a note that says so.
    private func runFixes(_ workspace: Workspace, files: [InputFile], streams: [InputFile], standardInput: StandardInput?,
                          headers: [HeaderOption], inputErrors: [InputError]) throws {
        let (diff, fixOnly) = (fixing.diff, fixing.fixOnly)
        for stream in streams {
            let what = diff || fixOnly ? "left out of \(diff ? "--diff" : "--fix-only")" : "its records are checked, not fixed"
            printError("apns-lint: note: '\(stream.path)' is a JSON Lines stream, which is never rewritten: \(what)")
        }
        // Nothing could be read: the path errors are the whole answer, with no "0 files would be changed" before them.
        if files.isEmpty && streams.isEmpty && standardInput == nil && !inputErrors.isEmpty {
            for failure in inputErrors { printError("apns-lint: error: \(failure)") }
            throw ExitCode(2)
        }
        var tally = FixTally(mode: diff ? .diff : .write)
        var failures = inputErrors
        // The inputs read (and fixed, or not written).
        var results = 0
        let inputs = files.map(Input.file) + (standardInput.map { [.standardInput($0)] } ?? [])
        let skipped = try endingRunOnError {
            try workspace.run(inputs, headers: headers, role: role, job: .fix(FixOptions(includeUnsafe: fixing.unsafeFixes)), jobs: report.jobs,
                              transform: { ($0.fix!, $0.isStandardInput) }) { event in
                guard let values = event.batch(failures: &failures) else { return }
                results += values.count
                for (result, isStandardInput) in values {
                    if let warning = result.problemWarning { printError("apns-lint: warning: \(warning)") }
                    // Standard input: the fixed text goes to standard output, as formatters do.
                    if isStandardInput && !diff { StandardStreams.write(result.fixed, to: STDOUT_FILENO) }
                    // A file that could not be written keeps its problems: it is reported and counted as it is.
                    if let error = tally.record(result, isFile: !isStandardInput) { failures.append(error) }
                }
            }
        }
        // Nothing was read, and no input failed to be (a failure to write one follows its read).
        if results == 0 && failures.isEmpty && streams.isEmpty && standardInput == nil && inputErrors.isEmpty {
            try discovery.nothingLinted(in: paths, skipped: skipped)
        }
        if diff {
            StandardStreams.write(tally.diff, to: STDOUT_FILENO)
            // The errors first, as the other modes print them: the count is of the files that were read.
            for failure in failures { printError("apns-lint: error: \(failure)") }
            printError(tally.wouldChangeLine)
            if !failures.isEmpty { throw ExitCode(2) }
            if tally.changedFiles > 0 { throw ExitCode(1) }
            return
        }
        if fixOnly {
            for failure in failures { printError("apns-lint: error: \(failure)") }
            if standardInput == nil { print(tally.fixedLine) } else { printError(tally.fixedLine) }
            if !failures.isEmpty { throw ExitCode(2) }
            return
        }
        if standardInput != nil {
            // Standard output holds the fixed text alone; the rest goes to standard error.
            printError(tally.fixedLine)
            for failure in failures { printError("apns-lint: error: \(failure)") }
            if !failures.isEmpty { throw ExitCode(2) }
            if report.fails(tally.reports.flatMap(\.diagnostics)) { throw ExitCode(1) }
            return
        }
        let writer = try report.reportWriter()
        writer.add(tally.reports)
        // The streams' records after the files, as `check` orders them, read and reported a batch at a time.
        _ = try lint(streams.map(Input.file), in: workspace, headers: headers, writer: writer, failures: &failures)
        writer.setFixesApplied(tally.applied)
        try report.finish(writer, failures: failures, extra: tally.fixedLine)
    }
}

extension CheckCommand {
    /// The file extensions directories are searched for: ".json, .yaml, … and .config".
    static let searchedExtensions = HelpText.list(InputFile.searchedExtensions.map { "." + $0 }, last: " and ")
}

/// Standard input, named `name`; a note on standard error when its format was guessed from content that does not read
/// as it. A read that fails, or input over `Inputs.maximumTextBytes`, ends the run (exit 2).
func readStandardInput(named name: String?) throws -> StandardInput {
    let (input, note) = try endingRunOnError { () throws(InputError) in try StandardInput.read(named: name) }
    if let note { printError("apns-lint: note: \(note)") }
    return input
}

func printError(_ message: String) {
    StandardStreams.write((message + "\n").utf8, to: STDERR_FILENO)
}
