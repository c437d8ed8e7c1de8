/// Apple's push specification as one table the rules read and `docs/spec.md` shows: for every push type its topic,
/// priorities, size limit, payload and whether it may be a broadcast; the `reason`s APNs answers with. The keys of
/// the headers, `aps` and the alert are `HeaderKey`, `APSKey` and `AlertKey`. Each fact names the Apple page it is
/// from (`AppleSpec.Source`).
public enum AppleSpec {
    /// The values of `apns-priority` APNs takes: 10 sends now, 5 when power allows, 1 puts power first.
    public static let priorities = [10, 5, 1]
    /// The priority APNs uses when a request has no `apns-priority`.
    public static let defaultPriority = 10
    /// The most bytes of UTF-8 an `apns-collapse-id` may have.
    public static let collapseIDBytes = 64

    /// Apple's pages the table cites.
    public enum Source {
        public static let sendingRequests = "https://developer.apple.com/documentation/usernotifications/sending-notification-requests-to-apns"
        public static let handlingResponses = "https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns"
        public static let generatingNotification = "https://developer.apple.com/documentation/usernotifications/generating-a-remote-notification"
        public static let backgroundUpdates = "https://developer.apple.com/documentation/usernotifications/pushing-background-updates-to-your-app"
        public static let broadcast = "https://developer.apple.com/documentation/usernotifications/sending-broadcast-push-notification-requests-to-apns"
        public static let liveActivities = "https://developer.apple.com/documentation/activitykit/starting-and-updating-live-activities-with-activitykit-push-notifications"
        public static let pushKit = "https://developer.apple.com/documentation/pushkit/pkpushtype"
        public static let locationPush = "https://developer.apple.com/documentation/corelocation/creating-a-location-push-service-extension"
        public static let pushToTalk = "https://developer.apple.com/documentation/pushtotalk/creating-a-push-to-talk-app"
        public static let widgets = "https://developer.apple.com/documentation/widgetkit/updating-widgets-with-widgetkit-push-notifications"
        public static let mdm = "https://developer.apple.com/documentation/devicemanagement/sending-mdm-commands-to-a-device"
    }
}

/// What a push type's payload is, as Apple describes it.
public enum PayloadShape: String, Sendable, CaseIterable {
    /// `aps` with an alert, sound or badge (or nothing, for a silent update of an alert push).
    case notification
    /// `aps` holding only `content-available: 1`.
    case contentAvailableOnly
    /// A Live Activity update: `aps` with `timestamp`, `event` and `content-state`.
    case liveActivity
    /// `aps` with `content-changed: true` and nothing else.
    case contentChanged
    /// The app's own dictionary, handed to its PushKit or extension code (`aps` not read by APNs).
    case appDefined
    /// `{"mdm": "<PushMagic>"}` and nothing else.
    case mdm

    public var phrase: String {
        switch self {
        case .notification: "`aps` with alert, sound or badge"
        case .contentAvailableOnly: "`aps` with only `content-available: 1`"
        case .liveActivity: "`aps` with `timestamp`, `event`, `content-state`"
        case .contentChanged: "`aps` with `content-changed: true`"
        case .appDefined: "the app's own dictionary"
        case .mdm: "`{\"mdm\": \"<PushMagic>\"}`"
        }
    }
}

/// Apple's rules for one push type. A class: rules read it on every lint, and a reference is one retain where a copy
/// of its strings and arrays was seven (callgrind).
public final class PushTypeSpec: Sendable {
    public let type: PushType
    /// The topic is the bundle ID plus this suffix; nil: the bare bundle ID (or, for `mdm`, the MDM certificate's UID).
    public let topicSuffix: String?
    /// The priorities Apple documents for the type; those of them Apple calls an error are in `priorityErrors`.
    public let priorities: [Int]
    public let priorityErrors: [Int]
    /// The most bytes of payload APNs takes.
    public let sizeLimit: Int
    public let payload: PayloadShape
    /// The keys of `aps` that mark a payload as this type's (a Live Activity's `event` and `content-state`); empty
    /// where nothing in `aps` does. What infers a push type, and what says a payload contradicts one, reads these.
    public let markers: KeySet<APSKey>
    /// Whether a broadcast request (`apns-channel-id`) may carry it: Live Activity updates only.
    public let broadcast: Bool
    /// Where each fact is from.
    public let source: String

