import APNSLint
import ArgumentParser
import Foundation

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Print a rule's documentation: what it finds, why, examples, references.")

    @Argument(help: "A rule id, e.g. payload-too-large.")
    var rule: String

    func run() throws {
        guard let found = RuleRegistry.rule(id: rule) else {
            let hint = Suggestion.closest(to: rule, in: RuleRegistry.ids).map { "; did you mean '\($0)'?" } ?? ""
            printError("apns-lint: error: no rule '\(rule)'\(hint) (apns-lint rules lists them all)")
            throw ExitCode(2)
        }
        print(RuleDocumentation.page(for: found), terminator: "")
    }
}

struct GenerateDocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-docs",
        abstract: "Write one Markdown page per rule, and an index, into a directory; and the configuration's JSON Schema.")

    @Argument(help: "The directory to write (it is created if needed).")
    var directory = "Rules"

    @Option(help: ArgumentHelp("Where to write the JSON Schema of .apns-lint.yml.", valueName: "path"))
    var schema = ConfigurationSchema.fileName

    func run() throws {
        try RuleDocumentation.write(to: directory)
        try Data(ConfigurationSchema.text().utf8).write(to: URL(fileURLWithPath: schema), options: .atomic)
        print("Wrote \(RuleRegistry.all.count + 1) pages to \(directory)/ and the configuration schema to \(schema)")
    }
}
