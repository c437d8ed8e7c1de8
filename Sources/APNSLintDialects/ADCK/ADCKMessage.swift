import APNSLintModel
import APNSLintSyntax

/// `ADCK::Message.new(options)` (message.rb:12-22, 154-168 at ADCK 0.2.0): which member of the definition ends up in
/// each of Message's fields, and what the constructor drops or refuses. The definition's keys are the options;
/// `device_token` is the token `Notification.new` is given with the message.
struct ADCKMessage {
    /// Message's fields, in the order `set_values_from_arg` sets them (FIELDS, message.rb:3-8; the hash of
    /// `alert` sets the alert fields again, after them, message.rb:55-57).
    enum Field: String, CaseIterable {
        case body, actionLocKey = "action_loc_key", locKey = "loc_key", locArgs = "loc_args", launchImage = "launch_image"
        case badge, sound, other

        /// ALERT_FIELDS (message.rb:3-5): what an `alert` hash sets.
        static let alertFields: [Field] = [.body, .actionLocKey, .locKey, .locArgs, .launchImage]

        /// The key ADCK writes for the field (message.rb:39-50, 68-70); `other` has none (its keys go beside `aps`).
        var sentKey: String { String(rawValue.map { $0 == "_" ? "-" : $0 }) }
    }

    /// The member that set a field, and where it is in the definition.
    struct Setting {
        let member: Member
        let pointer: JSONPointer
        var value: DocumentNode { member.value }
        /// How messages name the option: `body`, `alert.body`, `alert` (a string alert is the body).
        var name: String { pointer.tokens.joined(separator: ".") }
    }

    /// The options that are not fields: read once by the constructor (message.rb:14-16), or by `Notification`.
    static let behaviourOptions = ["truncate", "validate", "freeze"]
    static let deviceTokenOption = "device_token"
    static let alertOption = "alert"
    /// Every key a definition may hold.
    static let options: [String] = Field.allCases.map(\.rawValue) + [alertOption] + behaviourOptions + [deviceTokenOption]

    private(set) var settings: [Field: Setting] = [:]
    /// `validate`, `truncate` (message.rb:14, 16) and the device token, as the parsed options hold them.
    private(set) var validate: Member?
    private(set) var truncate: Member?
    private(set) var deviceToken: Member?
    /// The `alert` option, when it is a string or an object: the alert ADCK writes points at it.
    private(set) var alert: Member?
    /// What the constructor drops or raises.
    private(set) var notes: [DialectNote] = []
    /// The option keys, written in ADCK's spelling: no fix renames them.
    private(set) var optionKeys: [SourceRange] = []

    subscript(field: Field) -> Setting? { settings[field] }

    var alertKeyRange: SourceRange? { alert?.keyRange }
    var alertValueRange: SourceRange? { alert?.value.range }

    /// `Message.new(hash)`.
    init(options written: [Member]) {
        // The caller's JSON.parse keeps one value per key: the last one written.
        let options = RubyJSON.parsedMembers(written)
        func option(_ name: String) -> Member? { options.first { $0.key == name } }
        for member in options where !Self.options.contains(member.key) {
            let suggestion = Suggestion.closest(to: member.key, in: Self.options).map { "did you mean \"\($0)\"? " } ?? ""
            notes.append(DialectNote(
                kind: .droppedKey,
                message: "\"\(member.key)\" is not an ADCK Message option, so nothing of it is sent",
                help: suggestion + "the options are \(Self.options.joined(separator: ", ")); custom data goes in \"other\"",
                range: member.keyRange, pointer: JSONPointer([member.key])))
        }
        optionKeys = options.filter { Self.options.contains($0.key) }.map(\.keyRange)
        validate = option("validate")
        truncate = option("truncate")
        deviceToken = option(Self.deviceTokenOption)

        for field in Field.alertFields {
            if let member = option(field.rawValue) { set(field, member, at: [field.rawValue]) }
        }
        if let alert = option(Self.alertOption) { setAlert(alert) }
        for field in [Field.badge, .sound, .other] {
            if let member = option(field.rawValue) { set(field, member, at: [field.rawValue]) }
        }
        // message.rb:75: the constructor measures other.merge(...) at once, so an `other` that is not a Hash
        // (null too: it replaces the default {} of message.rb:19) fails here.
        if let other = settings[.other], other.value.members == nil {
            notes.append(DialectNote(
                kind: .libraryError,
                message: "\"other\" is \(RubyJSON.phrase(of: other.value)), not an object: ADCK::Message.new raises NoMethodError (undefined method `merge' for \(RubyJSON.receiver(other.value))) when it measures the payload (message.rb:75), so nothing is sent",
                help: "write other as an object of custom keys, such as {\"id\": 42}, or leave it out when there is no custom data",
                range: other.member.keyRange, pointer: other.pointer))
        }
    }

