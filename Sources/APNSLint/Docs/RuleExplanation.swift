import APNSLintModel
import APNSLintRules

/// `apns-lint explain RULE` in a terminal: the rule's page as plain text, wrapped, without Markdown's marks, and with
/// words a user reads rather than the page's table (`Rules/<id>.md` is the Markdown one: `explain --markdown`).
public enum RuleExplanation {
    /// The text, with paragraphs wrapped at `width` columns.
    public static func text(for rule: DocumentedRule, width: Int = 88) -> String {
        var out = "\(rule.id): \(plain(rule.summary))\n\n"
        out += wrapped("It is \(article(rule.severity)) \(rule.severity.rawValue) by default, in the \(rule.category.title.lowercased()) rules. "
                       + fixSentence(rule.fix), width: width) + "\n\n"
        out += "Why it matters\n" + wrapped(plain(rule.rationale), width: width, indent: 2) + "\n\n"
        out += "Why \(article(rule.severity)) \(rule.severity.rawValue)\n" + wrapped(plain(rule.severityBasis.sentence), width: width, indent: 2) + "\n"
        let reasons = rule.enforces.compactMap { fact -> APNsReason? in if case .reason(let reason) = fact { reason } else { nil } }
        if !reasons.isEmpty {
            out += wrapped("APNs answers " + reasons.map { "\($0.status) \($0.rawValue)" }.joined(separator: " or ") + " to such a request.",
                           width: width, indent: 2) + "\n"
        }
        out += "\nFor example\n"
        for example in rule.triggering {
            out += settingsLine(example)
            out += indented(example.unmarked.text, by: 4) + "\n"
            for (diagnostic, place) in RuleDocumentation.triggeredDiagnostics(of: rule, in: example) {
                out += "  is reported as\n"
                out += "    \(example.fileName)\(place): \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
                if let help = diagnostic.help { out += "    help: \(help)\n" }
                if let fix = diagnostic.fix {
                    out += "    fix: \(fix.title) (" + (fix.applicability == .safe ? "applied by --fix" : "applied by --fix --unsafe-fixes") + ")\n"
                }
            }
            out += "\n"
        }
        if !rule.nonTriggering.isEmpty {
            out += "Not reported\n"
            for example in rule.nonTriggering {
                out += settingsLine(example)
                out += indented(example.unmarked.text, by: 4) + "\n"
            }
            out += "\n"
        }
        if !rule.options.isEmpty {
            out += "Options (in .apns-lint.yml, under rules: \(rule.id):)\n"
            for option in rule.options {
                out += wrapped("\(option.name), default \(decimalText(option.defaultValue)): \(plain(option.summary))",
                               width: width, indent: 2) + "\n"
            }
            out += "\n"
        }
        out += "References\n" + rule.references.map { "  \($0)\n" }.joined()
        return out
    }

    /// The line before an example that is checked with request headers or options.
    private static func settingsLine(_ example: Example) -> String {
        var parts: [String] = []
        if !example.headers.isEmpty {
            parts.append("request headers " + example.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        }
        parts += RuleDocumentation.settings(of: example)
        return parts.isEmpty ? "" : "  checked with \(parts.joined(separator: " "))\n"
    }

    private static func fixSentence(_ fix: FixAvailability) -> String {
        switch fix {
        case .none: "apns-lint does not fix it."
        case .sometimes: "Some cases carry a fix, shown with the finding."
        case .always: "Every case carries a fix, shown with the finding."
        }
    }

    private static func article(_ severity: Severity) -> String { severity == .error ? "an" : "a" }

    /// Markdown's inline marks removed: code spans, emphasis, and links as their text and address.
    static func plain(_ markdown: String) -> String {
        var text = markdown.replacing("**", with: "").replacing("`", with: "")
        // [text](address) → text (address); <address> → address.
        while let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]"),
              text.index(after: close) < text.endIndex, text[text.index(after: close)] == "(",
              let end = text[close...].firstIndex(of: ")") {
            let label = text[text.index(after: open)..<close]
            let address = text[text.index(close, offsetBy: 2)..<end]
            text.replaceSubrange(open...end, with: "\(label) (\(address))")
        }
        return text.replacing("<http", with: "http").replacing(">)", with: ")")
    }

    private static func indented(_ text: String, by count: Int) -> String {
        let pad = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }

    /// `text` broken into lines of at most `width` columns (a longer word keeps its own line), each after `indent` spaces.
    static func wrapped(_ text: String, width: Int, indent: Int = 0) -> String {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if !line.isEmpty, indent + line.count + 1 + word.count > width {
                lines.append(pad + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(pad + line) }
        return lines.joined(separator: "\n")
    }
}
