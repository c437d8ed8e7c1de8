import APNSLintModel
import APNSLintSyntax

/// What a model rule sees and where it reports. The linter makes one per definition and runs the rules of its plan
/// in it, one after the other (`RulePlan.run`).
public struct RuleContext {
    /// The APNs request (for an FCM rule: the APNs request of the same definition, as a reference).
    public let definition: NotificationDefinition
    /// The FCM message, for rules whose scope is the FCM message.
    public let fcmMessage: FCMMessage?
    /// The options the rules run with, read where they lie (see `withContext`).
    public var options: RuleOptions {
        unsafeAddress { optionsAddress }
    }
    /// What the system that sends the request does with it (ADCK truncates, Skygear decides the push type).
    public let dialect: DialectCapabilities
    /// The ids of the plan's rules: with `ruleNumber` and `severity`, all a report needs of the running rule.
    private let ruleIDs: UnsafeBufferPointer<String>
    private let optionsAddress: UnsafePointer<RuleOptions>
    /// Which of `ruleIDs` is running: a number, not the id itself, so switching rules copies (and retains) nothing.
    private var ruleNumber = 0
    private var severity: Severity = .info
    /// The running rule's APNs reason, when its severity rests on a rejection (`RuleDescriptor.rejection`).
    private var rejection: APNsReason?
    /// What the rules run in this context reported, in order.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Runs `body` in a context that borrows `options` and `ruleIDs` rather than holding copies: it is made inside
    /// `withUnsafePointer` and `withUnsafeBufferPointer`, and never outlives them. A copy retained the ids' array and the
    /// options' set and dictionary on every run, counts that every thread of a parallel run shares (perf: the first
    /// source of contention left after `KeyList`). The rules' one reference-count workaround: nothing else in the
    /// target needs to know of it.
    static func withContext<Result>(definition: NotificationDefinition, fcmMessage: FCMMessage?, options: RuleOptions,
                                    dialect: DialectCapabilities, ruleIDs: [String], _ body: (inout RuleContext) -> Result) -> Result {
        withUnsafePointer(to: options) { options in
            ruleIDs.withUnsafeBufferPointer { ids in
                var context = RuleContext(definition: definition, fcmMessage: fcmMessage, options: options, dialect: dialect, ruleIDs: ids)
                return body(&context)
            }
        }
    }

    private init(definition: NotificationDefinition, fcmMessage: FCMMessage?, options: UnsafePointer<RuleOptions>,
                 dialect: DialectCapabilities, ruleIDs: UnsafeBufferPointer<String>) {
        self.definition = definition
        self.fcmMessage = fcmMessage
        optionsAddress = options
        self.dialect = dialect
        self.ruleIDs = ruleIDs
    }

    /// Makes what is reported next come from the rule whose id is `ruleIDs[number]`, with `severity` as its default.
    mutating func startRule(number: Int, severity: Severity, rejection: APNsReason?) {
        ruleNumber = number
        self.severity = severity
        self.rejection = rejection
    }

    /// Takes the diagnostics reported so far, leaving none.
    mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// The running rule's setting of `option`: the configured value, else its default.
    public func value(of option: RuleOption) -> Double {
        options.value(of: option, rule: ruleIDs[ruleNumber])
    }

    /// Which part of a field a diagnostic points at.
    public enum Part {
        case key, value, whole
    }

    /// Reports at a field. A field from the command line has no place in the file: the diagnostic has no range
    /// and a note says which option gave it.
    /// - Parameters:
    ///   - severity: another severity than the rule's default, for a case that is worse (or milder).
    ///   - rejection: the APNs reason of this case when it is not the rule's own (`MissingTopic` for an empty topic,
    ///     where the rule's is `BadTopic`). A case reported milder than an error is no rejection unless it names one.
    public mutating func report(
        _ message: String, at field: Field, part: Part = .key, help: String? = nil, notes: [Note] = [], fix: Fix? = nil,
        severity: Severity? = nil, rejection: APNsReason? = nil
    ) {
        var notes = notes
        let range: SourceRange?
        switch part {
        case .key: range = field.keyRange
        case .value: range = field.valueRange
        case .whole: range = field.range
        }
        if let origin = field.originNote { notes.insert(origin, at: 0) }
        report(message, pointer: field.pointer, range: range, help: help, notes: notes, fix: fix, severity: severity, rejection: rejection)
        // A header the configuration gives is reported at its line there.
        if case .configuration(let location) = field.origin { diagnostics[diagnostics.count - 1].externalLocation = location }
    }

    public mutating func report(
        _ message: String, pointer: JSONPointer, range: SourceRange?, help: String? = nil, notes: [Note] = [], fix: Fix? = nil,
        severity: Severity? = nil, rejection: APNsReason? = nil
    ) {
        let severity = severity ?? self.severity
        diagnostics.append(Diagnostic(
            ruleID: ruleIDs[ruleNumber], severity: severity, message: message, help: help,
            pointer: pointer, range: range, notes: notes, fix: fix,
            rejection: rejection ?? (severity == .error ? self.rejection : nil)))
    }
}

extension Field {
    /// Where a field from outside the file came from, for a note: "apns-priority comes from the command line:
    /// --priority 10"; nil for a field in the file.
    public var originNote: Note? {
        let value = value.string ?? value.shortDescription
        return switch origin {
        case .source: nil
        case .commandLine(let option): Note("\(key) comes from the command line: \(option) \(value)")
        // The finding is placed at the header's line in the configuration file (`Diagnostic.externalLocation`).
        case .configuration: Note("\(key) comes from the configuration's headers, which apply to every file they match: \(value)")
        case .requestHeader(let name): Note("\(key) comes from the request headers: \(name): \(value)")
        }
    }
}