    init(type: PushType, topicSuffix: String?, priorities: [Int], priorityErrors: [Int], sizeLimit: Int, payload: PayloadShape,
         markers: KeySet<APSKey> = [], broadcast: Bool, source: String) {
        self.type = type
        self.topicSuffix = topicSuffix
        self.priorities = priorities
        self.priorityErrors = priorityErrors
        self.sizeLimit = sizeLimit
        self.payload = payload
        self.markers = markers
        self.broadcast = broadcast
        self.source = source
    }
}

extension PushType {
    /// The push type the keys of `aps` suggest: the first, by the strength of its evidence, whose markers the keys
    /// hold. Live Activity keys outweigh a widget's, an alert's outweigh a wake-up's.
    public static func inferred(fromAPSKeys keys: KeySet<APSKey>) -> PushType? {
        for type in inferenceOrder where keys.intersects(type.spec.markers) { return type }
        return nil
    }

    private static let inferenceOrder: [PushType] = [.liveactivity, .widgets, .pushtotalk, .alert, .background]

    /// Apple's rules for this push type (from Apple's "Sending notification requests to APNs" and the frameworks'
    /// pages), made once: rules ask on every lint.
    public var spec: PushTypeSpec { Self.specs[ordinal] }

    /// In `allCases`' order, read by `ordinal`: an array, not a dictionary, since hashing a push type hashes its name.
    private static let specs = allCases.map { $0.makeSpec() }

    private func makeSpec() -> PushTypeSpec {
        switch self {
        case .alert: PushTypeSpec(type: self, topicSuffix: nil, priorities: [10, 5, 1], priorityErrors: [], sizeLimit: 4096,
                                  payload: .notification, markers: [.alert, .badge, .sound], broadcast: false, source: AppleSpec.Source.sendingRequests)
        case .background: PushTypeSpec(type: self, topicSuffix: nil, priorities: [5], priorityErrors: [10], sizeLimit: 4096,
                                       payload: .contentAvailableOnly, markers: [.contentAvailable], broadcast: false, source: AppleSpec.Source.backgroundUpdates)
        case .location: PushTypeSpec(type: self, topicSuffix: ".location-query", priorities: [10, 5], priorityErrors: [], sizeLimit: 4096,
                                     payload: .appDefined, broadcast: false, source: AppleSpec.Source.locationPush)
        case .voip: PushTypeSpec(type: self, topicSuffix: ".voip", priorities: [10, 5], priorityErrors: [], sizeLimit: 5120,
                                 payload: .appDefined, broadcast: false, source: AppleSpec.Source.pushKit)
        case .complication: PushTypeSpec(type: self, topicSuffix: ".complication", priorities: [10, 5], priorityErrors: [], sizeLimit: 4096,
                                         payload: .appDefined, broadcast: false, source: AppleSpec.Source.pushKit)
        case .fileprovider: PushTypeSpec(type: self, topicSuffix: ".pushkit.fileprovider", priorities: [10, 5], priorityErrors: [], sizeLimit: 4096,
                                         payload: .appDefined, broadcast: false, source: AppleSpec.Source.pushKit)
        case .mdm: PushTypeSpec(type: self, topicSuffix: nil, priorities: [10, 5], priorityErrors: [], sizeLimit: 4096,
                                payload: .mdm, broadcast: false, source: AppleSpec.Source.mdm)
        case .liveactivity: PushTypeSpec(type: self, topicSuffix: ".push-type.liveactivity", priorities: [10, 5], priorityErrors: [], sizeLimit: 4096,
                                         payload: .liveActivity, markers: [.event, .contentState], broadcast: true, source: AppleSpec.Source.liveActivities)
        case .pushtotalk: PushTypeSpec(type: self, topicSuffix: ".voip-ptt", priorities: [10], priorityErrors: [], sizeLimit: 4096,
                                       payload: .appDefined, markers: [.pttPushType], broadcast: false, source: AppleSpec.Source.pushToTalk)
        case .widgets: PushTypeSpec(type: self, topicSuffix: ".push-type.widgets", priorities: [10, 5], priorityErrors: [], sizeLimit: 4096,
                                    payload: .contentChanged, markers: [.contentChanged], broadcast: false, source: AppleSpec.Source.widgets)
        case .controls: PushTypeSpec(type: self, topicSuffix: ".push-type.controls", priorities: [10, 5], priorityErrors: [], sizeLimit: 4096,
                                     payload: .contentChanged, markers: [.contentChanged], broadcast: false, source: AppleSpec.Source.widgets)
        }
    }
}

