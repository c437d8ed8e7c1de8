import APNSLintDialects
import APNSLintModel
import APNSLintRules
import APNSLintSyntax

/// A mistake in a configuration file, with its place.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let position: SourcePosition?
    public let message: String

    public init(path: String, position: SourcePosition?, message: String) {
        self.path = path
        self.position = position
        self.message = message
    }

    public var description: String {
        position.map { "\(path):\($0.line):\($0.column): \(message)" } ?? "\(path): \(message)"
    }
}

/// Reads `.apns-lint.yml`.
///
///     extends: ../.apns-lint.yml
///     platforms: [ios, watchos]
///     rules:
///       loc-args-not-strings: off
///       payload-near-limit: {severity: error, share: 0.8}
///     headers: {apns-topic: com.example.app}
///     overrides:
///       - files: ["push/background/**"]
///         headers: {apns-push-type: background, apns-priority: 5}
///     ignore:
///       - file: legacy/welcome.json
///         rule: loc-args-not-strings
///         pointer: /aps/alert/loc-args
///         reason: the 2019 app formats numbers itself
public enum ConfigurationFile {
    /// The names looked for in each directory, in this order.
    public static let names = [".apns-lint.yml", ".apns-lint.yaml"]

    static let maxExtendsDepth = 32

    /// How a configuration file's path is shown in messages (relative to the current directory, say).
    public typealias PathDisplay = @Sendable (String) -> String

    /// Reads the configuration file at `path` (absolute) and everything it extends.
    public static func load(path: String, rules: [any Rule.Type] = RuleRegistry.all,
                            display: @escaping PathDisplay = { $0 }) throws(ConfigurationError) -> Configuration {
        try load(path: path, rules: rules, display: display, chain: [])
    }

    /// Reads a configuration from text, as if it were the file at `path` (absolute; its directory anchors the globs).
    public static func parse(_ source: SourceText, path: String, rules: [any Rule.Type] = RuleRegistry.all,
                             display: @escaping PathDisplay = { $0 }) throws(ConfigurationError) -> Configuration {
        try parse(source, path: path, rules: rules, display: display, chain: [path])
    }

    private static func load(path: String, rules: [any Rule.Type], display: @escaping PathDisplay, chain: [String]) throws(ConfigurationError) -> Configuration {
        let bytes: [UInt8]
        do { bytes = try Inputs.readFile(path) } catch {
            throw ConfigurationError(path: display(path), position: nil, message: "cannot read the configuration file: \(error.reason)")
        }
        return try parse(SourceText(bytes: bytes), path: path, rules: rules, display: display, chain: chain + [path])
    }

