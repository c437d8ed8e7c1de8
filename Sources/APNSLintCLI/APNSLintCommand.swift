import APNSLint
import ArgumentParser

struct APNSLintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apns-lint",
        abstract: "Find what APNs would reject or silently drop in push notification definitions.",
        discussion: """
            Exit codes: 0 no errors (warnings alone pass unless --strict), 1 errors found, \
            2 usage error, unreadable input or internal error.
            """,
        version: BuildInfo.versionLine,
        subcommands: [CheckCommand.self, InitCommand.self, RenderCommand.self, SuppressCommand.self, ConfigCommand.self, RulesCommand.self, ExplainCommand.self,
                      GenerateDocsCommand.self, LSPCommand.self],
        defaultSubcommand: CheckCommand.self)

    /// The command `arguments` (the command line without the program's name) run. A `check` of paths and long options
    /// is read directly (`CheckCommand.parsedDirectly`: ArgumentParser's reflection was two thirds of a one-file run).
    /// Otherwise a plain `check` is parsed by itself first: as a subcommand of this root, ArgumentParser builds check's
    /// argument set six times, four of them while parsing the root (to see whether a subcommand takes all remaining
    /// input); by itself, twice. Whatever does not parse as a plain `check` (help, `--version`, a usage error, another
    /// subcommand) is parsed again from the root, so ArgumentParser says what it always said; parsing has no side
    /// effects, so a first try that fails costs only its time.
    static func parseCommandLine(_ arguments: [String]) throws -> ParsableCommand {
        if let first = arguments.first, let command = misspeltCommand(first) {
            printError("apns-lint: error: unknown command '\(first)'; did you mean '\(command)'? (no file or directory is named '\(first)' either)")
            throw ExitCode(2)
        }
        if let checkArguments = CheckCommand.directArguments(in: arguments), let check = CheckCommand.parsedDirectly(checkArguments) {
            return check
        }
        if let checkArguments = CheckCommand.ownArguments(in: arguments),
           let check = try? CheckCommand.parseAsRoot(checkArguments) as? CheckCommand {
            return check
        }
        return try parseAsRoot(arguments)
    }
}

extension APNSLintCommand {
    /// The command `first` (the first argument) misspells: it is no command's name and no path that exists, but it is
    /// close to a command's name (`chekc`, `rendr`). Nil otherwise: `check`, being the default, takes it for a path.
    static func misspeltCommand(_ first: String) -> String? {
        // `check` first: the list below builds every command's configuration, help texts and all.
        guard !first.hasPrefix("-"), !first.contains("/"), first != CheckCommand.name else { return nil }
        let commands = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName } + ["help"]
        guard !commands.contains(first), let command = Suggestion.closest(to: first, in: commands) else { return nil }
        return Paths.isDirectory(first) == nil ? command : nil
    }
}

extension CheckCommand {
    /// `check`'s own arguments when `arguments` run it: after its name, or all of them when it runs as the default
    /// subcommand (the first argument is neither an option nor a subcommand's name). Nil when they run another
    /// command, or may ask the root for something (an option first: `--version`, `--help`).
    static func ownArguments(in arguments: [String]) -> [String]? {
        guard let first = arguments.first else { return arguments }
        if first == name { return Array(arguments.dropFirst()) }
        if first.hasPrefix("-") { return nil }
        let subcommands = APNSLintCommand.configuration.subcommands
        let names = subcommands.map { $0._commandName } + subcommands.flatMap { $0.configuration.aliases } + ["help"]
        return names.contains(first) ? nil : arguments
    }
}

/// What `apns-lint --version` prints: `apns-lint 0.1.0 (2b3e9dc)`. The commit is known only to builds made by
/// `scripts/install`, which writes it into `BuildInfo+Commit.swift` (git-ignored, removed after the build) and compiles
/// with `-D APNS_LINT_BUILD_COMMIT`; every other build (`swift build`, `swift run`, pre-commit's) says "commit unknown".
enum BuildInfo {
    static var versionLine: String { "\(APNSLintTool.name) \(APNSLintTool.version) (\(commit ?? "commit unknown"))" }

    #if APNS_LINT_BUILD_COMMIT
    static var commit: String? { buildCommit }
    #else
    static let commit: String? = nil
    #endif
}