/// A `reason` APNs answers a request with, its HTTP status, which API gives it, and whether a definition can show it
/// coming (Apple, "Handling notification responses from APNs"; the broadcast API's, "Sending broadcast push
/// notification requests to APNs").
public enum APNsReason: String, Sendable, CaseIterable {
    case badCollapseId = "BadCollapseId", badDeviceToken = "BadDeviceToken", badExpirationDate = "BadExpirationDate"
    case badMessageId = "BadMessageId", badPriority = "BadPriority", badTopic = "BadTopic"
    case deviceTokenNotForTopic = "DeviceTokenNotForTopic", duplicateHeaders = "DuplicateHeaders", idleTimeout = "IdleTimeout"
    case invalidPushType = "InvalidPushType", missingDeviceToken = "MissingDeviceToken", missingTopic = "MissingTopic"
    case payloadEmpty = "PayloadEmpty", topicDisallowed = "TopicDisallowed"
    case badCertificate = "BadCertificate", badCertificateEnvironment = "BadCertificateEnvironment"
    case expiredProviderToken = "ExpiredProviderToken", forbidden = "Forbidden", invalidProviderToken = "InvalidProviderToken"
    case missingProviderToken = "MissingProviderToken", badEnvironmentKeyIdInToken = "BadEnvironmentKeyIdInToken"
    case unrelatedKeyIdInToken = "UnrelatedKeyIdInToken", badPath = "BadPath", methodNotAllowed = "MethodNotAllowed"
    case expiredToken = "ExpiredToken", unregistered = "Unregistered", payloadTooLarge = "PayloadTooLarge"
    case tooManyProviderTokenUpdates = "TooManyProviderTokenUpdates", tooManyRequests = "TooManyRequests"
    case internalServerError = "InternalServerError", serviceUnavailable = "ServiceUnavailable", shutdown = "Shutdown"
    // The broadcast API's own.
    case featureNotEnabled = "FeatureNotEnabled", missingChannelId = "MissingChannelId", badChannelId = "BadChannelId"
    case channelNotRegistered = "ChannelNotRegistered", badRequestParams = "BadRequestParams", badRequestPayload = "BadRequestPayload"
    case missingPushType = "MissingPushType", cannotCreateChannelConfig = "CannotCreateChannelConfig", topicMismatch = "TopicMismatch"

    public var status: Int {
        switch self {
        case .badCertificate, .badCertificateEnvironment, .expiredProviderToken, .forbidden, .invalidProviderToken, .missingProviderToken,
             .badEnvironmentKeyIdInToken, .unrelatedKeyIdInToken, .topicMismatch: 403
        case .badPath: 404
        case .methodNotAllowed: 405
        case .expiredToken, .unregistered: 410
        case .payloadTooLarge: 413
        case .tooManyProviderTokenUpdates, .tooManyRequests: 429
        case .internalServerError: 500
        case .serviceUnavailable, .shutdown: 503
        default: 400
        }
    }

    /// Whether only the broadcast API answers it.
    public var isBroadcastOnly: Bool {
        [.featureNotEnabled, .missingChannelId, .badChannelId, .channelNotRegistered, .badRequestParams, .badRequestPayload,
         .missingPushType, .cannotCreateChannelConfig, .topicMismatch].contains(self)
    }

