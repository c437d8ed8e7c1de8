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

struct GenerateDocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-docs",
        // A maintainer's command (scripts/generate runs it): not in the user's help.
        abstract: "Write one Markdown page per rule, and an index, into a directory; the configuration's JSON Schema; the README's rule list and what Examples/ must report.",
        shouldDisplay: false)

    @Argument(help: "The directory to write (it is created if needed).")
    var directory = "Rules"

    @Option(help: ArgumentHelp("Where to write the JSON Schema of .apns-lint.yml.", valueName: "path"))
    var schema = ConfigurationSchema.fileName

    @Option(help: ArgumentHelp("The README whose rule list to rewrite (between its markers); none if it is missing.", valueName: "path"))
    var readme = "README.md"

    @Option(help: ArgumentHelp("The Examples directory whose bad definitions' findings to record; none if it is missing.", valueName: "path"))
    var examples = "Examples"

    @Option(help: ArgumentHelp("Where to write Apple's spec with the rules that enforce each cell.", valueName: "path"))
    var spec = SpecDocumentation.fileName

    func run() throws {
        try RuleDocumentation.write(to: directory)
        try Data(ConfigurationSchema.text().utf8).write(to: URL(fileURLWithPath: schema), options: .atomic)
        try Data(SpecDocumentation.page().utf8).write(to: URL(fileURLWithPath: spec), options: .atomic)
        var written = "Wrote \(RuleRegistry.all.count + 1) pages to \(directory)/, the configuration schema to \(schema), \(spec)"
        if let text = try? String(contentsOfFile: readme, encoding: .utf8) {
            guard let updated = RuleDocumentation.updatingReadme(text) else {
                throw ValidationError("\(readme) has no \(RuleDocumentation.readmeMarkers.begin) … \(RuleDocumentation.readmeMarkers.end) markers")
            }
            try Data(updated.utf8).write(to: URL(fileURLWithPath: readme), options: .atomic)
            written += ", the rule list in \(readme)"
        }
        if let text = try? String(contentsOfFile: DialectDocumentation.fileName, encoding: .utf8) {
            guard let updated = DialectDocumentation.updating(text) else {
                throw ValidationError("\(DialectDocumentation.fileName) has no \(DialectDocumentation.markers.begin) … \(DialectDocumentation.markers.end) markers")
            }
            try Data(updated.utf8).write(to: URL(fileURLWithPath: DialectDocumentation.fileName), options: .atomic)
            written += ", the systems' table in \(DialectDocumentation.fileName)"
        }
        if FileManager.default.fileExists(atPath: examples) {
            try ExampleFindings.write(examples: URL(fileURLWithPath: examples))
            written += ", and \(examples)/\(ExampleFindings.fileName)"
        }
        print(written)
    }
}
