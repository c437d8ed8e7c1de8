import APNSLintSyntax

/// The ADCK Ruby gem's `Message` options plus a device token, turned into the payload ADCK sends:
///
///     {body: "Cute Kitty!", action_loc_key: "PET_IT", badge: 5, sound: default, device_token: "…"}
///     → {"aps": {"alert": {"body": "Cute Kitty!", "action-loc-key": "PET_IT"}, "badge": 5, "sound": "default"}}
///
/// The alert is the body alone when no other alert option is given; `action_loc_key: null` is kept as `null`
/// (one OK button). `loc_key` needs `loc_args`. `truncate: true` shortens the body until the payload fits the
/// limit; `validate: false` skips ADCK's checks (errors become warnings); `freeze` changes nothing sent.
/// ADCK sends through the legacy binary interface, whose limit is 2048 bytes and which has no headers.
enum ADCKDialect {
    /// Option → alert key; `body` first, in the order ADCK writes them.
    static let alertOptions: [(option: String, key: String)] = [
        ("body", "body"), ("action_loc_key", "action-loc-key"), ("loc_key", "loc-key"), ("loc_args", "loc-args"),
        ("launch_image", "launch-image"),
    ]
    static let apsOptions = ["badge", "sound"]
    static let behaviourOptions = ["truncate", "validate", "freeze"]
    static let deviceTokenKey = "device_token"
    static var knownKeys: [String] { ["alert"] + alertOptions.map(\.option) + apsOptions + behaviourOptions + [deviceTokenKey] }
    static let distinctiveKeys: Set<String> = ["action_loc_key", "loc_key", "loc_args", "launch_image", "truncate", "validate", "freeze", deviceTokenKey]
    /// The legacy binary interface's payload limit.
    static let sizeLimit = 2048

    static func translate(_ document: DocumentNode) -> DialectTranslation {
        guard let members = document.members else { return DialectTranslation(request: document, capabilities: .legacyBinaryInterface) }
        let build = RequestBuilder(for: document)
        var notes: [DialectNote] = []
        var dialectKeys: [SourceRange] = []
        func option(_ name: String) -> Member? { members.last { $0.key == name } }

        // `alert` is another name for the body (ADCK(token, "POPUP!") is Message.new(body: "POPUP!")).
        var alertFields: [Member] = []
        for (name, key) in alertOptions {
            let given = option(name) ?? (name == "body" ? option("alert") : nil)
            guard let given else { continue }
            if name != key || given.key == "alert" { dialectKeys.append(given.keyRange) }
            alertFields.append(Member(key: key, keyRange: given.keyRange, value: given.value))
        }
        if let locKey = option("loc_key"), option("loc_args") == nil {
            notes.append(DialectNote(
                kind: .missingKey,
                message: "ADCK requires loc_args with loc_key: the arguments that fill the localized string's placeholders",
                help: "add loc_args: [] when the string has no placeholders, or the values to fill in",
                range: locKey.keyRange, pointer: JSONPointer(["loc_key"])))
        }
        var aps: [Member] = []
        if alertFields.count == 1, alertFields[0].key == "body" {
            aps.append(Member(key: "alert", keyRange: alertFields[0].keyRange, value: alertFields[0].value))
        } else if !alertFields.isEmpty {
            let range = SourceRange(start: alertFields.map(\.keyRange.start).min()!, end: alertFields.map(\.value.range.end).max()!)
            aps.append(build.member("alert", build.object(alertFields, range: range)))
        }
        for name in apsOptions {
            if let given = option(name) { aps.append(given) }
        }
        for member in members where !knownKeys.contains(member.key) {
            let suggestion = Suggestion.closest(to: member.key, in: knownKeys).map { "did you mean \"\($0)\"? " } ?? ""
            notes.append(DialectNote(
                kind: .droppedKey,
                message: "\"\(member.key)\" is not an ADCK Message option, so nothing of it is sent",
                help: suggestion + "the options are \(knownKeys.joined(separator: ", "))",
                range: member.keyRange, pointer: JSONPointer([member.key])))
        }

        var payload = build.object([build.member("aps", build.object(aps, range: document.range))], range: document.range)
        if option("truncate")?.value.bool == true, let truncated = truncatingBody(of: payload, build: build, notes: &notes) {
            payload = truncated
        }
        let deviceToken = option(deviceTokenKey).map { Member(key: EnvelopeKey.deviceToken, keyRange: $0.keyRange, value: $0.value) }
        if let deviceToken { dialectKeys.append(deviceToken.keyRange) }
        let start = SourceRange(start: document.range.start, end: document.range.start)
        notes.append(DialectNote(
            kind: .legacyBinaryInterface,
            message: "ADCK sends through APNs's legacy binary interface (gateway.push.apple.com:2195), which Apple shut off on 31 March 2021: nothing sent this way is delivered any more",
            help: "move to a library that uses the HTTP/2 provider API (api.push.apple.com:443); the payload is checked here against the binary interface's 2048-byte limit",
            range: start, pointer: .root))
        let validation = option("validate")
        // With truncate the gem makes the payload fit by design: being close to the limit is the point.
        let truncates = option("truncate")?.value.bool == true
        return DialectTranslation(
            request: build.envelope(headers: [], deviceToken: deviceToken, payload: payload, range: document.range),
            notes: notes, dialectKeyRanges: dialectKeys,
            // ADCK's Message has no push type: the binary interface had none.
            capabilities: truncates ? [.legacyBinaryInterface, .decidesPushType, .truncatesToFit] : [.legacyBinaryInterface, .decidesPushType],
            errorsAreWarnings: validation?.value.bool == false
                ? "validate: false turns off ADCK's own checks for this message, so this is reported as a warning; APNs still rejects what is wrong" : nil)
    }