    /// Why no definition can show this answer coming (it depends on the credentials, the connection, the device or the
    /// server, none of which a definition holds); nil when one can, and a rule then predicts it.
    public var notVisibleInADefinition: String? {
        switch self {
        case .idleTimeout: "the connection was idle: a property of the sender's connection"
        case .missingTopic: "required only with a token (.p8) key or a certificate for several topics; a definition does not say which the sender uses"
        case .badCertificate, .badCertificateEnvironment, .expiredProviderToken, .forbidden, .invalidProviderToken, .missingProviderToken,
             .badEnvironmentKeyIdInToken, .unrelatedKeyIdInToken, .topicMismatch:
            "the sender's credentials (certificate or provider token), which no definition holds"
        case .badPath, .methodNotAllowed: "the HTTP request line, which the sender's client writes"
        case .expiredToken, .unregistered: "the device token's state at APNs (the app was removed, or the token replaced)"
        case .tooManyProviderTokenUpdates, .tooManyRequests: "how often the sender sends"
        case .internalServerError, .serviceUnavailable, .shutdown: "APNs's own state"
        case .featureNotEnabled: "whether broadcast is enabled for the app in the developer account"
        case .missingChannelId: "a definition is a broadcast only by its apns-channel-id: without one it is a request to a device"
        case .channelNotRegistered: "whether the channel exists at APNs (the channel-management API's state)"
        case .badRequestParams, .cannotCreateChannelConfig: "requests of the channel-management API, not a push"
        default: nil
        }
    }
}

/// One cell of the spec a rule may enforce: a push type's fact, a key of the headers, `aps` or the alert, an APNs
/// reason. `docs/spec.md` shows each with the rules that enforce it, and a test holds that each has one, or a stated
/// reason why none can.
public enum SpecFact: Sendable, Hashable {
    public enum PushTypeFact: String, Sendable, CaseIterable {
        case topic, priority, sizeLimit = "size limit", payload, broadcast
    }

    case pushType(PushTypeFact)
    case header(HeaderKey)
    case aps(APSKey)
    case alert(AlertKey)
    case reason(APNsReason)

    /// Every cell of the spec.
    public static let all: [SpecFact] = PushTypeFact.allCases.map(SpecFact.pushType) + HeaderKey.allCases.map(SpecFact.header)
        + APSKey.allCases.map(SpecFact.aps) + AlertKey.allCases.map(SpecFact.alert) + APNsReason.allCases.map(SpecFact.reason)

    /// Why no rule can enforce this cell, when none can.
    public var uncheckable: String? {
        switch self {
        case .reason(let reason): reason.notVisibleInADefinition
        case .header(.authorization): "the provider token is a JWT the sender signs at send time, which no definition holds"
        case .header(.requestID): "a response header APNs sets: a request does not send it"
        default: nil
        }
    }
}

/// What Apple says of one key of `aps` or of the alert: its values, the first OS that reads it (from the availability
/// of the API that reads it: Apple dates APIs, not payload keys), and the push types that carry it.
public struct KeyFacts: Sendable {
    public let values: String
    /// The strings the key takes, when it takes only some (`interruption-level`, `event`); empty otherwise.
    public var allowed: [String] = []
    public let since: String
    public let pushTypes: [PushType]
    public let source: String

    init(values: String, since: String, pushTypes: [PushType], source: String) {
        self.values = values
        self.since = since
        self.pushTypes = pushTypes
        self.source = source
    }

    init(allowed: [String], since: String, pushTypes: [PushType], source: String) {
        self.init(values: allowed.spokenList(), since: since, pushTypes: pushTypes, source: source)
        self.allowed = allowed
    }
}

/// The values of `aps.interruption-level` (Apple, `UNNotificationInterruptionLevel`).
public enum InterruptionLevel: String, CaseIterable, Sendable {
    case passive, active, timeSensitive = "time-sensitive", critical
}