    private static func parse(_ source: SourceText, path: String, rules: [any Rule.Type], display: @escaping PathDisplay,
                              chain: [String]) throws(ConfigurationError) -> Configuration {
        let reader = Reader(source: source, path: path, shownAs: display(path), rules: rules)
        let parsed = YAMLReader.read(source)
        // An empty file (or one of comments) is the defaults.
        if parsed.documents.isEmpty && source.text(SourceRange(start: 0, end: source.count)).split(separator: "\n")
            .allSatisfy({ $0.trimmingSpaces().isEmpty || $0.trimmingSpaces().hasPrefix("#") }) {
            return Configuration(sources: [reader.shownAs])
        }
        if let problem = parsed.problems.first(where: { $0.kind == .invalidSyntax || $0.kind == .aliasLimit }) {
            throw reader.error(problem.message, at: problem.range)
        }
        guard parsed.documents.count <= 1 else {
            throw reader.error("a configuration file holds one YAML document, this one holds \(parsed.documents.count)", at: parsed.documents[1].range)
        }
        guard let root = parsed.documents.first, !root.isNull else { return Configuration(sources: [reader.shownAs]) }
        let members = try reader.mapping(root, what: "the configuration")

        var configuration = Configuration(sources: [reader.shownAs])
        var extended: [Configuration] = []
        for member in members {
            // `$schema` names the JSON Schema for editors (`ConfigurationSchema`): nothing to read.
            if member.key == "$schema" { continue }
            guard let key = ConfigurationKey(rawValue: member.key) else {
                throw reader.unknownKey(member, in: ConfigurationKey.allCases, what: "the configuration")
            }
            switch key {
            case .extends:
                for (file, range) in try reader.strings(member.value, what: "extends") {
                    let target = Paths.absolute(file, relativeTo: reader.directory)
                    if chain.contains(target) {
                        throw reader.error("extends \(file) makes a cycle: \((chain + [target]).map(display).joined(separator: " → "))", at: range)
                    }
                    guard chain.count < maxExtendsDepth else { throw reader.error("extends is nested more than \(maxExtendsDepth) deep", at: range) }
                    do { extended.append(try load(path: target, rules: rules, display: display, chain: chain)) } catch {
                        if error.position == nil {
                            throw reader.error("extends \(file): \(error.message)", at: range)
                        }
                        throw error
                    }
                }
            case .app:
                configuration.settings.app = try reader.app(member.value)
            case .include:
                configuration.include = try reader.globs(member.value, what: "include")
            case .exclude:
                configuration.exclude = try reader.globs(member.value, what: "exclude")
            case .overrides:
                for entry in try reader.list(member.value, what: "overrides") {
                    configuration.overrides.append(try reader.override(entry))
                }
            case .ignore:
                // Names of rules or categories not to run, and entries that accept findings: each by its shape.
                for entry in try reader.list(member.value, what: "ignore") {
                    if entry.string != nil {
                        try reader.ignoreRules([entry], in: &configuration.settings)
                    } else {
                        configuration.ignore.append(try reader.ignoreEntry(entry))
                    }
                }
            case .rules, .select, .extendSelect, .headers, .platforms, .serializer, .sizeLimitProfile, .environment, .dialect:
                // The settings an override takes too: read the same way at both levels.
                guard let setting = key.setting else { preconditionFailure("\(key) is a setting of overrides too") }
                try reader.setting(setting, member, into: &configuration.settings)
            }
        }
        // What this file extends comes first; this file's settings go on top.
        guard !extended.isEmpty else { return configuration }
        var base = extended.removeFirst()
        for next in extended { base = base.layered(under: next) }
        return base.layered(under: configuration)
    }

    /// Reads values with their positions and turns mistakes into errors that point at them.
    struct Reader {
        let source: SourceText
        /// Absolute: its directory anchors the globs.
        let path: String
        let shownAs: String
        let rules: [any Rule.Type]
        var directory: String { Paths.directory(of: path) }

        func error(_ message: String, at range: SourceRange) -> ConfigurationError {
            ConfigurationError(path: shownAs, position: source.position(of: range.start), message: message)
        }

        func location(_ range: SourceRange) -> String {
            let position = source.position(of: range.start)
            return "\(shownAs):\(position.line):\(position.column)"
        }

        func unknownKey<Key: CustomStringConvertible>(_ member: Member, in known: [Key], what: String) -> ConfigurationError {
            let keys = known.map(\.description)
            let suggestion = Suggestion.closest(to: member.key, in: keys).map { "; did you mean \($0)?" } ?? ""
            return error("unknown key '\(member.key)' in \(what)\(suggestion) (known: \(keys.joined(separator: ", ")))", at: member.keyRange)
        }

        func mapping(_ node: DocumentNode, what: String) throws(ConfigurationError) -> [Member] {
            guard let members = node.members else {
                throw error("\(what) must be a mapping (key: value), not \(node.kind.phrase)", at: node.range)
            }
            var seen: [String: SourceRange] = [:]
            for member in members {
                if let first = seen[member.key] {
                    let line = source.position(of: first.start).line
                    throw error("'\(member.key)' is given twice in \(what) (first on line \(line))", at: member.keyRange)
                }
                seen[member.key] = member.keyRange
            }
            return members
        }

        func list(_ node: DocumentNode, what: String) throws(ConfigurationError) -> [DocumentNode] {
            guard let elements = node.elements else {
                throw error("\(what) must be a list, not \(node.kind.phrase)", at: node.range)
            }
            return elements
        }

        func string(_ node: DocumentNode, what: String) throws(ConfigurationError) -> String {
            guard let string = node.string else {
                throw error("\(what) must be a string, not \(node.kind.phrase)", at: node.range)
            }
            return string
        }

