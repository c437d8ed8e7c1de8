import APNSLint
import APNSLintRules
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, default severity, category, whether it has a fix, what it finds.",
        discussion: """
            The text table fits in 100 columns: one row per rule, its summary on the lines under it. \
            --format json prints an array of {id, severity, category, fix, summary} for scripts; fix is none, \
            sometimes or always. apns-lint explain RULE prints a rule's page.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("text (an aligned table) or json.", valueName: "format"))
    var format: Format = .text

    func run() throws {
        // By category, in the order of the rule pages' index; within one, in the registry's order.
        let ordered = RuleCategory.allCases.flatMap { category in RuleRegistry.all.filter { $0.descriptor.category == category } }
        let rules = ordered.map { $0.descriptor }
        let summaries = ordered.map { RulesCommand.plainText($0.documentation.summary) }
        switch format {
        case .text: print(RulesCommand.table(rules, summaries: summaries), terminator: "")
        case .json: print(RulesCommand.json(rules, summaries: summaries))
        }
    }

    /// The widest line of the table.
    static let maximumWidth = 100
    static let header = (rule: "RULE", severity: "SEVERITY", category: "CATEGORY", fix: "FIX")

    /// The summary without Markdown: backticks only mark code there.
    static func plainText(_ markdown: String) -> String { markdown.replacing("`", with: "") }

    /// One row per rule (id, severity, category, fix), then its summary indented by 4 and wrapped at `maximumWidth`.
    static func table(_ rules: [RuleDescriptor], summaries: [String]) -> String {
        let idWidth = max(header.rule.count, rules.map(\.id.count).max() ?? 0)
        let severityWidth = max(header.severity.count, Severity.allCases.map(\.rawValue.count).max() ?? 0)
        let categoryWidth = max(header.category.count, RuleCategory.allCases.map(\.rawValue.count).max() ?? 0)
        func row(_ columns: String...) -> String {
            let widths = [idWidth, severityWidth, categoryWidth]
            var line = ""
            for (index, column) in columns.enumerated() {
                line += index < widths.count ? column + String(repeating: " ", count: max(0, widths[index] + 2 - column.count)) : column
            }
            return line + "\n"
        }
        var out = row(header.rule, header.severity, header.category, header.fix)
        for (rule, summary) in zip(rules, summaries) {
            out += row(rule.id, rule.severity.rawValue, rule.category.rawValue, rule.fix.rawValue)
            for line in wrap(summary, width: maximumWidth - 4) { out += "    \(line)\n" }
        }
        return out
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands on its own line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// An array of `{"id", "severity", "category", "fix", "summary"}` objects, keys in that order, one per line.
    static func json(_ rules: [RuleDescriptor], summaries: [String]) -> String {
        let objects = zip(rules, summaries).map { rule, summary in
            let object: JSONValue = ["id": .string(rule.id), "severity": .string(rule.severity.rawValue), "category": .string(rule.category.rawValue),
                                     "fix": .string(rule.fix.rawValue), "summary": .string(summary)]
            return "  " + object.serialized(.spaced)
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]"
    }
}
