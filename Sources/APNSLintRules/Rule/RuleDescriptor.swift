import APNSLintModel
import APNSLintSyntax

/// What the linter needs of a rule at lint time: small, so building a plan reads nothing else.
public struct RuleDescriptor: Sendable {
    /// Stable kebab-case id.
    public let id: String
    public let severity: Severity
    public let category: RuleCategory
    public let fix: FixAvailability
    /// Which requests the rule checks: top-level requests only, nested payloads too, or the FCM message.
    public let scope: RuleScope
    /// What a definition must hold for the rule to have anything to report; none: every definition in its scope.
    public let subscriptions: [Subscription]
    /// Settings the rule takes from the configuration file.
    public let options: [RuleOption]
    /// What lower layers find that this rule reports (a reader's syntax problem, a dialect's note).
    public let finds: [Finding]
    /// Whether the rule judges a definition the model could not read whole (`NotificationDefinition.Elision.inModel`:
    /// the reader elided the document, or `aps`, beyond its retention limit) without a false finding: it reads what
    /// an elided container's summary says (its kind, size, duplicate keys) and nothing it does not. Other rules do
    /// not run on such a definition.
    public let runsOnElidedDefinitions: Bool
    /// The APNs reason the rule's errors carry, when its severity rests on APNs rejecting what it finds: what a
    /// server that answers as APNs does would answer (the gateway, a sandbox log's audit). Its page's severity basis
    /// names it (`SeverityBasis.rejectedByAPNs`); a fact of the descriptor so that a lint reads no documentation.
    public let rejection: APNsReason?

    public init(id: String, severity: Severity, category: RuleCategory, fix: FixAvailability = .none, scope: RuleScope = .payload,
                subscriptions: [Subscription] = [], options: [RuleOption] = [], finds: [Finding] = [],
                runsOnElidedDefinitions: Bool = false, rejection: APNsReason? = nil) {
        self.id = id
        self.severity = severity
        self.category = category
        self.fix = fix
        self.scope = scope
        self.subscriptions = subscriptions
        self.options = options
        self.finds = finds
        self.runsOnElidedDefinitions = runsOnElidedDefinitions
        self.rejection = rejection
    }

    public var documentationPath: String { "Rules/\(id).md" }
}

/// Which requests a model rule checks.
public enum RuleScope: Sendable, Hashable {
    /// The APNs request and every payload nested in it (which the app presents itself): most rules.
    case payload
    /// The top-level APNs request only: rules about the request, its size, or the whole document.
    case request
    /// The FCM message of a definition that sends one (an FCM request; Skygear's Android half).
    case fcmMessage
}

/// Something a definition holds that a rule needs to have anything to report: a rule about `loc-args` has nothing to
/// say about an alert without one. The linter runs a rule only on definitions that hold one of its subscriptions (as
/// ESLint rules subscribe to node types, and Spectral rules name the paths they look at). Subscriptions must hold
/// wherever the rule can report: the tests lint every rule example and every file under `Examples/` with and without
/// them and compare the reports.
public enum Subscription: Sendable, Hashable {
    /// `aps` (an object, or a proplist bound as one) holds this key.
    case aps(APSKey)
    /// The `alert` dictionary holds this key.
    case alert(AlertKey)
    /// The request has this header: from the file or from outside it, in any case.
    case header(HeaderKey)
    /// The push type, declared or inferred (`NotificationDefinition.pushType`), is this one.
    case pushType(PushType)
    /// The part holds a key its schema does not know (for the rules about unknown keys).
    case unknownKey(in: KeyedPart)
    /// A field holds a value of another type than its schema's.
    case wronglyTypedValue
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
    case sns
    case simulator
    case expo
    case oneSignal = "onesignal"
    case gorush
    /// Checks against the app that receives the notification (its project: bundle IDs, Info.plist, entitlements,
    /// strings, sounds): silent when no app is known.
    case app

    public var title: String {
        switch self {
        case .syntax: "Syntax"
        case .structure: "Structure"
        case .payload: "Payload values"
        case .delivery: "Push type and delivery"
        case .headers: "Headers"
        case .liveActivity: "Live Activities"
        case .size: "Size"
        case .dialect: "System formats (node-apn, ADCK, Skygear, apns_json, and what every push service drops or rewrites)"
        case .fcm: "Firebase Cloud Messaging (FCM requests, Skygear's Android messages)"
        case .sns: "Amazon SNS"
        case .simulator: "Xcode Simulator (.apns files)"
        case .expo: "Expo push service"
        case .oneSignal: "OneSignal"
        case .gorush: "gorush"
        case .app: "The app that receives it (read from its Xcode project)"
        }
    }
}

public enum FixAvailability: String, Sendable {
    case none, sometimes, always
}

/// A number a rule takes from the configuration file: `rules: {payload-near-limit: {share: 0.8}}`. A rule declares
/// its options as static constants and reads them with `RuleContext.value(of:)`.
public struct RuleOption: Sendable, Hashable {
    public let name: String
    public let summary: String
    public let allowed: ClosedRange<Double>
    public let defaultValue: Double
    /// The command-line option that sets it, if there is one (`near-limit-share` for `--near-limit-share`).
    public let commandLineFlag: String?

    public init(name: String, summary: String, allowed: ClosedRange<Double>, defaultValue: Double, commandLineFlag: String? = nil) {
        self.name = name
        self.summary = summary
        self.allowed = allowed
        self.defaultValue = defaultValue
        self.commandLineFlag = commandLineFlag
    }
}