        /// One string or a list of them.
        func strings(_ node: DocumentNode, what: String) throws(ConfigurationError) -> [(String, SourceRange)] {
            if node.string != nil { return [(try string(node, what: what), node.range)] }
            guard let elements = node.elements else {
                throw error("\(what) must be a string or a list of strings, not \(node.kind.phrase)", at: node.range)
            }
            var result: [(String, SourceRange)] = []
            for element in elements { result.append((try string(element, what: "each entry of \(what)"), element.range)) }
            return result
        }

        /// `app:`: a path, a list of paths, `{path: …, targets: […]}`, or false. The app is read here, once: a project
        /// that cannot be read is an error at the key.
        func app(_ node: DocumentNode) throws(ConfigurationError) -> AppSetting {
            if node.bool == false { return .none }
            var paths: [(String, SourceRange)]
            var targets: [String] = []
            if let members = node.members {
                for member in members where !["path", "targets"].contains(member.key) {
                    throw unknownKey(member, in: ["path", "targets"], what: "app")
                }
                guard let path = members.last(where: { $0.key == "path" }) else {
                    throw error("app needs a path: {path: MyApp.xcodeproj, targets: [MyApp]}", at: node.range)
                }
                paths = try strings(path.value, what: "app's path")
                if let names = members.last(where: { $0.key == "targets" }) { targets = try strings(names.value, what: "app's targets").map(\.0) }
            } else {
                paths = try strings(node, what: "app")
            }
            do {
                let context = try AppReading.read(paths.map { Paths.absolute($0.0, relativeTo: directory) }, targets: targets)
                return .read(context, from: "app: in \(shownAs)")
            } catch {
                throw self.error("app: \(error.description)", at: paths.first?.1 ?? node.range)
            }
        }

        func globs(_ node: DocumentNode, what: String) throws(ConfigurationError) -> [Glob] {
            try strings(node, what: what).map { pattern, range throws(ConfigurationError) in
                guard !pattern.isEmpty else { throw error("an empty glob in \(what) matches nothing", at: range) }
                return Glob(pattern, relativeTo: directory)
            }
        }

        func choice<T: RawRepresentable & CaseIterable>(_ node: DocumentNode, what: String, as type: T.Type) throws(ConfigurationError) -> T
        where T.RawValue == String {
            let text = try string(node, what: what)
            guard let value = T(rawValue: text) else {
                let names = T.allCases.map(\.rawValue)
                let suggestion = Suggestion.closest(to: text, in: names).map { "; did you mean \($0)?" } ?? ""
                throw error("'\(text)' is not a \(what)\(suggestion) (one of \(names.joined(separator: ", ")))", at: node.range)
            }
            return value
        }

        /// A setting that may appear at the top and in overrides (`key`, not `files`), read from `member`.
        func setting(_ key: OverrideKey, _ member: Member, into settings: inout Settings) throws(ConfigurationError) {
            switch key {
            case .files:
                preconditionFailure("files says where an override applies: it is no setting")
            case .rules:
                for entry in try mapping(member.value, what: "rules") {
                    var setting = try ruleSetting(entry)
                    // Off ignores the rule in this layer, and a severity selects it (as extend-select would), so that
                    // a layer above may turn it on or off again.
                    if setting.level == .off {
                        setting.level = nil
                        settings.selections.changeLayer { $0.ignore.append(.rule(entry.key)) }
                    } else if setting.level != nil {
                        settings.selections.changeLayer { $0.extendSelect.append(.rule(entry.key)) }
                    }
                    if setting != RuleSetting() { settings.rules[entry.key] = setting }
                }
            case .select:
                let selectors = try selectors(member.value, what: "select")
                settings.selections.changeLayer { $0.select = selectors }
            case .extendSelect:
                let selectors = try selectors(member.value, what: "extend-select")
                settings.selections.changeLayer { $0.extendSelect += selectors }
            case .ignore:
                try ignoreRules(member.value.elements ?? [member.value], in: &settings)
            case .headers:
                for entry in try mapping(member.value, what: "headers") {
                    try settings.headers.append(header(entry))
                }
            case .platforms:
                var platforms = Set<RuleOptions.Platform>()
                for node in member.value.elements ?? [member.value] {
                    platforms.insert(try choice(node, what: "platform", as: RuleOptions.Platform.self))
                }
                settings.platforms = platforms
            case .serializer:
                settings.serializer = try choice(member.value, what: "serializer", as: WireSerializer.Style.self)
            case .sizeLimitProfile:
                settings.sizeLimitProfile = try choice(member.value, what: "size-limit-profile", as: RuleOptions.SizeLimitProfile.self)
            case .dialect:
                settings.dialect = try choice(member.value, what: "dialect", as: Dialect.self)
            case .environment:
                settings.environment = try choice(member.value, what: "environment", as: APNsEnvironment.self)
            }
        }

