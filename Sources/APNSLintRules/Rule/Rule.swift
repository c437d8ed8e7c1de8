import APNSLintModel

/// A rule of apns-lint: one file per rule, under `Rules/<Category>/`, a struct with no stored properties.
///
/// What the linter needs at lint time is the small `descriptor` (id, severity, what the rule subscribes to); the
/// `documentation` (summary, rationale, examples) is built only when asked for, by `explain`, `generate-docs`
/// and the tests. A rule either checks the typed model (`ModelRule`), or reports what a lower layer finds (a reader,
/// a dialect, the suppression comments: `RuleDescriptor.finds`), or both.
public protocol Rule: Sendable {
    static var descriptor: RuleDescriptor { get }
    static var documentation: RuleDocs { get }
    /// The rule as a `ModelRule`, or nil for a rule that only reports what lower layers find. Never written by a rule:
    /// the defaults below give nil, and the rule itself for a `ModelRule`. A requirement, so the plan asks the rule
    /// instead of casting it (`rule as? any ModelRule.Type`): a cast is a protocol-conformance lookup at run time, and
    /// the first one for each type scans every conformance record of the binary (over all the rules, about 1 ms of a
    /// 10 ms one-file run of the static build, when it was measured).
    static var asModelRule: (any ModelRule.Type)? { get }
}

/// A rule that checks the typed notification model. Rules know nothing of file formats: they see a
/// `NotificationDefinition` and report through a `RuleContext`, which fills in the rule id and severity. Everything
/// a check needs (the definition, the options) comes through the context; the linter calls `check` through the
/// rule's metatype, which copies nothing per call.
public protocol ModelRule: Rule {
    static func check(_ context: inout RuleContext)
}

extension Rule {
    public static var id: String { descriptor.id }

    public static var asModelRule: (any ModelRule.Type)? { nil }

    /// True for a rule that only reports what is found while the text is read or a system's format is translated
    /// (not a `ModelRule`): its findings mean the request is not what the text seems to say.
    public static var reportsWhileReading: Bool { asModelRule == nil }
}

extension ModelRule {
    public static var asModelRule: (any ModelRule.Type)? { self }
}
