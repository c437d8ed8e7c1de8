import APNSLint
import APNSLintModel
import ArgumentParser
import Foundation

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint notification definitions (the default command).",
        discussion: """
            PATHS are files or directories; directories are searched recursively for .json, .yaml and .yml \
            files (hidden entries are skipped). Use - to read standard input, with --stdin-filename to name it \
            (its extension picks the format; JSON otherwise). A YAML file may hold several definitions (---).

            The header options give the request headers of bare payload files. A definition's own \
            "headers" take precedence over them.
            """)

    @Argument(help: "Files or directories to lint, or - for standard input.")
    var paths: [String] = ["."]

    @Option(help: ArgumentHelp("The name to show for standard input (its extension picks the format).", valueName: "name"))
    var stdinFilename: String?

    @Option(help: ArgumentHelp("apns-push-type of bare payloads (alert, background, voip, …).", valueName: "type"))
    var pushType: String?

    @Option(help: ArgumentHelp("apns-priority of bare payloads (10, 5 or 1).", valueName: "priority"))
    var priority: String?

    @Option(help: ArgumentHelp("apns-topic of bare payloads.", valueName: "topic"))
    var topic: String?

    @Option(help: ArgumentHelp("apns-collapse-id of bare payloads.", valueName: "id"))
    var collapseId: String?

    @Option(help: ArgumentHelp("apns-expiration of bare payloads (UNIX epoch seconds, or 0).", valueName: "seconds"))
    var expiration: String?

    @Option(name: .customLong("apns-id"), help: ArgumentHelp("apns-id of bare payloads (a UUID).", valueName: "uuid"))
    var apnsID: String?

    @Option(help: ArgumentHelp("The current time as UNIX epoch seconds, for rules about dates (default: the clock).", valueName: "seconds"))
    var now: Int?

    @Option(help: "Size limits: http2 (4096 bytes; 5120 for VoIP and broadcast) or legacy-binary (2048 bytes).")
    var sizeLimitProfile: RuleOptions.SizeLimitProfile = .http2

    @Option(help: ArgumentHelp("payload-near-limit warns above this share of the size limit (0 to 1).", valueName: "share"))
    var nearLimitShare: Double = 0.9

    @Option(help: ArgumentHelp("A platform the app runs on (repeatable): ios, ipados, macos, tvos, watchos, visionos.", valueName: "platform"))
    var platform: [RuleOptions.Platform] = []

    @Flag(help: "Fail (exit 1) on warnings too.")
    var strict = false

    @Option(help: "When to use colour: auto (only on a terminal, and not when NO_COLOR is set), always, never.")
    var color: ColorChoice = .auto

    func validate() throws {
        if !(0...1).contains(nearLimitShare) {
            throw ValidationError("--near-limit-share must be between 0 and 1, e.g. 0.9")
        }
        if stdinFilename != nil, !paths.contains("-") {
            throw ValidationError("--stdin-filename names standard input; pass - as a path to read it")
        }
    }

    var headerOptions: [HeaderOption] {
        [
            (HeaderName.pushType, pushType, "--push-type"),
            (HeaderName.priority, priority, "--priority"),
            (HeaderName.topic, topic, "--topic"),
            (HeaderName.collapseID, collapseId, "--collapse-id"),
            (HeaderName.expiration, expiration, "--expiration"),
            (HeaderName.id, apnsID, "--apns-id"),
        ].compactMap { name, value, option in value.map { HeaderOption(name: name, value: $0, option: option) } }
    }

    func run() throws {
        let now = now ?? Int(Date().timeIntervalSince1970)
        let linter = Linter(options: RuleOptions(now: now, sizeLimitProfile: sizeLimitProfile, nearLimitShare: nearLimitShare,
                                                 platforms: Set(platform)))
        let headers = headerOptions
        let (files, inputErrors) = Inputs.collect(paths.filter { $0 != "-" })
        var results = linter.lint(files: files, headers: headers)
        if paths.contains("-") {
            let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            let name = stdinFilename ?? "<stdin>"
            let format = InputFormat.detect(fileName: name) ?? .json
            results.append(.success(linter.lint(SourceText(bytes: bytes), fileName: name, format: format, headers: headers)))
        }

        let reporter = TextReporter(useColor: useColor)
        var summary = Summary()
        var output = ""
        var failures = inputErrors
        for result in results {
            switch result {
            case .success(let report):
                summary.add(report)
                output += reporter.render(report)
            case .failure(let error):
                failures.append(error)
            }
        }
        for failure in failures {
            printError("apns-lint: error: \(failure)")
        }
        if results.isEmpty && failures.isEmpty {
            printError("apns-lint: error: no definition files found in \(paths.joined(separator: ", ")) (looked for \(InputFormat.allCases.flatMap(\.fileExtensions).map { "." + $0 }.joined(separator: ", ")))")
            throw ExitCode(2)
        }
        if summary.files > 0 {
            output += summary.line + "\n"
            FileHandle.standardOutput.write(Data(output.utf8))
        }
        if !failures.isEmpty { throw ExitCode(2) }
        if summary.errors > 0 || (strict && summary.warnings > 0) { throw ExitCode(1) }
    }

    var useColor: Bool {
        switch color {
        case .always: return true
        case .never: return false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            let dumb = ProcessInfo.processInfo.environment["TERM"] == "dumb"
            return isatty(STDOUT_FILENO) != 0 && !noColor && !dumb
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
