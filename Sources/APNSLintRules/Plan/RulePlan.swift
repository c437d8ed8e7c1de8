import APNSLintModel
import APNSLintSyntax

/// Which rules run on a definition, worked out once for a set of rules and settings (ruff's `RuleSet` and dispatch
/// by subject): for each scope, the rules that always run, and for each subscription (a key of `aps`, of the alert,
/// a header, a push type, …) the rules that subscribe to it. A lint takes the "always" set plus the sets of what the
/// definition holds, and runs them in registry order: one loop, no test per rule.
public struct RulePlan: Sendable {
    /// The model rules the plan runs (the enabled ones), in registry order; a rule's number is its place here.
    private let checks: [any ModelRule.Type]
    private let ids: [String]
    private let severities: [Severity]
    /// The APNs reason each rule's errors carry (`RuleDescriptor.rejection`).
    private let rejections: [APNsReason?]
    /// The top-level request's rules (scopes `.request` and `.payload`), a nested payload's (`.payload`), and the
    /// FCM message's.
    private let topLevel: Dispatch
    private let nested: Dispatch
    private let fcmMessage: RuleSet
    /// The rules that run on a definition the model could not read whole (`RuleDescriptor.runsOnElidedDefinitions`).
    private let onElidedDefinitions: RuleSet
    /// Who reports what lower layers find, with the default severity: over every rule given, enabled or not (the
    /// settings drop the findings of rules turned off, as they drop any other).
    private let owners: [Finding: (id: String, severity: Severity)]

    /// - Parameter isEnabled: whether a rule runs at all (a rule turned off in the configuration does not).
    public init(rules: [any Rule.Type], isEnabled: (String) -> Bool = { _ in true }) {
        var owners: [Finding: (id: String, severity: Severity)] = [:]
        for rule in rules {
            for finding in rule.descriptor.finds where owners[finding] == nil {
                owners[finding] = (rule.descriptor.id, rule.descriptor.severity)
            }
        }
        self.owners = owners
        let model = rules.compactMap { $0.asModelRule }.filter { isEnabled($0.descriptor.id) }
        checks = model
        ids = model.map { $0.descriptor.id }
        severities = model.map { $0.descriptor.severity }
        rejections = model.map { $0.descriptor.rejection }
        let descriptors = model.map { $0.descriptor }
        topLevel = Dispatch(descriptors, topLevel: true)
        nested = Dispatch(descriptors, topLevel: false)
        var fcm = RuleSet(capacity: descriptors.count)
        for (number, descriptor) in descriptors.enumerated() where descriptor.scope == .fcmMessage { fcm.insert(number) }
        fcmMessage = fcm
        var onElided = RuleSet(capacity: descriptors.count)
        for (number, descriptor) in descriptors.enumerated() where descriptor.runsOnElidedDefinitions { onElided.insert(number) }
        onElidedDefinitions = onElided
    }

    /// Which definition a run is for.
    public enum Subject {
        /// The top-level request; `sendsAPNs` false when it sends nothing to APNs (then only FCM rules run).
        case topLevel(sendsAPNs: Bool)
        /// A payload nested in another, which the app presents itself.
        case nested
    }

    /// Runs the rules that apply to `definition` (and its FCM message), in registry order.
    /// - Parameter conditional: false runs every rule of the scope, whatever the definition holds (for the tests that
    ///   show subscriptions change no report).
    public func run(on definition: NotificationDefinition, subject: Subject, fcmMessage: FCMMessage? = nil, options: RuleOptions,
                    dialect: DialectCapabilities = [], conditional: Bool = true) -> [Diagnostic] {
        var selected: RuleSet
        switch subject {
        case .topLevel(let sendsAPNs):
            selected = sendsAPNs ? topLevel.rules(for: definition, conditional: conditional) : RuleSet(capacity: checks.count)
            if fcmMessage != nil { selected.formUnion(self.fcmMessage) }
        case .nested:
            selected = nested.rules(for: definition, conditional: conditional)
        }
        if definition.elision == .inModel { selected.formIntersection(onElidedDefinitions) }
        guard !selected.isEmpty else { return [] }
        return RuleContext.withContext(definition: definition, fcmMessage: fcmMessage, options: options, dialect: dialect, ruleIDs: ids) { context in
            checks.withUnsafeBufferPointer { checks in
                selected.forEach { number in
                    context.startRule(number: number, severity: severities[number], rejection: rejections[number])
                    checks[number].check(&context)
                }
            }
            return context.takeDiagnostics()
        }
    }

