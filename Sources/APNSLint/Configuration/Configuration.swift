import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax

/// What a configuration sets a rule to: a severity, or off.
public enum RuleLevel: String, Sendable, Hashable, CaseIterable {
    case off, info, warning, error

    public var severity: Severity? {
        switch self {
        case .off: nil
        case .info: .info
        case .warning: .warning
        case .error: .error
        }
    }
}

/// A rule's entry in a configuration: `loc-args-not-strings: off`, `payload-near-limit: {severity: error, share: 0.8}`.
public struct RuleSetting: Sendable, Hashable {
    public var level: RuleLevel?
    public var options: [String: Double]

    public init(level: RuleLevel? = nil, options: [String: Double] = [:]) {
        self.level = level
        self.options = options
    }
}

/// The settings one layer of configuration gives. What a layer does not say (nil, no entry) is left to the layers
/// below it, so layers stack: defaults, the configuration file (after what it extends), its matching
/// `overrides`, then the command line.
public struct Settings: Sendable, Hashable {
    public var rules: [String: RuleSetting]
    /// Request headers for bare payloads (a definition's own headers take precedence); one per name.
    public var headers: [HeaderOption]
    public var platforms: Set<RuleOptions.Platform>?
    public var serializer: WireSerializer.Style?
    public var sizeLimitProfile: RuleOptions.SizeLimitProfile?
    /// The format definitions are written in (a definition's own `dialect` key wins); nil: detected by shape.
    public var dialect: Dialect?
    /// "Now" for the date rules; never read from a file (results would depend on when the file was written).
    public var now: Int?
    /// Which rules run: each layer's `select`, `extend-select` and `ignore` (and `rules: {id: off}` read from a file),
    /// lowest layer first; `RuleSelection` says how they combine. (`RuleLevel.off` set in code turns a rule off
    /// whatever the layers select.)
    public var selections: [RuleSelection]
    /// The app that receives the notifications: read (`app:`, `--app`), or none on purpose (`app: false`); nil: not
    /// said, so the repository's Xcode project is used when there is one (`Workspace`).
    public var app: AppSetting?
    /// The APNs environment the definitions are sent to (`environment:`, `--environment`); nil: not said.
    public var environment: APNsEnvironment?

    /// Sets the rule option a command-line flag stands for (`near-limit-share` for `payload-near-limit`'s `share`);
    /// false when no rule has an option with that flag.
    @discardableResult
    public mutating func setOption(commandLineFlag flag: String, to value: Double, rules: [any Rule.Type] = RuleRegistry.all) -> Bool {
        for rule in rules {
            guard let option = rule.descriptor.options.first(where: { $0.commandLineFlag == flag }) else { continue }
            self.rules[rule.id, default: RuleSetting()].options[option.name] = value
            return true
        }
        return false
    }

    public init(rules: [String: RuleSetting] = [:], headers: [HeaderOption] = [], platforms: Set<RuleOptions.Platform>? = nil,
                serializer: WireSerializer.Style? = nil, sizeLimitProfile: RuleOptions.SizeLimitProfile? = nil, dialect: Dialect? = nil,
                now: Int? = nil, selections: [RuleSelection] = [], app: AppSetting? = nil) {
        self.app = app
        self.dialect = dialect
        self.selections = selections
        self.rules = rules
        self.headers = headers
        self.platforms = platforms
        self.serializer = serializer
        self.sizeLimitProfile = sizeLimitProfile
        self.now = now
    }

    /// The layer that sets `options` (the time, platforms, serializer, size limits and the rules' options), and
    /// nothing about which rules run.
    init(options: RuleOptions) {
        self.init(platforms: options.platforms, serializer: options.serializer, sizeLimitProfile: options.sizeLimitProfile, now: options.now,
                  app: options.app.map { .read($0, from: "the linter's options") })
        environment = options.environment
        for (id, values) in options.ruleValues { rules[id] = RuleSetting(options: values) }
    }