        /// The rule ids and categories of `select` or `extend-select`: one or a list.
        func selectors(_ node: DocumentNode, what: String) throws(ConfigurationError) -> [RuleSelector] {
            try strings(node, what: what).map { text, range throws(ConfigurationError) in try selector(text, at: range) }
        }

        func selector(_ text: String, at range: SourceRange) throws(ConfigurationError) -> RuleSelector {
            do { return try RuleSelector(parsing: text, rules: rules) } catch { throw self.error(error.description, at: range) }
        }

        /// `ignore`'s rule ids and categories (`nodes`: its strings), added to this layer's selection. A rule that
        /// cannot be turned off, named by its id, is an error; a category leaves it on.
        func ignoreRules(_ nodes: [DocumentNode], in settings: inout Settings) throws(ConfigurationError) {
            for node in nodes {
                guard let text = node.string else {
                    throw error("each entry of ignore in an override must be a rule id or a category, not \(node.kind.phrase) (an entry that accepts findings, with file and reason, belongs in the top-level ignore)",
                                at: node.range)
                }
                let selector = try selector(text, at: node.range)
                if case .rule(let id) = selector, let rule = rules.first(where: { $0.id == id }), rule.alwaysRuns {
                    throw error(RuleSelection.cannotBeTurnedOff(rule), at: node.range)
                }
                settings.selections.changeLayer { $0.ignore.append(selector) }
            }
        }

        func rule(_ id: String, at range: SourceRange) throws(ConfigurationError) -> any Rule.Type {
            guard let rule = rules.first(where: { $0.id == id }) else {
                let suggestion = Suggestion.question(Suggestion.matches(for: id, in: rules.map { $0.id }), quoted: false).map { "; \($0)" } ?? ""
                throw error("unknown rule '\(id)'\(suggestion) (`apns-lint rules` lists them)", at: range)
            }
            return rule
        }

        func ruleSetting(_ entry: Member) throws(ConfigurationError) -> RuleSetting {
            let rule = try rule(entry.key, at: entry.keyRange)
            var setting = RuleSetting()
            if entry.value.string != nil {
                setting.level = try level(entry.value, rule: rule)
                return setting
            }
            guard entry.value.members != nil else {
                throw error("\(rule.id) takes off, info, warning or error, or a mapping with severity and options, not \(entry.value.kind.phrase)",
                            at: entry.value.range)
            }
            for member in try mapping(entry.value, what: rule.id) {
                if member.key == "severity" {
                    setting.level = try level(member.value, rule: rule)
                    continue
                }
                guard let option = rule.descriptor.options.first(where: { $0.name == member.key }) else {
                    let known = ["severity"] + rule.descriptor.options.map(\.name)
                    throw unknownKey(member, in: known, what: "the settings of \(rule.id)")
                }
                guard let value = member.value.number?.doubleValue else {
                    throw error("\(rule.id)'s \(option.name) must be a number, not \(member.value.kind.phrase)", at: member.value.range)
                }
                guard option.allowed.contains(value) else {
                    throw error("\(rule.id)'s \(option.name) must be between \(decimalText(option.allowed.lowerBound)) and \(decimalText(option.allowed.upperBound)), not \(member.value.shortDescription)",
                                at: member.value.range)
                }
                setting.options[option.name] = value
            }
            return setting
        }

        func level(_ node: DocumentNode, rule: any Rule.Type) throws(ConfigurationError) -> RuleLevel {
            let level = try choice(node, what: "severity", as: RuleLevel.self)
            if level == .off, rule.alwaysRuns {
                throw error(RuleSelection.cannotBeTurnedOff(rule), at: node.range)
            }
            return level
        }

