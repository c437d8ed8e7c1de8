import APNSLintModel

/// Everything about a rule that its page, `rules`, `explain` and the tests need, and the lint loop does not: built
/// only when asked for.
public struct RuleDocs: Sendable {
    /// One line: what the rule finds.
    public let summary: String
    /// Why it matters: what APNs or the device does.
    public let rationale: String
    /// Why the rule is an error, a warning or advice, and the source of that (the severity contract). A rejection by
    /// APNs names its reason in the descriptor: read it through `DocumentedRule.severityBasis`.
    public let severityBasis: SeverityBasis
    /// Where the facts come from (Apple documentation first).
    public let references: [String]
    /// Each example is a test: a triggering one must report exactly at its markers, a non-triggering one not at all.
    public let triggering: [Example]
    public let nonTriggering: [Example]
    /// The cells of Apple's spec the rule enforces (`docs/spec.md`): a push type's fact, a key, an APNs reason it
    /// predicts. The reason its severity rests on is the descriptor's: `DocumentedRule.enforces` adds it.
    public let enforces: [SpecFact]

    public init(summary: String, rationale: String, severity severityBasis: SeverityBasis, references: [String],
                triggering: [Example], nonTriggering: [Example], enforces: [SpecFact] = []) {
        self.summary = summary
        self.rationale = rationale
        self.severityBasis = severityBasis
        self.references = references
        self.triggering = triggering
        self.nonTriggering = nonTriggering
        self.enforces = enforces
        Self.builtCount &+= 1
    }

    /// How many rule documentations this process has built: a lint must build none (the command line prints the count
    /// at exit when `APNS_LINT_COUNT_RULE_DOCS` is set, for the test that holds it to that). Not synchronized: exact
    /// when one thread builds documentation, and nonzero whenever any did.
    nonisolated(unsafe) public private(set) static var builtCount = 0
}

/// An example definition for docs and tests. In a triggering example, each `↓` marks the exact place
/// (byte offset) where the rule must report; the marker is removed before the text is read.
public struct Example: Sendable {
    public let source: String
    /// Headers given outside the file, as with `--priority 10` on the command line.
    public let headers: [String: String]
    /// Options the example is checked with (e.g. a fixed `now`).
    public let options: RuleOptions
    /// The kind of file the example is (`json`, `yaml`): rules never see it, but syntax examples are written in
    /// one format.
    public let fileExtension: String
    public let file: StaticString
    public let line: UInt

    public init(_ source: String, headers: [String: String] = [:], options: RuleOptions = RuleOptions(),
                fileExtension: String = "json", file: StaticString = #filePath, line: UInt = #line) {
        self.source = source
        self.headers = headers
        self.options = options
        self.fileExtension = fileExtension
        self.file = file
        self.line = line
    }

    public static let marker: Character = "↓"

    /// The source without markers, and the byte offsets where the markers were.
    public var unmarked: (text: String, offsets: [Int]) {
        var text = ""
        var offsets: [Int] = []
        for character in source {
            if character == Example.marker {
                offsets.append(text.utf8.count)
            } else {
                text.append(character)
            }
        }
        return (text, offsets)
    }
}

/// A rule's descriptor and documentation together, for what documents rules (its page, `explain`, SARIF's rule
/// list): `rule.summary`, `rule.severity`, … read from whichever holds them.
@dynamicMemberLookup
public struct DocumentedRule: Sendable {
    public let descriptor: RuleDescriptor
    public let docs: RuleDocs
    /// Whether the rule checks the typed model (a `ModelRule`), beside any findings it reports.
    public let checksModel: Bool

    /// The severity basis, naming the APNs reason of the descriptor.
    public var severityBasis: SeverityBasis { docs.severityBasis.naming(descriptor.rejection) }

    /// What the rule enforces: the documentation's facts and the APNs reason its severity rests on (said once, in the
    /// descriptor).
    public var enforces: [SpecFact] {
        guard let reason = descriptor.rejection, !docs.enforces.contains(.reason(reason)) else { return docs.enforces }
        return [.reason(reason)] + docs.enforces
    }

    public subscript<Value>(dynamicMember keyPath: KeyPath<RuleDescriptor, Value>) -> Value { descriptor[keyPath: keyPath] }
    public subscript<Value>(dynamicMember keyPath: KeyPath<RuleDocs, Value>) -> Value { docs[keyPath: keyPath] }
}

extension Rule {
    /// The descriptor and the documentation (built now).
    public static var documented: DocumentedRule {
        DocumentedRule(descriptor: descriptor, docs: documentation, checksModel: !reportsWhileReading)
    }
}