    /// The rule that reports `finding`, with its default severity; nil when no rule given to the plan does.
    public func owner(of finding: Finding) -> (id: String, severity: Severity)? {
        if let owner = owners[finding] { return owner }
        // A syntax problem any language may have is owned once for all of them.
        if case .syntax(let kind, _?) = finding { return owners[.syntax(kind, in: nil)] }
        return nil
    }

    /// For one scope: the rules that always run, and the rules of each subscription.
    private struct Dispatch: Sendable {
        var always: RuleSet
        /// Every rule of the scope.
        var all: RuleSet
        var aps: [RuleSet]
        var alert: [RuleSet]
        var headers: [RuleSet]
        var pushTypes: [RuleSet]
        var unknownKeys: [RuleSet]
        var wronglyTypedValue: RuleSet

        /// - Parameter topLevel: the top-level request's rules (scopes `.request` and `.payload`), else a nested
        ///   payload's (`.payload`).
        init(_ descriptors: [RuleDescriptor], topLevel: Bool) {
            let empty = RuleSet(capacity: descriptors.count)
            always = empty
            all = empty
            aps = Array(repeating: empty, count: APSKey.allCases.count)
            alert = Array(repeating: empty, count: AlertKey.allCases.count)
            headers = Array(repeating: empty, count: HeaderKey.allCases.count)
            pushTypes = Array(repeating: empty, count: PushType.allCases.count)
            unknownKeys = Array(repeating: empty, count: KeyedPart.allCases.count)
            wronglyTypedValue = empty
            for (number, descriptor) in descriptors.enumerated() where descriptor.scope == .payload || topLevel && descriptor.scope == .request {
                all.insert(number)
                if descriptor.subscriptions.isEmpty { always.insert(number) }
                for subscription in descriptor.subscriptions {
                    switch subscription {
                    case .aps(let key): aps[key.rawValue].insert(number)
                    case .alert(let key): alert[key.rawValue].insert(number)
                    case .header(let key): headers[key.rawValue].insert(number)
                    case .pushType(let type): pushTypes[type.ordinal].insert(number)
                    case .unknownKey(let part): unknownKeys[part.rawValue].insert(number)
                    case .wronglyTypedValue: wronglyTypedValue.insert(number)
                    }
                }
            }
        }

        func rules(for definition: NotificationDefinition, conditional: Bool) -> RuleSet {
            guard conditional else { return all }
            var selected = always
            for key in definition.apsKeys { selected.formUnion(aps[key.rawValue]) }
            for key in definition.alertKeys { selected.formUnion(alert[key.rawValue]) }
            for key in definition.headerKeys { selected.formUnion(headers[key.rawValue]) }
            for part in definition.partsWithUnknownKeys { selected.formUnion(unknownKeys[part.rawValue]) }
            if let type = definition.pushType?.type { selected.formUnion(pushTypes[type.ordinal]) }
            if definition.hasWronglyTypedValues { selected.formUnion(wronglyTypedValue) }
            return selected
        }
    }
}

/// A set of rule numbers (places in a plan), as bits: two words hold 128 rules without an allocation, and a plan of
/// more rules keeps the rest in an array.
struct RuleSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private var more: [UInt64]?

    init(capacity: Int) {
        if capacity > 128 { more = Array(repeating: 0, count: (capacity - 128 + 63) / 64) }
    }

    var isEmpty: Bool { low == 0 && high == 0 && (more?.allSatisfy { $0 == 0 } ?? true) }

    mutating func insert(_ number: Int) {
        switch number {
        case ..<64: low |= 1 << UInt64(number)
        case ..<128: high |= 1 << UInt64(number - 64)
        default: more![(number - 128) / 64] |= 1 << UInt64((number - 128) % 64)
        }
    }

    mutating func formUnion(_ other: RuleSet) {
        low |= other.low
        high |= other.high
        if let others = other.more {
            for index in others.indices { more![index] |= others[index] }
        }
    }

    mutating func formIntersection(_ other: RuleSet) {
        low &= other.low
        high &= other.high
        if let others = other.more {
            for index in others.indices { more![index] &= others[index] }
        }
    }

    /// Calls `body` with each number, in increasing order.
    func forEach(_ body: (Int) -> Void) {
        Self.forEach(in: low, offset: 0, body)
        Self.forEach(in: high, offset: 64, body)
        if let more {
            for (index, word) in more.enumerated() { Self.forEach(in: word, offset: 128 + index * 64, body) }
        }
    }

    private static func forEach(in word: UInt64, offset: Int, _ body: (Int) -> Void) {
        var word = word
        while word != 0 {
            body(offset + word.trailingZeroBitCount)
            word &= word - 1
        }
    }
}