/// The values of a Live Activity's `aps.event` (Apple, ActivityKit push notifications).
public enum LiveActivityEvent: String, CaseIterable, Sendable {
    case start, update, end
}

extension AppleSpec.Source {
    public static let activityKit = liveActivities
    public static let controls = "https://developer.apple.com/documentation/widgetkit/updating-controls-locally-and-remotely"
    public static let modifyingContent = "https://developer.apple.com/documentation/usernotifications/modifying-content-in-newly-delivered-notifications"
    public static let notificationContent = "https://developer.apple.com/documentation/usernotifications/unnotificationcontent"
    public static let interruptionLevel = "https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel"
    public static let criticalSound = "https://developer.apple.com/documentation/usernotifications/unnotificationsound/criticalsoundnamed(_:)"
}

extension APSKey {
    public var facts: KeyFacts {
        typealias S = AppleSpec.Source
        return switch self {
        case .alert: KeyFacts(values: "a string, or an alert dictionary", since: "iOS 3", pushTypes: [.alert, .liveactivity], source: S.generatingNotification)
        case .badge: KeyFacts(values: "a whole number ≥ 0; 0 removes the badge", since: "iOS 3", pushTypes: [.alert], source: S.generatingNotification)
        case .sound: KeyFacts(values: "a file name or \"default\"; or {critical: 1, name, volume 0…1}", since: "iOS 3; the dictionary iOS 12",
                              pushTypes: [.alert], source: S.criticalSound)
        case .threadID: KeyFacts(values: "a string", since: "iOS 10", pushTypes: [.alert], source: S.notificationContent)
        case .category: KeyFacts(values: "a registered category's identifier", since: "iOS 8", pushTypes: [.alert], source: S.generatingNotification)
        case .contentAvailable: KeyFacts(values: "the number 1", since: "iOS 7", pushTypes: [.background, .alert], source: S.backgroundUpdates)
        case .mutableContent: KeyFacts(values: "the number 1", since: "iOS 10", pushTypes: [.alert], source: S.modifyingContent)
        case .targetContentID: KeyFacts(values: "a string", since: "iOS 13", pushTypes: [.alert], source: S.notificationContent)
        case .interruptionLevel: KeyFacts(allowed: InterruptionLevel.allCases.map(\.rawValue), since: "iOS 15", pushTypes: [.alert], source: S.interruptionLevel)
        case .relevanceScore: KeyFacts(values: "a number from 0 to 1", since: "iOS 15", pushTypes: [.alert, .liveactivity], source: S.notificationContent)
        case .filterCriteria: KeyFacts(values: "a string", since: "iOS 16", pushTypes: [.alert], source: S.notificationContent)
        case .urlArgs: KeyFacts(values: "an array of strings", since: "Safari web push (macOS)", pushTypes: [.alert], source: S.generatingNotification)
        case .timestamp: KeyFacts(values: "UNIX seconds", since: "iOS 16.1", pushTypes: [.liveactivity], source: S.activityKit)
        case .event: KeyFacts(allowed: LiveActivityEvent.allCases.map(\.rawValue), since: "iOS 16.1; start iOS 17.2", pushTypes: [.liveactivity], source: S.activityKit)
        case .contentState: KeyFacts(values: "the activity's ContentState as an object", since: "iOS 16.1", pushTypes: [.liveactivity], source: S.activityKit)
        case .staleDate: KeyFacts(values: "UNIX seconds", since: "iOS 16.2", pushTypes: [.liveactivity], source: S.activityKit)
        case .dismissalDate: KeyFacts(values: "UNIX seconds, at most 4 hours after the end", since: "iOS 16.1", pushTypes: [.liveactivity], source: S.activityKit)
        case .attributesType: KeyFacts(values: "the ActivityAttributes type's name", since: "iOS 17.2", pushTypes: [.liveactivity], source: S.activityKit)
        case .attributes: KeyFacts(values: "the activity's attributes as an object", since: "iOS 17.2", pushTypes: [.liveactivity], source: S.activityKit)
        case .inputPushToken: KeyFacts(values: "the number 1", since: "iOS 18 (libraries; not dated by Apple)", pushTypes: [.liveactivity], source: S.activityKit)
        case .inputPushChannel: KeyFacts(values: "a base64 channel ID", since: "iOS 18", pushTypes: [.liveactivity], source: S.activityKit)
        case .contentChanged: KeyFacts(values: "true", since: "iOS 18 (controls); iOS 26 (widgets)", pushTypes: [.widgets, .controls], source: S.widgets)
        case .pttPushType: KeyFacts(values: "\"service-update\"", since: "iOS 17.2", pushTypes: [.pushtotalk], source: S.pushToTalk)
        }
    }
}

