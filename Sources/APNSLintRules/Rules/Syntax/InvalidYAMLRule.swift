import APNSLintSyntax

/// Reported by the YAML reader (libyaml); this rule carries the docs and examples.
struct InvalidYAMLRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "invalid-yaml", severity: .error, category: .syntax,
        finds: [.syntax(.invalidSyntax, in: .yaml)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "The file is not valid YAML.",
            rationale: """
                A definition that does not parse cannot be sent. apns-lint reads YAML with libyaml and reports its \
                problem and context at the position it gives, plus what apns-lint itself refuses: an alias with no \
                anchor, a merge key without a mapping, a value that does not fit its tag, nesting deeper than 512 \
                levels, and UTF-16 text. Documents before the error in a multi-document stream are still checked.
                """,
            severity: .certain(
                "a YAML parser refuses the file, so a sender that reads it has no payload to send",
                source: Reference.yamlSpec),
            references: ["https://yaml.org/spec/1.2.2/", Reference.sendingRequests],
            triggering: [
                Example("aps:\n  alert: ↓\"Hi\n  badge: 1\n", fileExtension: "yaml"),
                Example("aps:\n  alert: Hi\n ↓badge: 1\n", fileExtension: "yaml"),
                Example("aps:\n  sound: ↓*tone\n", fileExtension: "yaml"),
                Example("aps:\n  badge: ↓!!int five\n", fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example("# comment\naps:\n  alert: 'Hi'\n  badge: 1\n", fileExtension: "yaml"),
            ])
    }

}
