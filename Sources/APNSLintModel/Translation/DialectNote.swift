import APNSLintSyntax

// What the dialect stage (APNSLintDialects) tells the layers after it about a translated definition: typed, so the
// rules say which of them reports what, and no layer looks anything up by a rule id.

/// Where a rule's request goes: APNs, or (for Skygear's Android half) FCM.
public enum DeliveryTarget: String, Sendable, Hashable, CaseIterable {
    case apns, fcm
}

/// What a system does with the requests it sends, beyond what a definition says: rules that depend on it read
/// these (a definition in a format with no push-type field cannot be told to set one).
public struct DialectCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The format has no field for `apns-push-type`: the system, not the definition, decides the push type.
    public static let decidesPushType = DialectCapabilities(rawValue: 1 << 0)
    /// The system shortens the alert until the payload fits the size limit.
    public static let truncatesToFit = DialectCapabilities(rawValue: 1 << 1)
    /// The system sends through the legacy binary interface (retired March 2021), with its 2048-byte limit.
    public static let legacyBinaryInterface = DialectCapabilities(rawValue: 1 << 2)
    /// The request goes to no APNs server but to a system with its own size limit, which its own rule checks (the
    /// Simulator counts the file's bytes): APNs's size rules do not apply.
    public static let limitsSizeItself = DialectCapabilities(rawValue: 1 << 3)
    /// The system reads the file with a JSON reader that takes a comma after the last member or element (the
    /// Simulator: Foundation's `JSONSerialization`), so a trailing comma is no syntax error there, only a file that a
    /// strict reader would refuse.
    public static let readsTrailingCommas = DialectCapabilities(rawValue: 1 << 4)
}

/// Something a dialect drops, changes or requires, found while building the request. The kind says what it is;
/// the rules layer says which rule reports it.
public struct DialectNote: Sendable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The definition declares a dialect apns-lint does not read, or mixes several systems' keys.
        case unclear
        /// A key the system does not send (not one of its fields, or a value its setter ignores).
        case droppedKey
        /// A key the system requires is missing.
        case missingKey
        /// The system shortens the alert to fit.
        case truncated
        /// The system sends through the retired binary interface.
        case legacyBinaryInterface
        /// The definition sends nothing (Skygear: no platform, or a dry run).
        case notSent
        /// A custom data key the request's own `aps` collides with.
        case reservedDataKey
        /// An alert property the library does not read (apns_json).
        case unknownAlertProperty
        /// A notification property the library does not read (apns_json).
        case unknownNotificationProperty
        /// A value of a type the library cannot send (apns_json's `extra`).
        case invalidValueType
        /// The library's documentation asks for something its code does not enforce, and the definition relies on
        /// the code (ADCK sends `loc_key` without the `loc_args` its README requires).
        case codeDiffersFromDocs
        /// The library throws (or crashes) on the definition: nothing is sent.
        case libraryError
        /// The library sends another value than the one written (a number rounded, a type converted, a value
        /// replaced or added).
        case rewrittenValue
        /// The definition is written for an API the service shut down (FCM's legacy HTTP API): nothing is sent.
        case retiredAPI
        /// SNS: a platform's value is not a JSON string, so SNS ignores it.
        case platformValueNotString
        /// SNS: a message with `MessageStructure` json has no `default` entry.
        case defaultEntryMissing
        /// SNS: a key that is not a platform SNS knows (often one in the wrong case: `apns` for `APNS`).
        case unknownPlatformKey
        /// SNS: a `Publish` request's parameter or message attribute that SNS refuses or ignores, or a message over
        /// its size limit.
        case publishParameterInvalid
        /// Simulator: an `.apns` file without "Simulator Target Bundle", which dropping it on the Simulator needs.
        case simulatorTargetBundleMissing
        /// Simulator: "Simulator Target Bundle" that is not a bundle identifier.
        case simulatorTargetBundleInvalid
        /// Simulator: a push type simctl does not deliver (VoIP, complication, File Provider, …).
        case simulatorPushUnsupported
        /// Simulator: `mutable-content` in a file given to simctl, whose Notification Service Extension does not run.
        case simulatorMutableContentIgnored
        /// Simulator: a file over the 4096 bytes simctl accepts.
        case simulatorFileTooLarge
        /// Simulator: a trailing comma, which the Simulator's reader takes and a strict JSON reader refuses.
        case simulatorTrailingComma
        /// Expo: a message or request Expo's push service refuses (a ticket or request error), so nothing is sent.
        case expoRequestInvalid
        /// Expo: a message with both the content-available flag and a title or body, which Expo sends as an alert.
        case expoBackgroundWithAlert
        /// OneSignal: a create-notification body OneSignal refuses, or a value it does not accept.
        case oneSignalRequestInvalid
        /// gorush: a push request gorush refuses (no notifications, no tokens, an unknown platform).
        case gorushRequestInvalid
        /// A request for a platform that is not Apple's (gorush's Android and Huawei entries): left to the system.
        case otherPlatform
    }

    public let kind: Kind
    public let message: String
    public let help: String
    public let range: SourceRange
    public let pointer: JSONPointer
    /// Another severity than the rule's default, for a case that is worse (or milder): SNS refuses a topic message
    /// without `default`, where a message for one endpoint may do without it.
    public let severity: Severity?

    public init(kind: Kind, message: String, help: String, range: SourceRange, pointer: JSONPointer, severity: Severity? = nil) {
        self.kind = kind
        self.message = message
        self.help = help
        self.range = range
        self.pointer = pointer
        self.severity = severity
    }
}