    /// `Message.new("text")` (message.rb:155-156): the string is the body.
    init(body: DocumentNode) {
        settings[.body] = Setting(member: Member(key: Field.body.rawValue, keyRange: body.range, value: body), pointer: .root)
    }

    /// `alert=` (message.rb:55-57): a string is the body; a hash sets the alert fields it holds, over what the
    /// options beside it set; anything else makes the constructor raise.
    private mutating func setAlert(_ alert: Member) {
        switch alert.value.value {
        case .string:
            self.alert = alert
            set(.body, alert, at: [Self.alertOption])
        case .object(let written):
            self.alert = alert
            // The harness of the recorded outputs, like a Ruby caller, gives the alert hash's keys as symbols.
            let members = RubyJSON.parsedMembers(written)
            let names = Field.alertFields.map(\.rawValue)
            for field in Field.alertFields {
                if let member = members.first(where: { $0.key == field.rawValue }) { set(field, member, at: [Self.alertOption, field.rawValue]) }
            }
            optionKeys += members.filter { names.contains($0.key) }.map(\.keyRange)
            for member in members where !names.contains(member.key) {
                let suggestion = Suggestion.closest(to: member.key, in: names).map { "did you mean \"\($0)\"? " } ?? ""
                notes.append(DialectNote(
                    kind: .droppedKey,
                    message: "\"\(member.key)\" in alert is not one of the alert options ADCK reads (\(names.joined(separator: ", "))), so nothing of it is sent",
                    help: suggestion + "ADCK 0.2.0 sends no other alert keys (no title, no subtitle)",
                    range: member.keyRange, pointer: JSONPointer([Self.alertOption, member.key])))
            }
        default:
            notes.append(DialectNote(
                kind: .libraryError,
                message: "\"alert\" is \(RubyJSON.phrase(of: alert.value)): ADCK::Message.new raises RuntimeError (Message needs to have either a hash or string) for an alert that is neither a string nor an object (message.rb:55-56, 164), so nothing is sent",
                help: "write alert as a string (the body) or as an object of body, action_loc_key, loc_key, loc_args, launch_image",
                range: alert.keyRange, pointer: JSONPointer([Self.alertOption])))
        }
    }

    /// A setter: a later one replaces what an earlier one set (the options beside `alert`, then its hash).
    private mutating func set(_ field: Field, _ member: Member, at pointer: [String]) {
        let setting = Setting(member: member, pointer: JSONPointer(pointer))
        if let earlier = settings[field] {
            notes.append(DialectNote(
                kind: .droppedKey,
                message: "\"\(earlier.name)\" is replaced by \"\(setting.name)\": ADCK sets the options of an alert object after the options beside it (message.rb:6-8, 158), so \(earlier.value.shortDescription) is not sent",
                help: "give \(field.rawValue) once",
                range: earlier.member.keyRange, pointer: earlier.pointer))
        }
        settings[field] = setting
    }
}
