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
        version: APNSLintTool.version,
        subcommands: [CheckCommand.self, RenderCommand.self, ConfigCommand.self, RulesCommand.self, ExplainCommand.self, GenerateDocsCommand.self],
        defaultSubcommand: CheckCommand.self)
}
