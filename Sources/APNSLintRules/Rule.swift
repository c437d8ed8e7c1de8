import APNSLintModel
import APNSLintSyntax

/// A check over the typed notification model. One rule per file, under `Rules/<Category>/`.
///
/// Rules know nothing of file formats: they see a `NotificationDefinition` and report through a
/// `RuleContext`, which fills in the rule id and severity.
///
/// A rule holds no state: its metadata and its check belong to its type, and everything a check needs (the
/// definition, the options) comes through the context. The lint loop calls each rule through its metatype, which
/// copies nothing per call (a call on an `any Rule` value copies the value and destroys the copy).
public protocol Rule: Sendable {
    static var metadata: RuleMetadata { get }
    static func check(_ context: inout RuleContext)
}

extension Rule {
    public var metadata: RuleMetadata { Self.metadata }
    public var id: String { Self.metadata.id }
}

/// Where a rule's findings come from.
public enum RuleStage: String, Sendable {
    /// Reported by the reader while it reads the text (`invalid-json`); the rule carries the docs.
    case syntax
    /// Checked on the typed model.
    case model
}

public enum RuleCategory: String, Sendable, CaseIterable {
    case syntax
    case structure
    case payload
    case delivery
    case headers
    case liveActivity = "live-activity"
    case size
    case dialect
    case fcm

    public var title: String {
        switch self {
        case .syntax: "Syntax"
        case .structure: "Structure"
        case .payload: "Payload values"
        case .delivery: "Push type and delivery"
        case .headers: "Headers"
        case .liveActivity: "Live Activities"
        case .size: "Size"
        case .dialect: "System formats (node-apn, ADCK, Skygear, apns_json)"
        case .fcm: "FCM (Skygear's Android messages)"
        }
    }
}

public enum FixAvailability: String, Sendable {
    case none, sometimes, always
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

/// Everything about a rule that docs, `rules`, `explain` and the tests need: one source of truth.
public struct RuleMetadata: Sendable {
    /// Stable kebab-case id.
    public let id: String
    /// One line: what the rule finds.
    public let summary: String
    /// Why it matters: what APNs or the device does.
    public let rationale: String
    public let severity: Severity
    public let category: RuleCategory
    public let stage: RuleStage
    public let fix: FixAvailability
    /// Where the facts come from (Apple documentation first).
    public let references: [String]
    public let triggering: [Example]
    public let nonTriggering: [Example]
    /// Whether the rule also checks payloads nested under custom keys (rules about the whole document or the
    /// request body do not).
    public let checksNestedPayloads: Bool
    /// Settings the rule takes from the configuration file.
    public let options: [RuleOption]
    /// What the rule checks: the APNs request (almost every rule) or the FCM message of a Skygear definition.
    public let target: DeliveryTarget
    /// The rule runs only on definitions where one of these holds (see `RunCondition`); with none, on every one.
    public let runsWhen: [RunCondition]

    public init(
        id: String, summary: String, rationale: String, severity: Severity, category: RuleCategory,
        stage: RuleStage = .model, fix: FixAvailability = .none, references: [String],
        triggering: [Example], nonTriggering: [Example], checksNestedPayloads: Bool = true, options: [RuleOption] = [],
        target: DeliveryTarget = .apns, runsWhen: [RunCondition] = []
    ) {
        self.target = target
        self.runsWhen = runsWhen
        self.checksNestedPayloads = checksNestedPayloads
        self.options = options
        self.id = id
        self.summary = summary
        self.rationale = rationale
        self.severity = severity
        self.category = category
        self.stage = stage
        self.fix = fix
        self.references = references
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    public var documentationPath: String { "Rules/\(id).md" }
}

/// A number a rule takes from the configuration file: `rules: {payload-near-limit: {share: 0.8}}`.
public struct RuleOption: Sendable {
    public let name: String
    public let summary: String
    public let allowed: ClosedRange<Double>
    public let defaultValue: Double
    /// Where the value goes in the options the rules see.
    public let store: @Sendable (inout RuleOptions, Double) -> Void

