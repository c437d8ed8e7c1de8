import APNSLintSyntax

/// An FCM HTTP v1 message (`{"message": {...}}`'s inner object): one a user wrote (an FCM send request), or one a
/// Skygear definition makes for Android.
///
/// Every part is bound to `Field`s, as the APNs model is: each keeps its key, value, JSON Pointer (from
/// `/message`, as the request FCM receives spells it) and the source range of what the user wrote.
public struct FCMMessage: Sendable {
    /// The message object, every value with the source range of what the user wrote.
    public let node: DocumentNode
    /// The message's own members: `notification`, `android`, `data`.
    public let fields: FieldSet

    /// Where the message sits in the request FCM receives: `{"message": {...}}`.
    public static let pointer = JSONPointer(["message"])

    /// The send request around the message (`validate_only`, `message`), when the user wrote one.
    public let request: FieldSet?
    /// True when the user wrote the message (an FCM request): its target and every key are theirs. False for one a
    /// system builds (Skygear), which adds the target itself.
    public let isWrittenByUser: Bool

    public init(node: DocumentNode, request: DocumentNode? = nil, isWrittenByUser: Bool = false) {
        self.node = node
        fields = FieldSet(node: node, pointer: Self.pointer, schema: FCMSchema.message.schema)
        self.request = request.map { FieldSet(node: $0, pointer: .root, schema: FCMSchema.request.schema) }
        self.isWrittenByUser = isWrittenByUser
    }

    public var notificationField: Field? { fields[fcm: FCMKey.notification] }
    public var androidField: Field? { fields[fcm: FCMKey.android] }
    public var dataField: Field? { fields[fcm: FCMKey.data] }
    public var apnsField: Field? { fields[fcm: FCMKey.apns] }

    /// `apns`: what FCM sends to Apple devices (`headers`, `payload`, `fcm_options`).
    public var apns: FCMApnsConfig? {
        Self.bind(apnsField, schema: FCMSchema.apns).map(FCMApnsConfig.init(fields:))
    }

    /// `notification`: what every platform shows (`title`, `body`, `image`).
    public var notification: FieldSet? { Self.bind(notificationField, schema: FCMSchema.notification) }

    /// `android`: the Android config (`priority`, `ttl`, `notification`, …).
    public var android: FCMAndroidConfig? {
        Self.bind(androidField, schema: FCMSchema.android).map(FCMAndroidConfig.init(fields:))
    }

    /// `data`: the custom key-value pairs, every one a field the schema does not know.
    public var data: FieldSet? { Self.bind(dataField, schema: FCMSchema.data) }

    /// The request body FCM receives, `{"message": {...}}`, as compact UTF-8 JSON (pretty-printed for people
    /// when asked).
    public func requestBytes(style: WireSerializer.Style = .compact, pretty: Bool = false) -> [UInt8] {
        let start = SourceRange(start: node.range.start, end: node.range.start)
        let request = DocumentNode(.object([Member(key: "message", keyRange: start, value: node)]), range: node.range)
        return pretty ? WireSerializer.prettyPrinted(request, style: style) : WireSerializer.serialize(request, style: style)
    }

    /// The message object's size as compact JSON in `style`, what `fcm-message-too-large` compares with FCM's
    /// 4096 bytes.
    public func size(style: WireSerializer.Style = .compact) -> Int {
        WireSerializer.size(of: node, style: style)
    }

    public static func bind(_ field: Field?, schema: FCMPart) -> FieldSet? {
        guard let field, field.value.members != nil else { return nil }
        return FieldSet(node: field.value, pointer: field.pointer, schema: schema.schema)
    }
}

/// The `android` object of an FCM message (`AndroidConfig`).
public struct FCMAndroidConfig: Sendable {
    public let fields: FieldSet

    public var priority: Field? { fields[fcm: FCMKey.priority] }
    public var ttl: Field? { fields[fcm: FCMKey.ttl] }
    public var notificationField: Field? { fields[fcm: FCMKey.notification] }

    /// `android.notification` (`AndroidNotification`: `channel_id`, `icon`, `sound`, `body_loc_key`, …).
    public var notification: FieldSet? { FCMMessage.bind(notificationField, schema: FCMSchema.androidNotification) }
}

/// The `apns` object of an FCM message (`ApnsConfig`).
public struct FCMApnsConfig: Sendable {
    public let fields: FieldSet

    public var headersField: Field? { fields[fcm: FCMKey.headers] }
    public var payloadField: Field? { fields[fcm: FCMKey.payload] }
    public var fcmOptionsField: Field? { fields[fcm: FCMKey.fcmOptions] }

    /// `apns.headers`: the APNs headers, every one a field the schema does not know.
    public var headers: FieldSet? { FCMMessage.bind(headersField, schema: FCMSchema.data) }
    /// `apns.payload`: the APNs payload as FCM passes it on (its keys are APNs's, not FCM's).
    public var payload: FieldSet? { FCMMessage.bind(payloadField, schema: FCMSchema.data) }
    /// `apns.fcm_options` or `apns.fcmOptions` (`analytics_label`, `image`).
    public var fcmOptions: FieldSet? { FCMMessage.bind(fcmOptionsField, schema: FCMSchema.apnsFcmOptions) }
}

/// FCM's durations (`"3.5s"`): seconds with up to nine fractional digits and the suffix `s`, as protobuf's
/// `Duration` is written in JSON.
public enum FCMDuration {
    /// The seconds `text` stands for, or nil when it is not a duration.
    public static func seconds(_ text: String) -> Double? {
        guard text.hasSuffix("s") else { return nil }
        var digits = Substring(text.dropLast())
        if digits.hasPrefix("-") { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy(\.isASCIIDigit),
              parts.count == 1 || (1...9).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit)
        else { return nil }
        return Double(text.dropLast())
    }

    /// `99999` → `"99999s"`: the duration FCM reads for a number of seconds.
    public static func text(seconds: NumberLiteral) -> String {
        "\(seconds.text)s"
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
