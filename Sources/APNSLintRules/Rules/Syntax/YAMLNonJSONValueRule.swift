import APNSLintSyntax

/// Reported by the YAML reader; this rule carries the docs and examples.
struct YAMLNonJSONValueRule: Rule {
    static let descriptor = RuleDescriptor(
        id: "yaml-non-json-value", severity: .error, category: .syntax,
        finds: [.syntax(.nonJSONValue, in: .yaml)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A YAML value that JSON cannot carry: a non-string key, an unknown tag, `.inf` or `.nan`.",
            rationale: """
                An APNs payload is JSON, so every value in a YAML definition must have a JSON form. JSON keys are \
                strings (YAML's `1: x` has an integer key, `? [a]` a sequence key), JSON has no infinite or NaN \
                numbers, and tags such as `!timestamp` or `!!binary` have no JSON type. Senders differ in how \
                they convert such values, or fail; apns-lint reads them as strings and reports them.
                """,
            severity: .certain(
                "JSON has no form for a key that is not a string, an infinite or NaN number, or a tag, so the payload cannot be sent as written: a converter fails or sends another value",
                source: Reference.rfc8259),
            references: [Reference.rfc8259, "https://yaml.org/spec/1.2.2/#103-core-schema"],
            triggering: [
                Example("aps:\n  alert: Hi\n↓1: one\n", fileExtension: "yaml"),
                Example("aps:\n  relevance-score: ↓.inf\n", fileExtension: "yaml"),
                Example("aps:\n  alert: ↓!greeting Hi\n", fileExtension: "yaml"),
            ],
            nonTriggering: [
                Example("aps:\n  alert: Hi\n\"1\": one\nscore: 1.5\n", fileExtension: "yaml"),
            ])
    }

}
