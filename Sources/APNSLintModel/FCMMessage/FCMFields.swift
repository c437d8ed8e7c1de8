import APNSLintSyntax

/// One field of an FCM HTTP v1 message, written once for everything that reads it: the FCM dialect (which builds the
/// APNs request from the message) and the FCM rules (which check the message).
///
/// FCM reads the message as protobuf's JSON mapping does: a field may be written by its proto name (`fcm_options`)
/// or by its lowerCamelCase JSON name (`fcmOptions`), and both mean the same field
/// (protobuf.dev/programming-guides/proto3/#json: "the parser accepts both the lowerCamelCase name (or the one
/// specified by the json_name option) and the original proto field name"). A field written in both spellings is read
/// once, the one written last (what FCM's parser does with such a message is not documented).
public struct FCMField: Sendable, Hashable {
    /// The proto name, as FCM's reference writes it (`fcm_options`).
    public let name: String
    /// The lowerCamelCase name protobuf's JSON writes (`fcmOptions`); the same as `name` for a one-word field.
    public let jsonName: String
    public let type: ValueType

    init(_ name: String, _ type: ValueType) {
        self.name = name
        self.type = type
        var camel = ""
        var upper = false
        for character in name {
            if character == "_" { upper = true; continue }
            camel += upper ? character.uppercased() : String(character)
            upper = false
        }
        jsonName = camel
    }

    /// Both spellings, the proto name first (one when they are the same).
    public var spellings: [String] { name == jsonName ? [name] : [name, jsonName] }

    /// Whether `key` is this field in either spelling.
    public func isSpelled(by key: String) -> Bool { key == name || key == jsonName }

    /// The member that counts among `members` (the last written, in either spelling).
    public func member(in members: [Member]) -> Member? { members.last { isSpelled(by: $0.key) } }

    /// The value that counts among `members`.
    public func value(in members: [Member]) -> DocumentNode? { member(in: members)?.value }
}

/// The fields of FCM's HTTP v1 message (firebase.google.com/docs/reference/fcm/rest/v1/projects.messages, read
/// 2026-11), one constant each: code that reads a field names its constant, so a misspelt name does not compile and
/// the two spellings cannot drift apart.
public enum FCMKey {
    // The send request (`projects.messages.send`'s body).
    public static let validateOnly = FCMField("validate_only", .boolean)
    public static let message = FCMField("message", .object)
    // Message.
    public static let name = FCMField("name", .string)
    public static let data = FCMField("data", .object)
    public static let notification = FCMField("notification", .object)
    public static let android = FCMField("android", .object)
    public static let webpush = FCMField("webpush", .object)
    public static let apns = FCMField("apns", .object)
    public static let fcmOptions = FCMField("fcm_options", .object)
    public static let token = FCMField("token", .string)
    public static let topic = FCMField("topic", .string)
    public static let condition = FCMField("condition", .string)
    /// A Firebase installation ID as the target (a newer field of the v1 API).
    public static let fid = FCMField("fid", .string)
    /// Android's second config (a newer field of the v1 API).
    public static let androidV2 = FCMField("androidV2", .object)
    // Notification (and AndroidNotification's fields of the same name).
    public static let title = FCMField("title", .string)
    public static let body = FCMField("body", .string)
    public static let image = FCMField("image", .string)
    // ApnsConfig (`live_activity_token`: FCM's Live Activity support, 2024).
    public static let headers = FCMField("headers", .object)
    public static let payload = FCMField("payload", .object)
    public static let liveActivityToken = FCMField("live_activity_token", .string)
    // FcmOptions and ApnsFcmOptions.
    public static let analyticsLabel = FCMField("analytics_label", .string)
    // AndroidConfig.
    public static let collapseKey = FCMField("collapse_key", .string)
    public static let priority = FCMField("priority", .string)
    public static let ttl = FCMField("ttl", .string)
    public static let restrictedPackageName = FCMField("restricted_package_name", .string)
    public static let directBootOK = FCMField("direct_boot_ok", .boolean)
    // AndroidNotification.
    public static let icon = FCMField("icon", .string)
    public static let color = FCMField("color", .string)
    public static let sound = FCMField("sound", .string)
    public static let tag = FCMField("tag", .string)
    public static let clickAction = FCMField("click_action", .string)
    public static let bodyLocKey = FCMField("body_loc_key", .string)
    public static let bodyLocArgs = FCMField("body_loc_args", .stringArray)
    public static let titleLocKey = FCMField("title_loc_key", .string)
    public static let titleLocArgs = FCMField("title_loc_args", .stringArray)
    public static let channelID = FCMField("channel_id", .string)
    public static let ticker = FCMField("ticker", .string)
    public static let sticky = FCMField("sticky", .boolean)
    public static let lightSettings = FCMField("light_settings", .object)
}

