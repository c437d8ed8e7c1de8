import APNSLintModel
import APNSLintRules
import APNSLintSyntax

/// A rule id or a rule category, as `select`, `extend-select` and `ignore` name them (`badge-invalid`, `payload`).
public enum RuleSelector: Sendable, Hashable, CustomStringConvertible {
    case rule(String)
    case category(RuleCategory)

    /// `text` as a rule id of `rules` or a category's name; an unknown one is an error that suggests the closest names.
    public init(parsing text: String, rules: [any Rule.Type] = RuleRegistry.all) throws(UnknownRuleSelector) {
        if rules.contains(where: { $0.id == text }) {
            self = .rule(text)
        } else if let category = RuleCategory(rawValue: text) {
            self = .category(category)
        } else {
            throw UnknownRuleSelector(text: text, rules: rules)
        }
    }

    public var description: String {
        switch self {
        case .rule(let id): id
        case .category(let category): category.rawValue
        }
    }

    /// A rule id is more specific than a category: it wins over a category's opposite choice in the same layer.
    var isRuleID: Bool {
        if case .rule = self { true } else { false }
    }

    func matches(_ rule: any Rule.Type) -> Bool {
        switch self {
        case .rule(let id): rule.id == id
        case .category(let category): rule.descriptor.category == category
        }
    }
}

/// A name that is neither a rule id nor a category, with what it may have meant.
public struct UnknownRuleSelector: Error, Sendable, CustomStringConvertible {
    public let text: String
    /// The rule ids and categories closest to `text` (`Suggestion.matches`); empty when none is close.
    public let suggestions: [String]

    init(text: String, rules: [any Rule.Type]) {
        self.text = text
        suggestions = Suggestion.matches(for: text, in: rules.map { $0.id } + RuleCategory.allCases.map(\.rawValue))
    }

    /// "no rule or category 'badge'; did you mean 'badge-invalid' or 'badge-negative'? (…)"
    public var description: String {
        let question = Suggestion.question(suggestions).map { "; \($0)" } ?? ""
        return "no rule or category '\(text)'\(question) (`apns-lint rules` lists the rules; the categories are \(RuleCategory.allCases.map(\.rawValue).joined(separator: ", ")))"
    }
}

/// Which rules run, as one layer of configuration says it (a configuration file, an override, the command line), in
/// ruff's terms: `select` replaces the rules the layers below chose, `extend-select` adds to them, `ignore` removes
/// from them. Within a layer a rule id wins over a category, and at the same level `ignore` wins over a selection:
/// `select: [payload], ignore: [badge-invalid]` runs the payload rules but badge-invalid; `ignore: [payload],
/// extend-select: [badge-invalid]` runs badge-invalid among the others. A rule set to `off` under `rules:` is ignored
/// by id in its layer, and one given a severity there is selected by id. The rules that report input apns-lint cannot read a
/// definition from always run (`Rule.alwaysRuns`).
public struct RuleSelection: Sendable, Hashable {
    /// Nil: this layer keeps what the layers below chose.
    public var select: [RuleSelector]?
    public var extendSelect: [RuleSelector]
    public var ignore: [RuleSelector]

    public init(select: [RuleSelector]? = nil, extendSelect: [RuleSelector] = [], ignore: [RuleSelector] = []) {
        self.select = select
        self.extendSelect = extendSelect
        self.ignore = ignore
    }

    /// True when the layer says nothing about which rules run.
    public var isEmpty: Bool { select == nil && extendSelect.isEmpty && ignore.isEmpty }

    /// The rules that run after this layer, from those that ran below it: categories first, then rule ids, each
    /// level's selections before its ignores.
    func apply(to enabled: inout Set<String>, rules: [any Rule.Type]) {
        if select != nil { enabled = [] }
        let selected = (select ?? []) + extendSelect
        for ruleIDs in [false, true] {
            for rule in rules where selected.contains(where: { $0.isRuleID == ruleIDs && $0.matches(rule) }) {
                enabled.insert(rule.id)
            }
            for rule in rules where ignore.contains(where: { $0.isRuleID == ruleIDs && $0.matches(rule) }) {
                enabled.remove(rule.id)
            }
        }
    }

    /// Why `rule` (one that `alwaysRuns`) cannot be ignored or turned off: "invalid-json cannot be turned off: …".
    public static func cannotBeTurnedOff(_ rule: any Rule.Type) -> String {
        "\(rule.id) cannot be turned off: " + (rule.whyAlwaysRuns ?? "it reports input apns-lint cannot read")
    }

    /// The ids of `rules` that do not run after `layers` (lowest first) have chosen, starting from every rule.
    static func disabledRules(_ layers: [RuleSelection], rules: [any Rule.Type]) -> Set<String> {
        guard !layers.isEmpty else { return [] }
        var enabled = Set(rules.map { $0.id })
        for layer in layers { layer.apply(to: &enabled, rules: rules) }
        return Set(rules.filter { !enabled.contains($0.id) && !$0.alwaysRuns }.map { $0.id })
    }
}

extension Rule {
    /// True for a rule that cannot be turned off: it reports input apns-lint cannot read a definition from
    /// (`Finding.whyUnreadable`). Every other rule, a system's refusal included, can be selected and ignored.
    public static var alwaysRuns: Bool { whyAlwaysRuns != nil }

    /// Why the rule cannot be turned off, from the first of its findings that means unreadable input; nil for a rule
    /// that can be.
    static var whyAlwaysRuns: String? { descriptor.finds.lazy.compactMap(\.whyUnreadable).first }
}

extension Finding {
    /// Why a finding means apns-lint could not read a definition from the input, so turning its rule off would pass
    /// the input unread; nil for what leaves something read and checked. Only a reader's own failures: a syntax error
    /// (the reader stops there, unless it can tell what was meant), YAML aliases beyond the budget (it stops there), an
    /// Erlang text of no term (nothing to read). A value JSON cannot carry is read as a stand-in and checked; a
    /// system's refusal (a library that raises, a service that refuses the request) is a finding about a definition
    /// that was read, and its rule is one like any other.
    var whyUnreadable: String? {
        switch self {
        case .syntax(.invalidSyntax, let language), .syntax(.trailingComma, let language):
            "it reports \(language.map { Self.name(of: $0) + " " } ?? "")text apns-lint cannot read: the reader stops at the error unless it can tell what was meant, and with the rule off the rest of the text would pass unchecked"
        case .syntax(.aliasLimit, _):
            "it reports YAML whose aliases expand beyond what apns-lint reads (a \"billion laughs\" file): the reader stops there, and with the rule off the rest of the file would pass unchecked"
        case .syntax(.noTerm, _):
            "it reports an Erlang file that holds no term, so no definition: with the rule off, the file would pass with nothing checked"
        case .syntax, .dialect, .suppression:
            nil
        }
    }

    private static func name(of language: SourceLanguage) -> String {
        switch language {
        case .json: "JSON"
        case .yaml: "YAML"
        case .erlang: "Erlang"
        }
    }
}
