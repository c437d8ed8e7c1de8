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

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain", abstract: "Print a rule's documentation: what it finds, why, examples, references.")

    @Argument(help: "A rule id, e.g. payload-too-large.")
    var rule: String

    @Flag(help: "Print the rule's page as Markdown (as in Rules/ of the repository) instead of plain text.")
    var markdown = false

    func run() throws {
        guard let found = RuleRegistry.rule(id: rule) else {
            let hint = Suggestion.question(Suggestion.matches(for: rule, in: RuleRegistry.ids)).map { "; \($0)" } ?? ""
            printError("apns-lint: error: no rule '\(rule)'\(hint) (apns-lint rules lists them all)")
            throw ExitCode(2)
        }
        print(markdown ? RuleDocumentation.page(for: found) : RuleExplanation.text(for: found.documented), terminator: "")
    }
}
