import APNSLintSyntax

/// Reported by the YAML reader; this rule carries the docs and examples.
struct YAMLAliasLimitRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "yaml-alias-limit", severity: .error, category: .syntax,
        finds: [.syntax(.aliasLimit)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "YAML aliases expand to more values than apns-lint's budget (100,000).",
            rationale: """
                Aliases let a few lines of YAML stand for an exponential number of values (the "billion laughs" \
                attack): nine lines can mean a billion strings, and a reader that expands them runs out of memory. \
                apns-lint counts what aliases add as it reads and stops at 100,000 values, in milliseconds. A \
                notification definition never comes near this.
                """,
            severity: .certain(
                "a reader that expands the aliases runs out of memory (apns-lint stops at 100,000 values), and that many values are far beyond any payload APNs accepts, so nothing is delivered",
                source: Reference.billionLaughs),
            references: ["https://en.wikipedia.org/wiki/Billion_laughs_attack", "https://yaml.org/spec/1.2.2/#71-alias-nodes"],
            triggering: [
                Example("""
                    a: &a [x, x, x, x, x, x, x, x, x, x]
                    b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
                    c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
                    d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
                    e: [*d, *d, *d, *d, *d, *d, *d, ↓*d, *d, *d]
                    """, fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example("""
                    sounds: &sound
                      sound: default
                    aps:
                      <<: *sound
                      alert: Hi
                    """, fileExtension: "yaml"),
            ])
    }

}