    /// These settings with `layer` on top: what `layer` says wins.
    public func applying(_ layer: Settings) -> Settings {
        var result = self
        for (id, setting) in layer.rules {
            var merged = result.rules[id] ?? RuleSetting()
            merged.level = setting.level ?? merged.level
            merged.options.merge(setting.options) { $1 }
            result.rules[id] = merged
        }
        let overridden = Set(layer.headers.map { $0.name.lowercased() })
        result.headers = layer.headers + result.headers.filter { !overridden.contains($0.name.lowercased()) }
        result.platforms = layer.platforms ?? platforms
        result.serializer = layer.serializer ?? serializer
        result.sizeLimitProfile = layer.sizeLimitProfile ?? sizeLimitProfile
        result.dialect = layer.dialect ?? dialect
        result.now = layer.now ?? now
        result.selections = selections + layer.selections
        result.app = layer.app ?? app
        result.environment = layer.environment ?? environment
        return result
    }
}

/// Which app the notifications go to, as a configuration says.
public enum AppSetting: Sendable, Hashable, CustomStringConvertible {
    /// Read from the project `from` names (the configuration's `app:`, `--app`, or the one found in the repository).
    case read(AppContext, from: String)
    /// `app: false`: no app, and none looked for.
    case none

    public var context: AppContext? {
        if case .read(let context, _) = self { return context }
        return nil
    }

    public var description: String {
        switch self {
        case .read(let context, let origin): "\(context) (\(origin))"
        case .none: "none (app: false)"
        }
    }
}

/// Settings for the files some globs match (`overrides:` in the file).
public struct Override: Sendable, Hashable {
    public var files: [Glob]
    public var settings: Settings

    public init(files: [Glob], settings: Settings) {
        self.files = files
        self.settings = settings
    }
}

/// A finding the configuration accepts, with the reason why: `ignore:` in the file.
public struct IgnoreEntry: Sendable, Hashable {
    public var files: [Glob]
    public var rules: Set<String>
    /// Nil: anywhere in the file; otherwise this value and everything in it.
    public var pointer: JSONPointer?
    public var reason: String
    /// `path:line:column` of the entry, for `config` and messages.
    public var location: String

    public init(files: [Glob], rules: Set<String>, pointer: JSONPointer?, reason: String, location: String) {
        self.files = files
        self.rules = rules
        self.pointer = pointer
        self.reason = reason
        self.location = location
    }

    func covers(_ diagnostic: Diagnostic) -> Bool {
        guard rules.contains(diagnostic.ruleID) else { return false }
        guard let pointer else { return true }
        return diagnostic.pointer.tokens.starts(with: pointer.tokens)
    }
}

/// Everything a configuration says: settings, per-path overrides, which files to lint, which findings to accept.
/// Built in code, or read from `.apns-lint.yml` by `ConfigurationFile`.
public struct Configuration: Sendable {
    public var settings: Settings
    /// In order: a later match wins.
    public var overrides: [Override]
    /// Which files to lint when searching directories; empty means every file with a known extension.
    public var include: [Glob]
    public var exclude: [Glob]
    public var ignore: [IgnoreEntry]
    /// The files it was read from: the file first, then what it extends.
    public var sources: [String]

    public init(settings: Settings = Settings(), overrides: [Override] = [], include: [Glob] = [], exclude: [Glob] = [],
                ignore: [IgnoreEntry] = [], sources: [String] = []) {
        self.settings = settings
        self.overrides = overrides
        self.include = include
        self.exclude = exclude
        self.ignore = ignore
        self.sources = sources
    }

    /// This configuration with `layer` on top (the command line's settings, which apply to every file).
    public func applying(_ layer: Settings) -> Configuration {
        var result = self
        result.overrides.append(Override(files: [], settings: layer))
        return result
    }

    /// The settings for the file at `path` (absolute; nil for text that is not a file): the base settings, then
    /// every override whose globs match, in order.
    public func settings(for path: String?) -> Settings {
        overrides.reduce(settings) { settings, override in
            let applies = override.files.isEmpty || path.map { path in override.files.contains { $0.matches(path) } } ?? false
            return applies ? settings.applying(override.settings) : settings
        }
    }