        func header(_ entry: Member) throws(ConfigurationError) -> HeaderOption {
            let name = entry.key.lowercased()
            let known = Schema.headers.map(\.name)
            guard known.contains(name) else {
                let suggestion = Suggestion.closest(to: name, in: known).map { "; did you mean \($0)?" } ?? ""
                throw error("unknown header '\(entry.key)'\(suggestion) (known: \(known.joined(separator: ", ")))", at: entry.keyRange)
            }
            let value: String
            if let string = entry.value.string {
                value = string
            } else if let number = entry.value.number {
                value = number.text
            } else {
                throw error("the value of header \(name) must be a string or a number, not \(entry.value.kind.phrase)", at: entry.value.range)
            }
            let position = source.position(of: entry.value.range.start)
            return HeaderOption(name: name, value: value,
                                configuredAt: ExternalLocation(path: shownAs, absolutePath: path, line: position.line, column: position.column))
        }

        func override(_ node: DocumentNode) throws(ConfigurationError) -> Override {
            var files: [Glob]?
            var settings = Settings()
            for member in try mapping(node, what: "an override") {
                guard let key = OverrideKey(rawValue: member.key) else {
                    throw unknownKey(member, in: OverrideKey.allCases, what: "an override")
                }
                if key == .files {
                    files = try globs(member.value, what: "files")
                } else {
                    try setting(key, member, into: &settings)
                }
            }
            guard let files, !files.isEmpty else {
                throw error("an override needs files: the globs of the files it applies to", at: node.range)
            }
            return Override(files: files, settings: settings)
        }

        func ignoreEntry(_ node: DocumentNode) throws(ConfigurationError) -> IgnoreEntry {
            var files: [Glob] = [], ids: Set<String> = [], pointer: JSONPointer?, reason = ""
            for member in try mapping(node, what: "an ignore entry") {
                guard let key = IgnoreEntryKey(rawValue: member.key) else {
                    throw unknownKey(member, in: IgnoreEntryKey.allCases, what: "an ignore entry")
                }
                switch key {
                case .file:
                    files = try globs(member.value, what: "file")
                case .rule:
                    for (id, range) in try strings(member.value, what: "rule") { ids.insert(try rule(id, at: range).id) }
                case .pointer:
                    let text = try string(member.value, what: "pointer")
                    guard let parsed = JSONPointer(parsing: text) else {
                        throw error("'\(text)' is not a JSON Pointer: it starts with / (like /aps/alert/loc-args), or is empty for the whole file",
                                    at: member.value.range)
                    }
                    pointer = parsed
                case .reason:
                    reason = String(try string(member.value, what: "reason").trimmingWhitespace())
                }
            }
            if files.isEmpty { throw error("an ignore entry needs file: the globs of the files it applies to", at: node.range) }
            if ids.isEmpty { throw error("an ignore entry needs rule: the ids of the rules whose findings it accepts", at: node.range) }
            if reason.isEmpty { throw error("an ignore entry needs a reason: why these findings are accepted", at: node.range) }
            return IgnoreEntry(files: files, rules: ids, pointer: pointer, reason: reason, location: location(node.range))
        }
    }
}

extension Configuration {
    /// `layer`'s configuration on top of this one: its settings win, lists of globs, overrides and ignore entries
    /// add up, and its `include` (when it has one) replaces this one's.
    func layered(under layer: Configuration) -> Configuration {
        Configuration(settings: settings.applying(layer.settings), overrides: overrides + layer.overrides,
                      include: layer.include.isEmpty ? include : layer.include, exclude: exclude + layer.exclude,
                      ignore: ignore + layer.ignore, sources: layer.sources + sources)
    }
}

extension JSONPointer {
    /// Parses RFC 6901 text: "" is the whole document, otherwise "/"-separated tokens with ~1 for / and ~0 for ~.
    public init?(parsing text: String) {
        if text.isEmpty {
            self.init()
            return
        }
        guard text.hasPrefix("/") else { return nil }
        let tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).replacing("~1", with: "/").replacing("~0", with: "~")
        }
        self.init(tokens)
    }
}

extension [RuleSelection] {
    /// Changes the selection of the one layer a configuration file (or an override, or the command line) is read into.
    mutating func changeLayer(_ change: (inout RuleSelection) -> Void) {
        if isEmpty { append(RuleSelection()) }
        change(&self[count - 1])
    }
}
