import APNSLint
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// `apns-lint suppress`: accepts every current finding with an `ignore:` entry (file, rules, reason) in the
/// configuration file that applies to its file, so `check` on the same tree then passes. Configuration entries, not
/// comments, because JSON has none: one mechanism for every format. See docs/baseline.md.
struct SuppressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suppress",
        abstract: "Accept every current finding: add an ignore entry (file, rules, reason) for each file with findings to its configuration file.",
        discussion: """
            Each file with findings gets one entry under ignore: in the .apns-lint.yml that applies to it (a new one in \
            the current directory when none does), naming the rules that report in it and the reason. The rest of the \
            configuration file is kept as written; it is replaced atomically, and only when the result still reads as \
            a configuration. `check` on the same files then passes. For findings accepted by fingerprint instead (a \
            new finding of the same rule in the same file still fails), see check --baseline.
            """)

    static let defaultReason = "accepted when apns-lint was adopted (apns-lint suppress); fix and remove"

    @Argument(help: "Files or directories whose findings to accept.")
    var paths: [String] = ["."]

    @Option(help: ArgumentHelp("Why these findings are accepted (written in each entry; default: \"\(SuppressCommand.defaultReason)\").", valueName: "text"))
    var reason: String = SuppressCommand.defaultReason

    @OptionGroup
    var ruleOptions: RuleOptionFlags

    @OptionGroup(title: "Rule selection")
    var ruleSelection: RuleSelectionOptions

    @OptionGroup(title: "Configuration and files")
    var discovery: DiscoveryOptions

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Lint on this many threads (default: one per core).", valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if reason.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) { throw ValidationError("--reason cannot be empty: say why the findings are accepted") }
        if paths.contains("-") { throw ValidationError("suppress writes to the configuration of files; standard input has none") }
    }

    func run() throws {
        let workspace = discovery.workspace(commandLine: try ruleOptions.settings(selection: try ruleSelection.selection()))
        let (files, inputErrors) = try discovery.collect(paths, in: workspace, jobs: jobs)
        if files.isEmpty && inputErrors.isEmpty { try discovery.nothingFound(in: paths) }
        var failures = inputErrors
        var findings: [String: Set<String>] = [:]
        var count = 0
        _ = try endingRunOnError {
            try workspace.run(files.map(Input.file), jobs: jobs, transform: { item in
                (item.report.fileName, item.report.diagnostics.map(\.ruleID))
            }) { event in
                for (file, rules) in event.batch(failures: &failures) ?? [] where !rules.isEmpty {
                    findings[file, default: []].formUnion(rules)
                    count += rules.count
                }
            }
        }
        for failure in failures { printError("apns-lint: error: \(failure)") }
        if !failures.isEmpty { throw ExitCode(2) }
        let targets = try endingRunOnError { () throws(ConfigurationError) in try workspace.ignoreEntryTargets(findings) }
        for (path, entries) in targets {
            let exists = access(path, F_OK) == 0
            let existing = exists ? String(decoding: try endingRunOnError { () throws(InputError) in try Inputs.readFile(path) }, as: UTF8.self) : nil
            let text = try endingRunOnError { () throws(ConfigurationError) in
                try IgnoreEntryWriter.adding(entries, reason: reason, to: existing, path: path)
            }
            try endingRunOnError { () throws(InputError) in
                if exists { try Inputs.writeAtomically(Array(text.utf8), to: path) } else { try Inputs.writeNewFile(Array(text.utf8), to: path) }
            }
            let display = workspace.displayPath(path)
            printError("apns-lint: \(exists ? "added to" : "wrote") '\(display)': \(entries.count == 1 ? "1 ignore entry" : "\(entries.count) ignore entries")")
        }
        let filesCount = findings.count
        printError("apns-lint: accepted \(count == 1 ? "1 finding" : "\(count) findings") in \(filesCount == 1 ? "1 file" : "\(filesCount) files")")
    }
}
