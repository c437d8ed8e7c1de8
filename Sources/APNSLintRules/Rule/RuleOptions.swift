import APNSLintModel

/// Settings that change what some rules check. The defaults describe today's HTTP/2 provider API.
public struct RuleOptions: Sendable, Hashable {
    /// Which size limits apply.
    public enum SizeLimitProfile: String, Sendable, Hashable, CaseIterable {
        /// The HTTP/2 provider API: 4096 bytes, 5120 for VoIP and broadcast pushes.
        case http2
        /// The legacy binary interface (retired March 2021): 2048 bytes.
        case legacyBinary = "legacy-binary"
    }

    /// The platforms the app runs on; some rules are stricter for some (a missing push type is an error on watchOS).
    public enum Platform: String, Sendable, Hashable, CaseIterable {
        case ios, ipados, macos, tvos, watchos, visionos
    }

    /// "Now" as UNIX epoch seconds, for rules about dates (expiration, Live Activity timestamps). Nil: rules
    /// that need it skip the comparisons with the present, so results do not depend on when the linter runs.
    public var now: Int?
    public var sizeLimitProfile: SizeLimitProfile
    /// Empty means "not said".
    public var platforms: Set<Platform>
    /// How the sending stack's JSON encoder escapes strings; the size rules count the bytes it produces (a library's
    /// definition is measured as the library writes it: `Provenance.style`).
    public var serializer: WireSerializer.Style

    /// Rules' own options (`RuleOption`) set to other values than their defaults: rule id → option name → value.
    public var ruleValues: [String: [String: Double]]
    /// The app that receives the notifications, when it is known (`app:`, `--app`, or the repository's Xcode project):
    /// the app-aware rules are silent without it.
    public var app: AppContext?
    /// The APNs environment the definitions are sent to, when the configuration says (a definition's own
    /// `environment` wins).
    public var environment: APNsEnvironment?

    public init(now: Int? = nil, sizeLimitProfile: SizeLimitProfile = .http2, platforms: Set<Platform> = [],
                serializer: WireSerializer.Style = .compact, ruleValues: [String: [String: Double]] = [:], app: AppContext? = nil) {
        self.app = app
        self.now = now
        self.sizeLimitProfile = sizeLimitProfile
        self.ruleValues = ruleValues
        self.platforms = platforms
        self.serializer = serializer
    }

    /// The value of `option` of the rule `ruleID`: the one set, else the option's default.
    public func value(of option: RuleOption, rule ruleID: String) -> Double {
        // Most runs set no rule option: then there is nothing to look up.
        ruleValues.isEmpty ? option.defaultValue : ruleValues[ruleID]?[option.name] ?? option.defaultValue
    }

    /// These options with `option` of `rule` set to `value`.
    public func setting(_ option: RuleOption, of rule: any Rule.Type, to value: Double) -> RuleOptions {
        var options = self
        options.ruleValues[rule.id, default: [:]][option.name] = value
        return options
    }
}
