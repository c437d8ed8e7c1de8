import APNSLintModel
import APNSLintSyntax

/// The ADCK Ruby gem's `Message` options plus a device token, turned into what ADCK 0.2.0
/// (delight-labs/ADCK@e7d9714f619b7682b27a624d5fa54b1b495ad83a) sends:
///
///     {body: "Cute Kitty!", badge: 5, sound: default, device_token: "<0f3c8d2e 9a7b6c5d>"}
///     → :path /3/device/0f3c8d2e9a7b6c5d, {"aps":{"alert":{"body":"Cute Kitty!"},"badge":5,"sound":"default"}}
///
/// `ADCKMessage` is `Message.new` (which option sets which field), `ADCKPackage` is `Message#package` (the payload
/// as `to_json` writes it, cut by `truncate`, refused by `validate!`), `ADCKDeviceToken` is
/// `Notification#packaged_token`. What ADCK raises is a `libraryError` at the user's key: nothing is sent. ADCK
/// speaks the legacy binary interface, which has no headers and a 2048-byte limit (and ADCK's own is 255).
enum ADCKDialect {
    static var knownKeys: [String] { ADCKMessage.options }
    static let distinctiveKeys: Set<String> = ["action_loc_key", "loc_key", "loc_args", "launch_image", "truncate", "validate", "freeze",
                                               ADCKMessage.deviceTokenOption]

    static func translate(_ document: DocumentNode) -> DialectTranslation {
        var request = RequestBuilder(for: document)
        let message: ADCKMessage
        var notes: [DialectNote] = []
        switch document.value {
        case .object(let members):
            message = ADCKMessage(options: members)
        case .string:
            // message.rb:13, 155: Message.new("POPUP!") is the message with that body.
            message = ADCKMessage(body: document)
        default:
            notes.append(DialectNote(
                kind: .libraryError,
                message: "the definition is \(RubyJSON.phrase(of: document)): ADCK::Message.new raises RuntimeError (Message needs to have either a hash or string, message.rb:164), so nothing is sent",
                help: "write the definition as an object of ADCK's options, such as {\"body\": \"Hello\", \"badge\": 1}",
                range: request.added, pointer: .root))
            notes.append(legacyBinaryInterfaceNote(request))
            return DialectTranslation(request: document, notes: notes, capabilities: [.legacyBinaryInterface, .decidesPushType],
                                      encoding: ADCKPackage.encoding)
        }
        let package = ADCKPackage(message, build: request, range: document.range)
        notes += message.notes + package.notes
        let locArgsSent = message[.locArgs].map { !$0.value.isNull } ?? false
        if let locKey = message[.locKey], let name = locKey.value.string, !locArgsSent {
            // ADCK's README asks for loc_args with loc_key, but its code sends loc-key alone (message.rb:48-49).
            notes.append(DialectNote(
                kind: .codeDiffersFromDocs,
                message: "\"\(locKey.name)\" is given without loc_args: ADCK sends loc-key alone (its README asks for loc_args with it, its code does not), so if the localized string \"\(name)\" has placeholders (%@), the device has no values to fill them with",
                help: "add loc_args with a value for each placeholder, or loc_args: [] when the string has none",
                range: locKey.member.keyRange, pointer: locKey.pointer))
        }
        if let written = message.deviceToken { request.deviceToken(from: written, value: deviceToken(from: written, notes: &notes)) }
        request.payload(encoded: package.payload)
        notes.append(legacyBinaryInterfaceNote(request))

        let truncates = message.truncate.map { RubyJSON.isTruthy($0.value) } ?? false
        let raises = notes.contains { $0.kind == .libraryError }
        // message.rb:85: validate: false skips validate!'s checks, but not what raises without them.
        let unchecked = message.validate?.value.bool == false && !raises
        return DialectTranslation(
            request: request.request(range: document.range),
            notes: notes, dialectKeyRanges: message.optionKeys,
            // ADCK's Message has no push type: the binary interface had none. With truncate the gem makes the body
            // fit by design: being close to the limit is the point.
            capabilities: truncates ? [.legacyBinaryInterface, .decidesPushType, .truncatesToFit] : [.legacyBinaryInterface, .decidesPushType],
            errorsAreWarnings: unchecked
                ? "validate: false turns off ADCK's own checks for this message, so this is reported as a warning; APNs still rejects what is wrong" : nil,
            encoding: ADCKPackage.encoding)
    }

    /// The envelope's device token: the bytes `packaged_token` packs, as hex, at what the user wrote.
    private static func deviceToken(from member: Member, notes: inout [DialectNote]) -> DocumentNode {
        let pointer = JSONPointer([member.key])
        guard let written = member.value.string else {
            notes.append(DialectNote(
                kind: .libraryError,
                message: "\"device_token\" is \(RubyJSON.phrase(of: member.value)), not a string: ADCK raises NoMethodError (undefined method `gsub' for \(RubyJSON.receiver(member.value))) when it packs the token (notification.rb:19), so nothing is sent",
                help: "write the device token as a string of hex digits",
                range: member.keyRange, pointer: pointer))
            return member.value
        }
        let token = ADCKDeviceToken(packing: written)
        var problems: [String] = []
        if !token.nonHexCharacters.isEmpty {
            let shown = token.nonHexCharacters.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (token.nonHexCharacters.count > 5 ? ", …" : "")
            problems.append("holds characters that are not hex digits (\(shown)), which Array#pack('H*') still packs, each as the low bits of its code")
        }
        if token.hasOddLength {
            problems.append("has an odd number of characters, so the last one is packed as the high half of a byte whose low half is 0")
        }
        if !problems.isEmpty {
            notes.append(DialectNote(
                kind: .rewrittenValue,
                message: "\"device_token\" \(problems.joined(separator: ", and ")) (notification.rb:19): the token ADCK sends is \(token.hex)",
                help: "write the device token as the app received it: an even number of hex digits (ADCK also accepts spaces and <>)",
                range: member.value.range, pointer: pointer))
        }
        return DocumentNode(.string(token.hex), range: member.value.range)
    }

    private static func legacyBinaryInterfaceNote(_ build: RequestBuilder) -> DialectNote {
        DialectNote(
            kind: .legacyBinaryInterface,
            message: "ADCK sends through APNs's legacy binary interface (gateway.push.apple.com:2195), which Apple shut off on 31 March 2021: nothing sent this way is delivered any more",
            help: "move to a library that uses the HTTP/2 provider API (api.push.apple.com:443); the payload is checked here against the binary interface's 2048-byte limit",
            range: build.added, pointer: .root)
    }
}
