import APNSLintRules
import APNSLintSyntax

/// Writes `Rules/<id>.md` and `Rules/README.md` from the rules' metadata. The examples are run through the
/// linter to show what it reports, so the pages cannot drift from the behaviour. A test fails when the
/// committed `Rules/` differs from what this writes; `apns-lint generate-docs` regenerates it.
public enum RuleDocumentation {
    /// File name → contents, for every page.
    public static func pages(rules: [any Rule.Type] = RuleRegistry.all) -> [(name: String, contents: String)] {
        [("README.md", index(rules: rules))] + rules.map { ("\($0.id).md", page(for: $0.documented)) }
    }

    public static func page(for rule: any Rule.Type) -> String { page(for: rule.documented) }

    public static func page(for rule: DocumentedRule) -> String {
        var out = "# \(rule.id)\n\n"
        out += "\(rule.summary)\n\n"
        out += "| Default severity | Category | Fix | Checked on |\n|---|---|---|---|\n"
        out += "| \(rule.severity.rawValue) | \(rule.category.title) | \(fixText(rule.fix)) | \(checkedOn(rule.descriptor)) |\n\n"
        out += "## Why it matters\n\n\(rule.rationale)\n\n"
        out += "## Examples that trigger it\n\n"
        for example in rule.triggering {
            out += exampleBlock(example)
            let (text, _) = example.unmarked
            let fileName = "example.\(example.fileExtension)"
            let report = Linter(options: example.options).lint(text, fileName: fileName, format: InputFormat.detect(fileName: fileName) ?? .json,
                                       headers: headerOptions(example))
            let lines = report.diagnostics.filter { $0.ruleID == rule.id }.map { diagnostic in
                let place = diagnostic.range.map { ":\(report.source.position(of: $0.start))" } ?? ""
                return "\(fileName)\(place): \(diagnostic.severity.rawValue): \(diagnostic.message)"
                    + (diagnostic.help.map { "\n  help: \($0)" } ?? "")
            }
            out += "apns-lint reports:\n\n```text\n\(lines.joined(separator: "\n"))\n```\n\n"
        }
        out += "## Use instead\n\n"
        for example in rule.nonTriggering { out += exampleBlock(example) }
        if !rule.options.isEmpty {
            out += "## Options\n\nIn `.apns-lint.yml`: `rules: {\(rule.id): {severity: \(rule.severity.rawValue), \(rule.options.map { "\($0.name): \(decimalText($0.defaultValue))" }.joined(separator: ", "))}}`.\n\n"
            out += rule.options.map { "- `\($0.name)` (\(decimalText($0.allowed.lowerBound)) to \(decimalText($0.allowed.upperBound)), default \(decimalText($0.defaultValue))): \($0.summary)" }.joined(separator: "\n") + "\n\n"
        }
        out += "## Fix\n\n\(fixText(rule.fix, long: true))\n\n"
        out += "## References\n\n" + rule.references.map { "- <\($0)>" }.joined(separator: "\n") + "\n"
        return out
    }

    /// What the rule looks at, for its page: the typed notification, or what a lower layer found.
    static func checkedOn(_ rule: RuleDescriptor) -> String {
        var places: [String] = []
        for finding in rule.finds {
            let place = switch finding {
            case .syntax: "the text, while reading it"
            case .dialect: "the system's format, while turning it into the request"
            case .suppression: "the suppression comments"
            }
            if !places.contains(place) { places.append(place) }
        }
        if RuleRegistry.rule(id: rule.id).map({ $0 is any ModelRule.Type }) ?? places.isEmpty { places.insert("the typed notification", at: 0) }
        return places.joined(separator: "; ")
    }

    public static func index(rules: [any Rule.Type]) -> String {
        var out = "# Rules\n\n"
        out += "Every rule apns-lint has. Generated from the rules' metadata by `apns-lint generate-docs`; do not edit.\n"
        out += "`apns-lint rules` lists them and `apns-lint explain RULE` prints a page.\n\n"
        for category in RuleCategory.allCases {
            let members = rules.filter { $0.descriptor.category == category }.map { $0.documented }
            guard !members.isEmpty else { continue }
            out += "## \(category.title)\n\n| Rule | Severity | Fix | What it finds |\n|---|---|---|---|\n"
            for rule in members {
                out += "| [\(rule.id)](\(rule.id).md) | \(rule.severity.rawValue) | \(fixText(rule.fix)) | \(rule.summary) |\n"
            }
            out += "\n"
        }
        return out
    }

    static func headerOptions(_ example: Example) -> [HeaderOption] {
        example.headers.sorted { $0.key < $1.key }.map { HeaderOption(name: $0.key, value: $0.value, option: "--header \($0.key)") }
    }

    static func exampleBlock(_ example: Example) -> String {
        var out = ""
        if !example.headers.isEmpty {
            let options = example.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            out += "With request headers given on the command line (\(options)):\n\n"
        }
        var settings: [String] = []
        if let now = example.options.now { settings.append("--now \(now)") }
        if example.options.sizeLimitProfile != .http2 { settings.append("--size-limit-profile \(example.options.sizeLimitProfile.rawValue)") }
        for (id, values) in example.options.ruleValues.sorted(by: { $0.key < $1.key }) {
            for option in RuleRegistry.rule(id: id)?.descriptor.options ?? [] {
                if let flag = option.commandLineFlag, let value = values[option.name] { settings.append("--\(flag) \(value)") }
            }
        }
        if example.options.serializer != .compact { settings.append("--serializer \(example.options.serializer.rawValue)") }
        if !example.options.platforms.isEmpty {
            settings += example.options.platforms.map(\.rawValue).sorted().map { "--platform \($0)" }
        }
        if !settings.isEmpty { out += "Checked with \(settings.map { "`\($0)`" }.joined(separator: " ")):\n\n" }
        let shown = abbreviateLongStrings(example.unmarked.text.replacing("\u{FEFF}", with: "<U+FEFF>"))
        out += "```\(example.fileExtension)\n\(shown)\n```\n\n"
        return out
    }

    /// Keeps pages readable: a string literal longer than 80 characters is shown as its start, a count and its end.
    static func abbreviateLongStrings(_ text: String) -> String {
        var result = ""
        var current = ""
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    if current.count > 80 {
                        result += current.prefix(30) + "…(\(current.count - 40) more characters)…" + current.suffix(10)
                    } else {
                        result += current
                    }
                    result.append(character)
                    current = ""
                    continue
                }
                current.append(character)
            } else {
                if character == "\"" { inString = true }
                result.append(character)
            }
        }
        return result + current
    }

    static func fixText(_ fix: FixAvailability, long: Bool = false) -> String {
        switch fix {
        case .none: long ? "No automatic fix." : "none"
        case .sometimes: long ? "Some cases carry a fix (shown with the diagnostic)." : "sometimes"
        case .always: long ? "Every case carries a fix (shown with the diagnostic)." : "always"
        }
    }
}

import Foundation

extension RuleDocumentation {
    /// Writes every page into `directory`, and removes pages of rules that no longer exist.
    public static func write(to directory: String) throws {
        let url = URL(fileURLWithPath: directory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let generated = pages()
        let names = Set(generated.map(\.name))
        for existing in try FileManager.default.contentsOfDirectory(atPath: directory)
        where existing.hasSuffix(".md") && !names.contains(existing) {
            try FileManager.default.removeItem(at: url.appendingPathComponent(existing))
        }
        for page in generated {
            try Data(page.contents.utf8).write(to: url.appendingPathComponent(page.name), options: .atomic)
        }
    }
}