/// One object of an FCM message: where it is (`message.apns`), its fields, and the key list a `FieldSet` binds it
/// with, which holds each field in both spellings.
public struct FCMPart: Sendable {
    /// Where the object is, as FCM's errors name it (`message.apns`).
    public let place: String
    public let fields: [FCMField]
    /// Every field in both spellings, for `FieldSet`.
    public let schema: KeyList

    init(_ place: String, _ fields: [FCMField]) {
        self.place = place
        self.fields = fields
        schema = KeyList(fields.flatMap { field in field.spellings.map { KeySpec($0, field.type) } })
    }

    /// The proto names, as FCM's reference lists them.
    public var names: [String] { fields.map(\.name) }

    /// Every key the part reads, in both spellings.
    public var keys: Set<String> { Set(fields.flatMap(\.spellings)) }

    /// The field `key` spells, in either spelling.
    public func field(spelledBy key: String) -> FCMField? { fields.first { $0.isSpelled(by: key) } }
}

/// The parts of an FCM HTTP v1 message that apns-lint knows (the parts a Skygear definition produces, and their
/// siblings).
public enum FCMSchema {
    /// `data` (and `apns.headers`, `apns.payload`): keys of the user's, none of which the schema knows.
    public static let data = FCMPart("message.data", [])
    /// The send request (`projects.messages.send`'s body).
    public static let request = FCMPart("the request", [FCMKey.validateOnly, FCMKey.message])
    public static let message = FCMPart("message", [
        FCMKey.notification, FCMKey.android, FCMKey.data, FCMKey.apns, FCMKey.webpush, FCMKey.fcmOptions,
        FCMKey.token, FCMKey.topic, FCMKey.condition, FCMKey.name, FCMKey.fid, FCMKey.androidV2,
    ])
    /// `ApnsConfig`.
    public static let apns = FCMPart("message.apns", [FCMKey.headers, FCMKey.payload, FCMKey.fcmOptions, FCMKey.liveActivityToken])
    /// `ApnsFcmOptions`.
    public static let apnsFcmOptions = FCMPart("message.apns.fcm_options", [FCMKey.analyticsLabel, FCMKey.image])
    /// The message's own `FcmOptions` (which has only `analytics_label`).
    public static let fcmOptions = FCMPart("message.fcm_options", [FCMKey.analyticsLabel])
    public static let notification = FCMPart("message.notification", [FCMKey.title, FCMKey.body, FCMKey.image])
    public static let android = FCMPart("message.android", [
        FCMKey.collapseKey, FCMKey.priority, FCMKey.ttl, FCMKey.restrictedPackageName, FCMKey.data, FCMKey.notification,
        FCMKey.fcmOptions, FCMKey.directBootOK,
    ])
    public static let androidNotification = FCMPart("message.android.notification", [
        FCMKey.title, FCMKey.body, FCMKey.icon, FCMKey.color, FCMKey.sound, FCMKey.tag, FCMKey.clickAction,
        FCMKey.bodyLocKey, FCMKey.bodyLocArgs, FCMKey.titleLocKey, FCMKey.titleLocArgs, FCMKey.channelID,
        FCMKey.ticker, FCMKey.sticky, FCMKey.image, FCMKey.lightSettings,
    ])
}

extension FieldSet {
    /// The FCM field `key` in either spelling: of the two, the one written last counts.
    public subscript(fcm key: FCMField) -> Field? {
        guard key.name != key.jsonName else { return self[key.name] }
        switch (self[key.name], self[key.jsonName]) {
        case (let snake?, let camel?): return snake.index > camel.index ? snake : camel
        case (let snake, let camel): return snake ?? camel
        }
    }
}
