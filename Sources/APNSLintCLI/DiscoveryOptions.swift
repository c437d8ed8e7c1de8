import APNSLint
import ArgumentParser
import Foundation

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

/// Runs `body`; a configuration error ends the run with its place and exit status 2.
func configured<T>(_ body: () throws(ConfigurationError) -> T) throws -> T {
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

    @Flag(help: "Print the files that would be linted, one per line, and exit.")
    var showFiles = false

    func workspace(commandLine: Settings = Settings()) -> Workspace {
        configuration.workspace(commandLine: commandLine)
    }

    /// The files to lint; with --no-errors-on-unmatched a missing path is no error.
    func collect(_ paths: [String], in workspace: Workspace) throws -> (files: [InputFile], errors: [InputError]) {
        let (files, errors) = try APNSLintCLI.configured { () throws(ConfigurationError) in try workspace.collect(paths, forceExclude: forceExclude) }
        return (files, noErrorsOnUnmatched ? [] : errors)
    }

    func printFiles(_ files: [InputFile], in workspace: Workspace) throws {
        print(files.map(\.path).joined(separator: "\n"), terminator: files.isEmpty ? "" : "\n")
    }
}
