import APNSLint
import ArgumentParser
import Foundation

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