    /// The ignore entries for the file at `path`.
    public func ignoreEntries(for path: String?) -> [IgnoreEntry] {
        guard let path else { return [] }
        return ignore.filter { entry in entry.files.contains { $0.matches(path) } }
    }

    /// Whether a file found while searching a directory is linted: it matches `include` (or has a known extension
    /// when there is none) and no `exclude`.
    public func includes(_ path: String, hasKnownExtension: Bool) -> Bool {
        let included = include.isEmpty ? hasKnownExtension : include.contains { $0.matches(path) }
        return included && !excludes(path)
    }

    public func excludes(_ path: String) -> Bool {
        exclude.contains { $0.matches(path) }
    }
}

/// Settings resolved for one file: what the linter applies. A class, so that handing them to each file's lint is one
/// reference, not a copy of every dictionary and option in them.
final class ResolvedSettings: Sendable {
    let levels: [String: RuleLevel]
    /// The rules that do not run (empty in most runs, which is checked first).
    let disabled: Set<String>
    let options: RuleOptions
    let headers: [HeaderOption]
    let ignore: [IgnoreEntry]
    let dialect: Dialect?
    /// Which rules run on a definition, for these settings (a rule turned off is not in it).
    let plan: RulePlan

    init(_ settings: Settings, rules: [any Rule.Type], ignore: [IgnoreEntry]) {
        var options = RuleOptions(now: settings.now)
        options.platforms = settings.platforms ?? []
        options.serializer = settings.serializer ?? .compact
        options.sizeLimitProfile = settings.sizeLimitProfile ?? .http2
        options.app = settings.app?.context
        options.environment = settings.environment
        var levels: [String: RuleLevel] = [:]
        // Only the rules the settings name: reading every rule's metadata would cost more than the lint.
        for (id, setting) in settings.rules {
            if let level = setting.level { levels[id] = level }
            guard !setting.options.isEmpty, let rule = rules.first(where: { $0.id == id }) else { continue }
            for option in rule.descriptor.options {
                if let value = setting.options[option.name] { options.ruleValues[id, default: [:]][option.name] = value }
            }
        }
        let disabled = RuleSelection.disabledRules(settings.selections, rules: rules)
            .union(levels.compactMap { $0.value == .off ? $0.key : nil })
        self.levels = levels
        self.disabled = disabled
        self.options = options
        self.headers = settings.headers
        self.ignore = ignore
        self.dialect = settings.dialect
        // Without an app the app-aware rules have nothing to check: left out of the plan, they cost a lint nothing.
        let appRules: Set<String> = options.app == nil ? Set(rules.filter { $0.descriptor.category == .app }.map { $0.id }) : []
        plan = RulePlan(rules: rules, isEnabled: { !disabled.contains($0) && !appRules.contains($0) })
    }

    private init(levels: [String: RuleLevel], disabled: Set<String>, options: RuleOptions, headers: [HeaderOption], ignore: [IgnoreEntry],
                 dialect: Dialect?, plan: RulePlan) {
        self.levels = levels
        self.disabled = disabled
        self.options = options
        self.headers = headers
        self.ignore = ignore
        self.dialect = dialect
        self.plan = plan
    }

    /// The same settings with other rule options.
    func with(options: RuleOptions) -> ResolvedSettings {
        ResolvedSettings(levels: levels, disabled: disabled, options: options, headers: headers, ignore: ignore, dialect: dialect, plan: plan)
    }

    func isEnabled(_ ruleID: String) -> Bool { disabled.isEmpty || !disabled.contains(ruleID) }

    /// The diagnostic with the configured severity, or nil when the rule is off or an ignore entry covers it.
    func apply(to diagnostic: Diagnostic) -> Diagnostic? {
        var diagnostic = diagnostic
        if !isEnabled(diagnostic.ruleID) { return nil }
        if let level = levels[diagnostic.ruleID] {
            guard let severity = level.severity else { return nil }
            diagnostic.severity = severity
        }
        if ignore.contains(where: { $0.covers(diagnostic) }) { return nil }
        return diagnostic
    }
}
