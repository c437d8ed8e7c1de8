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
        subcommands: [CheckCommand.self, RenderCommand.self, ConfigCommand.self, RulesCommand.self, ExplainCommand.self, GenerateDocsCommand.self],
        defaultSubcommand: CheckCommand.self)
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