extension AlertKey {
    public var facts: KeyFacts {
        let source = AppleSpec.Source.generatingNotification
        return switch self {
        case .title: KeyFacts(values: "a string", since: "iOS 8.2", pushTypes: [.alert, .liveactivity], source: source)
        case .subtitle: KeyFacts(values: "a string", since: "iOS 10", pushTypes: [.alert], source: source)
        case .body: KeyFacts(values: "a string", since: "iOS 3", pushTypes: [.alert, .liveactivity], source: source)
        case .launchImage: KeyFacts(values: "an image file name", since: "iOS 4", pushTypes: [.alert], source: source)
        case .titleLocKey, .subtitleLocKey, .locKey: KeyFacts(values: "a key of Localizable.strings", since: self == .subtitleLocKey ? "iOS 10" : self == .titleLocKey ? "iOS 8.2" : "iOS 3",
                                                              pushTypes: [.alert, .liveactivity], source: source)
        case .titleLocArgs, .subtitleLocArgs, .locArgs: KeyFacts(values: "an array of strings", since: self == .subtitleLocArgs ? "iOS 10" : self == .titleLocArgs ? "iOS 8.2" : "iOS 3",
                                                                 pushTypes: [.alert, .liveactivity], source: source)
        case .actionLocKey: KeyFacts(values: "a key of Localizable.strings, or null", since: "iOS 4 (the legacy action button)", pushTypes: [.alert], source: source)
        case .action: KeyFacts(values: "a string", since: "Safari web push (macOS)", pushTypes: [.alert], source: source)
        case .summaryArg: KeyFacts(values: "a string", since: "iOS 12; ignored since iOS 15", pushTypes: [.alert], source: source)
        case .summaryArgCount: KeyFacts(values: "a whole number ≥ 1", since: "iOS 12; ignored since iOS 15", pushTypes: [.alert], source: source)
        case .sound: KeyFacts(values: "a file name or \"default\"", since: "iOS 16.1", pushTypes: [.liveactivity], source: AppleSpec.Source.activityKit)
        }
    }
}

extension HeaderKey {
    /// What Apple says a request header holds, and the reasons APNs answers a wrong one with
    /// (`AppleSpec.Source.sendingRequests`, `.handlingResponses`, `.broadcast`).
    public var facts: (values: String, reasons: [APNsReason]) {
        switch self {
        case .pushType: ("one of the eleven push types (lowercase; a broadcast's liveactivity in any case)", [.invalidPushType, .missingPushType])
        case .priority: (AppleSpec.priorities.map(String.init).spokenList(), [.badPriority])
        case .topic: ("the bundle ID, with the push type's suffix (an MDM certificate's UID for mdm)", [.badTopic, .missingTopic, .deviceTokenNotForTopic, .topicDisallowed])
        case .id: ("a UUID, 8-4-4-4-12 hexadecimal digits", [.badMessageId])
        case .expiration: ("UNIX seconds; 0: deliver once, or never", [.badExpirationDate])
        case .collapseID: ("at most \(AppleSpec.collapseIDBytes) bytes", [.badCollapseId])
        case .authorization: ("bearer and a provider token (a JWT signed with the team's key)", [.missingProviderToken, .invalidProviderToken, .expiredProviderToken])
        case .channelID: ("the base64 channel ID the channel-management API returned", [.badChannelId, .missingChannelId])
        case .requestID: ("set by APNs in its response", [])
        }
    }
}