    /// `truncate: true`: the body cut at a character boundary until the compact payload fits the limit, and an
    /// info note saying what is cut. Nil when it fits already or the body alone cannot make it fit.
    private static func truncatingBody(of payload: DocumentNode, build: RequestBuilder, notes: inout [DialectNote]) -> DocumentNode? {
        let size = WireSerializer.size(of: payload)
        guard size > sizeLimit, let aps = payload.members?.first?.value, let alert = aps.members?.first(where: { $0.key == "alert" }) else { return nil }
        let bodyNode = alert.value.members?.first(where: { $0.key == "body" })?.value ?? alert.value
        guard let body = bodyNode.string else { return nil }
        var characters = Array(body)
        let excess = size - sizeLimit
        var removed = 0
        while removed < excess, !characters.isEmpty {
            removed += WireSerializer.size(of: DocumentNode(.string(String(characters.removeLast())), range: build.added)) - 2
        }
        guard removed >= excess else { return nil }
        let kept = String(characters)
        let cut = String(body.dropFirst(characters.count))
        notes.append(DialectNote(
            kind: .truncated,
            message: "truncate: true makes ADCK cut the body by \(cut.count) characters (\(removed) bytes) so the payload fits the binary interface's \(sizeLimit) bytes; the device shows \"…\(String(kept.suffix(20)))\" without \"\(cut.count > 40 ? String(cut.prefix(40)) + "…" : cut)\"",
            help: "shorten the body yourself to choose what the user reads",
            range: bodyNode.range, pointer: JSONPointer(["body"])))
        let shortened = DocumentNode(.string(kept), range: bodyNode.range)
        let newAlert: DocumentNode = alert.value.members.map { fields in
            DocumentNode(.object(fields.map { $0.key == "body" ? Member(key: "body", keyRange: $0.keyRange, value: shortened) : $0 }), range: alert.value.range)
        } ?? shortened
        let newAPS = aps.members!.map { $0.key == "alert" ? Member(key: "alert", keyRange: $0.keyRange, value: newAlert) : $0 }
        return DocumentNode(.object([Member(key: "aps", keyRange: build.added, value: DocumentNode(.object(newAPS), range: aps.range))]), range: payload.range)
    }
}
