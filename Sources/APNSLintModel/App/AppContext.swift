import APNSLintSyntax

/// The app that receives the notifications, as its own project says: what APNs accepts and the app would still drop
/// (a topic that is not its bundle ID, a background push to an app with no background mode, a `loc-key` its strings
/// do not have) is checked against it. Read once per run (`AppReader`) and shared by every lint: a class, so options
/// that hold it stay cheap to copy, compared by identity.
public final class AppContext: Sendable, Hashable, CustomStringConvertible {
    /// The project it was read from (`Demo.xcodeproj`, `project.yml`, `Package.swift`), for messages.
    public let project: ExternalLocation
    /// The targets that receive notifications: the app, its extensions, its watch app.
    public let targets: [AppTarget]
    /// The `Localizable` table, every language the app has.
    public let strings: LocalizedStrings
    /// Sound files in the folders of the app and its notification service extension, by file name.
    public let sounds: [String: AppSound]
    /// Notification categories the app's sources register (`UNNotificationCategory(identifier: "…")`), by identifier.
    public let categories: [String: ExternalLocation]
    /// False when a registration names its identifier with something else than a literal (a constant, a variable):
    /// then a category not found may still be registered.
    public let categoriesAreAllLiteral: Bool
    /// The `ActivityAttributes` types of the app's Swift sources, with their `ContentState`s, each where it is declared.
    public let activityTypes: [Located<ActivityAttributesType>]

    public init(project: ExternalLocation, targets: [AppTarget], strings: LocalizedStrings = LocalizedStrings(), sounds: [String: AppSound] = [:],
                categories: [String: ExternalLocation] = [:], categoriesAreAllLiteral: Bool = true, activityTypes: [Located<ActivityAttributesType>] = []) {
        self.activityTypes = activityTypes
        self.project = project
        self.targets = targets
        self.strings = strings
        self.sounds = sounds
        self.categories = categories
        self.categoriesAreAllLiteral = categoriesAreAllLiteral
    }

    /// The app target (the first, when a project has several apps), else nil.
    public var app: AppTarget? { targets.first { $0.kind == .app } }

    /// The targets whose bundle identifiers a topic may name: the app's, its extensions' (a widget's for a Live
    /// Activity, an app clip's) and its watch app's.
    public var topicTargets: [AppTarget] { targets.filter { $0.kind != .other } }

    public var hasNotificationServiceExtension: Bool { targets.contains { $0.kind == .notificationServiceExtension } }

    /// `Demo.xcodeproj (targets Demo, DemoWidgets)`.
    public var description: String {
        "\(project.path) (targets \(targets.map(\.name).joined(separator: ", ")))"
    }

    public static func == (left: AppContext, right: AppContext) -> Bool { left === right }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A value read from the app's files, and where it is written.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    public let value: Value
    public let location: ExternalLocation

    public init(_ value: Value, at location: ExternalLocation) {
        self.value = value
        self.location = location
    }
}

/// One target of the app's project.
public struct AppTarget: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case app, notificationServiceExtension, notificationContentExtension, widgetExtension, watchApp, appClip
        /// A framework, a test bundle, a tool: it receives no notification.
        case other
    }

    public let name: String
    public let kind: Kind
    /// Its bundle identifiers, one per build configuration where they differ (`com.example.app.debug`). A part that
    /// could not be resolved (`$(UNKNOWN)`) is kept as written; `BundleIdentifier.matches` reads it as any text.
    public let bundleIdentifiers: [Located<String>]
    /// `UIBackgroundModes` of its Info.plist; nil when the Info.plist is unknown (not found, or not read).
    public let backgroundModes: Located<[String]>?
    /// Where its Info.plist is, when it has one the reader found.
    public let infoPlist: ExternalLocation?
    /// `NSSupportsLiveActivities` (in the Info.plist or as a generated Info.plist's build setting).
    public let supportsLiveActivities: Located<Bool>?
    /// Its entitlements file's keys; nil when it has none set (`CODE_SIGN_ENTITLEMENTS`), or it could not be read.
    public let entitlements: Entitlements?

    public init(name: String, kind: Kind, bundleIdentifiers: [Located<String>], backgroundModes: Located<[String]>? = nil,
                infoPlist: ExternalLocation? = nil, supportsLiveActivities: Located<Bool>? = nil, entitlements: Entitlements? = nil) {
        self.name = name
        self.kind = kind
        self.bundleIdentifiers = bundleIdentifiers
        self.backgroundModes = backgroundModes
        self.infoPlist = infoPlist
        self.supportsLiveActivities = supportsLiveActivities
        self.entitlements = entitlements
    }

    public func hasBackgroundMode(_ mode: String) -> Bool { backgroundModes?.value.contains(mode) ?? false }
}

