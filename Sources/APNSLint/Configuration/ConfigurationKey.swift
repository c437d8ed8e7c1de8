import APNSLintDialects
import APNSLintModel
import APNSLintRules

// The keys of `.apns-lint.yml`, each named and described once: the reader switches over these enums (so a key added
// here must be read), its unknown-key messages list them, the JSON Schema describes them (`ConfigurationSchema`),
// and `apns-lint config` writes their names.

/// A key at the top of a configuration file, in the order the unknown-key message lists them.
public enum ConfigurationKey: String, CaseIterable, Sendable, CustomStringConvertible {
    case extends, include, exclude, rules, select
    case extendSelect = "extend-select"
    case headers, platforms, serializer
    case sizeLimitProfile = "size-limit-profile"
    case environment, dialect, app, overrides, ignore

    /// The key as written in the file.
    public var description: String { rawValue }

    /// What the key is for (the JSON Schema's description).
    public var summary: String {
        switch self {
        case .extends: "Configuration files this one builds on (paths relative to this file); this file's settings win."
        case .include: "Globs of the files to lint when searching directories, whatever they hold (default: every .json, .yaml and .yml file that looks like a notification definition, every Simulator .apns file, and every .erl, .eterm, .term and .config file)."
        case .exclude: "Globs of files and directories never linted when searching directories (and with --force-exclude, not even when named)."
        case .rules: "Per rule: off, info, warning or error, or a mapping with severity and the rule's options."
        case .select: "The rules that run, by id or category (\(RuleCategory.allCases.map(\.rawValue).joined(separator: ", "))), instead of every rule; a rule id wins over a category."
        case .extendSelect: "Rules (ids or categories) to run on top of those selected."
        case .headers: "Request headers for bare payloads (a definition's own headers and the command line's take precedence)."
        case .platforms: "The platforms the app runs on: ios, ipados, macos, tvos, watchos, visionos."
        case .serializer: "How the sending stack escapes JSON, for the size rules: \(WireSerializer.Style.allCases.map(\.rawValue).joined(separator: ", ")) (a library's definition is measured as the library writes it)."
        case .sizeLimitProfile: "Size limits: http2 (4096 bytes; 5120 for VoIP and broadcast) or legacy-binary (2048 bytes)."
        case .environment: "The APNs environment the definitions are sent to: development (api.sandbox.push.apple.com) or production (api.push.apple.com); a definition's own environment key wins (default: not said)."
        case .dialect: "The system format the definitions are written in: \(Dialect.allCases.map(\.rawValue).joined(separator: ", ")) (default: detected from each definition's keys)."
        case .app: "The app that receives the notifications, to check payloads against: a path (an .xcodeproj, an XcodeGen project.yml, a Swift package, or a folder holding one; relative to this file), a list of them, a mapping with path and targets, or false for none (default: the Xcode project found in this file's folder, else in the repository)."
        // Every setting an override takes, from its enum: a list written out by hand had fallen behind the reader.
        case .overrides: "Settings for some files: a list of mappings with files (globs) and any of \(OverrideKey.settings.map(\.rawValue).joined(separator: ", ")); a later match wins."
        case .ignore: "Rules that do not run (ids or categories; an id wins over a category, and ignore over select at the same level), and findings accepted on purpose: mappings with file (globs), rule (ids), an optional JSON Pointer, and a required reason."
        }
    }

    /// The same key in an override, for a setting an override may also hold (`ignore` takes only rule names there).
    var setting: OverrideKey? { OverrideKey(rawValue: rawValue).flatMap { $0 == .files ? nil : $0 } }
}

/// A key of one of `overrides`' mappings, in the order the unknown-key message lists them.
public enum OverrideKey: String, CaseIterable, Sendable, CustomStringConvertible {
    case files, rules, select
    case extendSelect = "extend-select"
    case ignore, headers, platforms, serializer
    case sizeLimitProfile = "size-limit-profile"
    case dialect, environment

    public var description: String { rawValue }

    /// The keys that set something (all but `files`, which says where the settings apply).
    static var settings: [OverrideKey] { allCases.filter { $0 != .files } }

    /// The top-level key of the same name: its meaning, except for `files` (none) and `ignore` (rule names only).
    var topLevel: ConfigurationKey? { ConfigurationKey(rawValue: rawValue) }

    public var summary: String {
        switch self {
        case .files: "Globs of the files this override applies to."
        case .ignore: "Rules (ids or categories) that do not run on these files."
        case .rules, .select, .extendSelect, .headers, .platforms, .serializer, .sizeLimitProfile, .dialect, .environment:
            topLevel?.summary ?? ""
        }
    }
}

/// A key of an `ignore` entry that accepts findings, in the order the unknown-key message lists them.
public enum IgnoreEntryKey: String, CaseIterable, Sendable, CustomStringConvertible {
    case file, rule, pointer, reason

    public var description: String { rawValue }

    public var summary: String {
        switch self {
        case .file: "Globs of the files the entry applies to."
        case .rule: "The rule ids whose findings are accepted."
        case .pointer: "A JSON Pointer: only findings at this value or inside it (default: the whole file)."
        case .reason: "Why these findings are accepted."
        }
    }

    /// Whether an entry must have it.
    var isRequired: Bool { self != .pointer }
}