    public init(name: String, summary: String, allowed: ClosedRange<Double>, defaultValue: Double,
                store: @escaping @Sendable (inout RuleOptions, Double) -> Void) {
        self.name = name
        self.summary = summary
        self.allowed = allowed
        self.defaultValue = defaultValue
        self.store = store
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
        case .configuration(let location): Note("\(key) comes from the configuration: \(location) (\(value))")
        case .requestHeader(let name): Note("\(key) comes from the request headers: \(name): \(value)")
        }
    }
}

/// What a rule sees and where it reports.
public struct RuleContext {
    /// The APNs request (for an FCM rule: the APNs request of the same definition, as a reference).
    public let definition: NotificationDefinition
    /// The FCM message, for rules whose target is FCM.
    public let fcmMessage: FCMMessage?
    public let options: RuleOptions
    /// The ids of the rules this context runs (one, for a context made for a single rule). With `ruleNumber` and
    /// `severity`, all a report needs of a rule's metadata (copying the whole metadata per rule and definition was
    /// once most of a lint's cost).
    private var ruleIDs: [String]
    /// Which of `ruleIDs` is running: a number, not the id itself, so switching rules copies (and retains) nothing.
    @usableFromInline var ruleNumber = 0
    @usableFromInline var severity: Severity
    /// What the rules run in this context reported, in order.
    public private(set) var diagnostics: [Diagnostic] = []

    public init(definition: NotificationDefinition, ruleID: String, severity: Severity, options: RuleOptions = RuleOptions(),
                fcmMessage: FCMMessage? = nil) {
        self.init(definition: definition, ruleIDs: [ruleID], severity: severity, options: options, fcmMessage: fcmMessage)
    }

    private init(definition: NotificationDefinition, ruleIDs: [String], severity: Severity, options: RuleOptions,
                 fcmMessage: FCMMessage?) {
        self.definition = definition
        self.ruleIDs = ruleIDs
        self.severity = severity
        self.options = options
        self.fcmMessage = fcmMessage
    }

    public init(definition: NotificationDefinition, metadata: RuleMetadata, options: RuleOptions = RuleOptions(), fcmMessage: FCMMessage? = nil) {
        self.init(definition: definition, ruleID: metadata.id, severity: metadata.severity, options: options, fcmMessage: fcmMessage)
    }

    /// A context for running several rules on one definition, so the definition and options are not copied per
    /// rule: `startRule(number:severity:)` says which of `ruleIDs` runs next.
    public init(definition: NotificationDefinition, ruleIDs: [String], options: RuleOptions, fcmMessage: FCMMessage?) {
        self.init(definition: definition, ruleIDs: ruleIDs, severity: .info, options: options, fcmMessage: fcmMessage)
    }

    /// Makes what is reported next come from the rule whose id is `ruleIDs[number]`, with `severity` as its default;
    /// then call that rule's `check(_:)` with this context.
    @inlinable public mutating func startRule(number: Int, severity: Severity) {
        ruleNumber = number
        self.severity = severity
    }

    /// Takes the diagnostics reported so far, leaving none.
    public mutating func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// Which part of a field a diagnostic points at.
    public enum Part {
        case key, value, whole
    }

    /// Reports at a field. A field from the command line has no place in the file: the diagnostic has no range
    /// and a note says which option gave it.
    /// - Parameter severity: another severity than the rule's default, for a case that is worse (or milder).
    public mutating func report(
        _ message: String, at field: Field, part: Part = .key, help: String? = nil, notes: [Note] = [], fix: Fix? = nil,
        severity: Severity? = nil
    ) {
        var notes = notes
        let range: SourceRange?
        switch part {
        case .key: range = field.keyRange
        case .value: range = field.valueRange
        case .whole: range = field.range
        }
        if let origin = field.originNote { notes.insert(origin, at: 0) }
        report(message, pointer: field.pointer, range: range, help: help, notes: notes, fix: fix, severity: severity)
    }

    public mutating func report(
        _ message: String, pointer: JSONPointer, range: SourceRange?, help: String? = nil, notes: [Note] = [], fix: Fix? = nil,
        severity: Severity? = nil
    ) {
        diagnostics.append(Diagnostic(
            ruleID: ruleIDs[ruleNumber], severity: severity ?? self.severity, message: message, help: help,
            pointer: pointer, range: range, notes: notes, fix: fix))
    }
}
