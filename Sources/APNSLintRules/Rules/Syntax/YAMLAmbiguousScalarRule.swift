import APNSLintSyntax

/// Reported by the YAML reader; this rule carries the docs and examples.
struct YAMLAmbiguousScalarRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "yaml-ambiguous-scalar", severity: .warning, category: .syntax,
        finds: [.syntax(.ambiguousScalar)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A plain YAML scalar that YAML 1.1 tools read differently (`yes`, `on`, `010`, `1:30`, `2026-11-21`).",
            rationale: """
                apns-lint reads YAML 1.2, where `yes` is a string and `010` is ten. Many tools that turn YAML \
                templates into payloads (PyYAML, Ruby's Psych, older Go and Java libraries) implement YAML 1.1, \
                where `yes`/`no`/`on`/`off`/`y`/`n` are booleans, `010` is octal 8, `1_000` is 1000, `1:30` is 90 \
                and `2026-11-21` is a date. The same file then produces a different payload depending on who \
                reads it. Quoting makes the value a string everywhere.
                """,
            severity: .likelyMistake(
                "YAML 1.1 readers (PyYAML, Ruby's Psych) read `yes`, `010`, `1:30` or `2026-11-21` as a boolean, an octal number, a sexagesimal number or a date, so the payload depends on the tool that reads the file",
                source: Reference.yaml11Bool),
            references: ["https://yaml.org/spec/1.2.2/#103-core-schema", "https://yaml.org/type/bool.html"],
            triggering: [
                Example("aps:\n  alert: Hi\nmuted: ↓yes\n", fileExtension: "yaml"),
                Example("aps:\n  badge: ↓010\n", fileExtension: "yaml"),
                Example("aps:\n  alert: Hi\nsend-after: ↓2026-11-21\nduration: ↓1:30\n", fileExtension: "yaml"),
                Example("aps:\n  alert: Hi\n↓on: push\n", fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example("aps:\n  alert: Hi\n  badge: 10\nmuted: \"yes\"\nsend-after: '2026-11-21'\nenabled: true\n", fileExtension: "yaml"),
            ])
    }

}
