import APNSLint
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What the inputs are (`InputRole`): shared by `check` and `render`.
struct InputRoleOption: ParsableArguments {
    @Flag(help: "Read each input as an APNs request body, the bytes sent (what render prints): always the payload, never a headers/payload envelope or another system's format.")
    var requestBody = false

    var role: InputRole { requestBody ? .requestBody : .definition }
}

/// Which configuration applies: shared by `check`, `render` and `config`.
struct ConfigurationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Use this configuration file for every input instead of the nearest .apns-lint.yml.", valueName: "path"))
    var config: String?

    @Flag(help: "Ignore every configuration file.")
    var isolated = false

    func validate() throws {
        if config != nil && isolated { throw ValidationError("--config and --isolated contradict each other: pick one") }
    }

    func workspace(commandLine: Settings = Settings()) -> Workspace {
        let source: Workspace.ConfigurationSource = isolated ? .none : config.map { .file($0) } ?? .nearest
        return Workspace(source: source, commandLine: commandLine)
    }
}

/// Runs `body`; the error it throws (a configuration or an input that cannot be read) is printed, with its place, and
/// ends the run with exit status 2.
func endingRunOnError<T, Failure: Error>(_ body: () throws(Failure) -> T) throws -> T {
    do {
        return try body()
    } catch {
        printError("apns-lint: error: \(error)")
        throw ExitCode(2)
    }
}

/// Which configuration applies and which files are linted.
struct DiscoveryOptions: ParsableArguments {
    @OptionGroup var configuration: ConfigurationOptions

    @Flag(help: "Apply the configuration's exclude globs to files named on the command line too (as pre-commit passes them).")
    var forceExclude = false

    @Flag(help: "Exit 0 instead of 2 when no file is left to lint (e.g. every file given is excluded).")
    var noErrorsOnUnmatched = false

    @Flag(help: "Print the files that would be linted, one per line, and exit; the files a directory walk skips (not definitions) go to standard error with the reason.")
    var showFiles = false

    @Flag(help: "Lint a file named on the command line only when it looks like a notification definition and has an extension apns-lint reads, as a directory walk does (for a build or a hook that passes every file).")
    var skipNonDefinitions = false

    func workspace(commandLine: Settings = Settings()) -> Workspace {
        configuration.workspace(commandLine: commandLine)
    }

    /// The files to lint; with --no-errors-on-unmatched a path that does not exist is no error (what cannot be read
    /// still is).
    func collect(_ paths: [String], in workspace: Workspace, jobs: Int? = nil) throws -> (files: [InputFile], errors: [InputError]) {
        var (files, errors) = try APNSLintCLI.endingRunOnError { () throws(ConfigurationError) in
            try workspace.collect(paths, forceExclude: forceExclude, jobs: jobs)
        }
        if skipNonDefinitions {
            files.removeAll { $0.origin == .named && !InputFile.hasDefinitionExtension($0.path) }
            for index in files.indices where files[index].origin == .named { files[index].origin = .found }
        }
        guard noErrorsOnUnmatched else { return (files, errors) }
        return (files, errors.filter { !(paths.contains($0.path) && $0.reason == Workspace.missingReason) })
    }

    /// `--show-files`: the files that would be linted on standard output, one per line; on standard error, the
    /// files a walk found but skips, with the reason, and what could not be read (then exit 2).
    func printFiles(_ files: [InputFile], errors: [InputError], in workspace: Workspace) throws {
        let (kept, skipped, unreadable) = workspace.triage(files)
        print(kept.map(\.path).joined(separator: "\n"), terminator: kept.isEmpty ? "" : "\n")
        for file in skipped { printError("apns-lint: \(file)") }
        if !skipped.isEmpty { printError(Self.skipHint) }
        let failures = errors + unreadable
        for failure in failures { printError("apns-lint: error: \(failure)") }
        if !failures.isEmpty { throw ExitCode(2) }
    }

    /// How to lint a file a walk skips.
    static let skipHint = "apns-lint: note: a file named on the command line, or matched by include: in .apns-lint.yml, is linted whatever it holds"

    /// `--stdin-filename` names standard input: without `-` among the paths it names nothing.
    static func validate(stdinFilename: String?, paths: [String]) throws {
        if stdinFilename != nil, !paths.contains("-") {
            throw ValidationError("--stdin-filename names standard input; pass - as a path to read it")
        }
    }

    /// Ends the run when the paths held no file at all (nor standard input, nor a path that cannot be read): exit 2
    /// (0 with `--no-errors-on-unmatched`).
    func nothingFound(in paths: [String]) throws {
        if noErrorsOnUnmatched { throw ExitCode(0) }
        if forceExclude {
            printError("apns-lint: error: nothing to lint: the configuration excludes every file in \(paths.joined(separator: ", ")) (--force-exclude); --no-errors-on-unmatched makes this exit 0")
            throw ExitCode(2)
        }
        printError("apns-lint: error: no definition files found in \(paths.joined(separator: ", ")) (looked for \(InputFile.searchedExtensions.map { "." + $0 }.joined(separator: ", ")))")
        throw ExitCode(2)
    }

    /// Ends the run when the paths held files but none looks like a definition: exit 2 (0 with
    /// `--no-errors-on-unmatched`), saying how many were skipped. Returns when nothing was skipped.
    func nothingLinted(in paths: [String], skipped: [SkippedFile]) throws {
        guard !skipped.isEmpty else { return }
        if noErrorsOnUnmatched { throw ExitCode(0) }
        let count = skipped.count == 1 ? "1 file was skipped: it does not look like a notification definition"
            : "\(skipped.count) files were skipped: they do not look like notification definitions"
        printError("apns-lint: error: no definition files found in \(paths.joined(separator: ", ")): \(count) (--show-files says why)")
        throw ExitCode(2)
    }
}