/// An entitlements file: its keys, each with its value as text (`development`, `true`) and its place.
public struct Entitlements: Sendable, Hashable {
    public let file: ExternalLocation
    public let values: [String: Located<String>]
    /// Where the project lets its build change the entitlements after this file (`CODE_SIGN_ALLOW_ENTITLEMENTS_MODIFICATION
    /// = YES`, for a script that edits the signed `.xcent`): a key the file lacks may still be signed in.
    public var modifiedByBuild: ExternalLocation?

    public init(file: ExternalLocation, values: [String: Located<String>], modifiedByBuild: ExternalLocation? = nil) {
        self.file = file
        self.values = values
        self.modifiedByBuild = modifiedByBuild
    }

    public subscript(key: String) -> Located<String>? { values[key] }

    /// Whether `key` is set to true (a boolean entitlement).
    public func isOn(_ key: String) -> Bool { values[key].map { ["true", "yes", "1"].contains($0.value.lowercased()) } ?? false }

    public static let apsEnvironment = "aps-environment"
    public static let criticalAlerts = "com.apple.developer.usernotifications.critical-alerts"
    public static let timeSensitive = "com.apple.developer.usernotifications.time-sensitive"
    public static let pushToTalk = "com.apple.developer.push-to-talk"
    public static let locationPush = "com.apple.developer.location.push"
}

/// A sound file the app bundles.
public struct AppSound: Sendable, Hashable {
    public enum Format: String, Sendable, Hashable {
        case aiff, wav, caf
        /// Another format (mp3, m4a): the device does not play it for a notification.
        case other
    }

    public let location: ExternalLocation
    public let format: Format
    /// Its length in seconds, when its header says (nil when it could not be read).
    public let seconds: Double?

    public init(location: ExternalLocation, format: Format, seconds: Double?) {
        self.location = location
        self.format = format
        self.seconds = seconds
    }
}

/// The app's `Localizable` strings, in every language it has.
public struct LocalizedStrings: Sendable, Hashable {
    /// Key → its string in each language.
    public let entries: [String: [LocalizedString]]
    /// The languages the app has strings for, sorted.
    public let languages: [String]

    public init(entries: [String: [LocalizedString]] = [:], languages: [String] = []) {
        self.entries = entries
        self.languages = languages
    }

    public var isEmpty: Bool { languages.isEmpty }
}

/// One key's string in one language.
public struct LocalizedString: Sendable, Hashable {
    public let language: String
    /// The text (a plural rule's `other` form for a `.stringsdict` or a plural `.xcstrings` entry).
    public let text: String
    /// How many of `loc-args` the string uses: its highest position (`%2$@`), else its number of specifiers.
    public let argumentCount: Int
    /// False for a plural entry, whose count comes from an argument a format rule picks: its count is a lower bound.
    public let isExact: Bool
    public let location: ExternalLocation

    public init(language: String, text: String, argumentCount: Int, isExact: Bool = true, location: ExternalLocation) {
        self.language = language
        self.text = text
        self.argumentCount = argumentCount
        self.isExact = isExact
        self.location = location
    }
}

/// A bundle identifier as the project writes it, unresolved parts (`$(SUFFIX)`) standing for any text.
public enum BundleIdentifier {
    /// Whether `topic` (without a push type's suffix) is `written`.
    public static func matches(_ topic: String, _ written: String) -> Bool {
        guard written.contains("$") else { return topic == written }
        // The literal parts between unresolved settings (`$(X)`, `${X}`); each setting matches any run of characters.
        var parts: [Substring] = []
        var rest = Substring(written)
        while let dollar = rest.firstIndex(of: "$"), let open = rest[rest.index(after: dollar)...].first, open == "(" || open == "{" {
            let close: Character = open == "(" ? ")" : "}"
            guard let end = rest[dollar...].firstIndex(of: close) else { return false }
            parts.append(rest[..<dollar])
            rest = rest[rest.index(after: end)...]
        }
        parts.append(rest)
        return matches(Substring(topic), parts[...])
    }

    private static func matches(_ text: Substring, _ parts: ArraySlice<Substring>) -> Bool {
        guard let first = parts.first else { return text.isEmpty }
        guard text.hasPrefix(first) else { return false }
        let rest = text.dropFirst(first.count)
        if parts.count == 1 { return rest.isEmpty }
        // The wildcard before the next literal part: try every split (identifiers are short).
        var index = rest.startIndex
        while true {
            if matches(rest[index...], parts.dropFirst()) { return true }
            guard index < rest.endIndex else { return false }
            index = rest.index(after: index)
        }
    }
}
