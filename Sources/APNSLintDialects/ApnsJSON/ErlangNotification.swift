import APNSLintModel
import APNSLintSyntax

/// The request an Erlang notification term stands for, built as the Erlang libraries build it, step by step as
/// their code runs (SilentCircle/apns_erl_util@7666878 `apns_json.erl`, `apns_lib_http2.erl`;
/// SilentCircle/sc_util@c18705a `sc_util.erl`; talentdeficit/jsx@3074d48 2.8.0; SilentCircle/apns_erlv3@03c1a3d
/// 1.3.3 `sc_push_svc_apnsv3.erl`, `apns_erlv3_session.erl`). Three shapes:
///
/// 1. `apns_json:make_notification/1` input, `[{alert, …}, {badge, 1}, {sound, …}, {extra, […]}]`.
/// 2. `sc_push_svc_apnsv3:send/2` input: the routing properties (`token`, `uuid`, `topic`, `priority`, `expiry`,
///    `json`) beside an `aps` proplist (and an `alert`); the request's headers are built as apns_erlv3_session does.
/// 3. A whole payload as a jsx term, `[{<<"aps">>, […]}]` or a map: `jsx:encode/1` of it.
///
/// Every value keeps the range of the term it came from; what the libraries add has an empty range at the start
/// of the term. Where the code raises, the finding names the exception at the term it raises on; the request is
/// still built as far as it goes (the offending value left out), so the other rules run.
public enum ErlangNotification {
    /// What make_notification/1 reads (apns_json.erl:237-243).
    static let notificationProperties = ["alert", "badge", "sound", "extra"]
    /// What make_alert/1 reads, in the order it writes them (apns_json.erl:266-283).
    static let alertProperties = ["body", "action-loc-key", "loc-key", "loc-args", "launch-image"]
    /// The top-level properties sc_push_svc_apnsv3:send/2 and apns_erlv3_session read (sc_push_svc_apnsv3.erl:397-412,
    /// apns_erlv3_session.erl:1881-1890).
    static let sendProperties = ["alert", "aps", "json", "token", "uuid", "expiry", "topic", "priority"]
    /// Keys that say a term is for send/2: what it reads, and the routing names apns_erlv3 users write.
    static let sendShapeKeys: Set<String> = ["aps", "json", "token", "uuid", "expiry", "topic", "priority", "expiration", "collapse_id", "push_type"]
    /// Every property apns_json and apns_erlv3 read at the top of a term.
    static let topLevelProperties = Set(notificationProperties + sendProperties)
    /// apns_erlv3_session's default expiry (?DEFAULT_EXPIRY_TIME, 16#7FFFFFFF, apns_erlv3_session.erl:350).
    static let defaultExpiry = "2147483647"

    /// The translation of a term (or of a JSON document declared apns-json, as the term written for it).
    public static func translate(_ term: ErlangTerm) -> DialectTranslation {
        var builder = Builder(term: term)
        let request = builder.build()
        // apns_erlv3 1.3.3 has no push-type field: apns_lib_http2:apns_opts/1 writes no apns-push-type header
        // (apns_lib_http2.erl:400-411), so the library, not the definition, decides it.
        return DialectTranslation(request: request, notes: builder.notes, dialectKeyRanges: builder.dialectKeyRanges,
                                  capabilities: shape(of: term) == .send ? [.decidesPushType] : [],
                                  encoding: WireEncoding(style: .jsx, duplicates: .everyPair))
    }

    enum Shape { case makeNotification, send, jsx }

    /// Which function the term is for: a map or a list with a `<<"aps">>` key is a whole payload; a list with a
    /// routing property (apns_erlv3's names: `token`, `topic`, `priority`, …, or a prebuilt `json`) is for send/2; a
    /// list with an `aps` atom key and no routing property is a whole payload too (jsx writes atom keys as strings,
    /// and without a token no send/2 call is meant); anything else is for make_notification/1.
    static func shape(of term: ErlangTerm) -> Shape {
        if case .map = term.value { return .jsx }
        guard let elements = term.listElements else { return .makeNotification }
        var routed = false, hasAPS = false
        for element in elements {
            guard let (key, _) = element.pair else { continue }
            if key.binaryBytes == Array("aps".utf8) { return .jsx }
            guard let name = key.atom else { continue }
            if name == "aps" { hasAPS = true } else if sendShapeKeys.contains(name) { routed = true }
        }
        return routed ? .send : hasAPS ? .jsx : .makeNotification
    }
}

/// One run of the libraries over a term.
private struct Builder {
    let term: ErlangTerm
    let added: SourceRange
    var notes: [DialectNote] = []
    /// Keys written in apns_erlv3's spelling (`token`, `uuid`, `expiry`, …): a fix must not rename them.
    var dialectKeyRanges: [SourceRange] = []
    /// The first crash: the Erlang code stops there, so later ones are not reported.
    var crashed = false

    init(term: ErlangTerm) {
        self.term = term
        added = .added(at: term.range.start)
    }

    mutating func build() -> DocumentNode {
        switch ErlangNotification.shape(of: term) {
        case .jsx: return encode(term, function: "jsx:encode/1")
        case .makeNotification: return makeNotification(term, pointer: .root, function: "apns_json:make_notification/1")
        case .send: return send()
        }
    }

    // MARK: Findings

    mutating func crash(_ crash: ErlangCrash, function: String, pointer: JSONPointer = .root) {
        guard !crashed else { return }
        crashed = true
        notes.append(DialectNote(
            kind: .libraryError,
            message: "\(function) raises \(crash.exception) here: \(crash.reason); nothing is sent",
            help: "write the value as the library expects it (a binary <<\"…\"/utf8>> for text, a proplist of {Key, Value} pairs for an object)",
            range: crash.range, pointer: pointer))
    }

    mutating func note(_ kind: DialectNote.Kind, _ message: String, help: String, at range: SourceRange, pointer: JSONPointer = .root) {
        notes.append(DialectNote(kind: kind, message: message, help: help, range: range, pointer: pointer))
    }

    // MARK: proplists and sc_util

    /// proplists:get_value/3 (what sc_util:val/2,3 call, sc_util.erl:106-118): the first element that is the atom
    /// `key` (then `true`) or a tuple whose first element is that atom (then its second element when it is a pair,
    /// else the default: the search stops). Nil when the default applies. Raises on a term that is not a list, or on
    /// an improper list's tail it reaches.
    mutating func value(of key: String, in list: ErlangTerm, function: String) -> (key: ErlangTerm, value: ErlangTerm)? {
        let elements: [ErlangTerm]
        let tail: ErlangTerm?
        switch list.value {
        case .list(let items, let rest): (elements, tail) = (items, rest)
        case .string: (elements, tail) = (list.listElements ?? [], nil)
        default:
            crash(ErlangCrash(exception: "error:function_clause in proplists:get_value/3",
                              reason: "\(list.shortDescription) is not a proplist (a list of {Key, Value} tuples)", range: list.range), function: function)
            return nil
        }
        for element in elements {
            if element.atom == key { return (element, ErlangTerm(.atom("true"), range: element.range)) }
            if case .tuple(let parts) = element.value, let first = parts.first, first.atom == key {
                return parts.count == 2 ? (first, parts[1]) : nil
            }
        }
        if let tail {
            crash(ErlangCrash(exception: "error:function_clause in proplists:get_value/3",
                              reason: "the proplist ends in the tail \(tail.shortDescription), not in []", range: tail.range), function: function)
        }
        return nil
    }

    /// sc_util:to_bin/1 (sc_util.erl:254-261): a binary as it is; a list through list_to_binary/1 (an iolist:
    /// bytes, binaries and such lists); an atom's Latin-1 bytes; an integer's decimal digits. Nil when it raises.
    mutating func toBin(_ value: ErlangTerm, function: String, caller: String = "sc_util:to_bin/1", pointer: JSONPointer) -> ErlangTerm? {
        switch value.value {
        case .binary(_, _, nil):
            return value
        case .atom(let name):
            var bytes: [UInt8] = []
            for scalar in name.unicodeScalars {
                guard scalar.value <= 0xFF else {
                    crash(ErlangCrash(exception: "error:badarg in erlang:atom_to_binary/2 (called from sc_util:to_bin/1)",
                                      reason: "to_bin/1 writes an atom in Latin-1, and \(value.shortDescription) has a character above U+00FF", range: value.range),
                          function: function, pointer: pointer)
                    return nil
                }
                bytes.append(UInt8(scalar.value))
            }
            if ["null", "true", "false", "undefined"].contains(name) {
                note(.rewrittenValue, "\(function) sends the atom \(name) as the text \"\(name)\" (sc_util:to_bin/1), not as a JSON \(name == "undefined" ? "value" : name)",
                     help: "leave the property out, or write the text you mean as a binary", at: value.range, pointer: pointer)
            }
            return ErlangTerm(.binary(bytes, utf8: bytes.allSatisfy { $0 < 0x80 }, bits: nil), range: value.range)
        case .integer(let text):
            note(.rewrittenValue, "\(function) sends the integer \(text) as the text \"\(text)\" (sc_util:to_bin/1)",
                 help: "write it as a binary, <<\"\(text)\">>, to show what is sent", at: value.range, pointer: pointer)
            return ErlangTerm(.binary(Array(text.utf8), utf8: true, bits: nil), range: value.range)
        case .list, .string:
            guard let bytes = iolistBytes(value) else {
                crash(ErlangCrash(exception: "error:badarg in erlang:list_to_binary/1 (called from \(caller))",
                                  reason: "\(value.shortDescription) is not a list of bytes and binaries (a character above 255, or a tuple, is not a byte)",
                                  range: value.range), function: function, pointer: pointer)
                return nil
            }
            return ErlangTerm(.binary(bytes, utf8: true, bits: nil), range: value.range)
        default:
            crash(ErlangCrash(exception: "error:function_clause in sc_util:to_bin/1",
                              reason: "to_bin/1 converts binaries, lists, atoms and integers, not \(value.shortDescription)", range: value.range),
                  function: function, pointer: pointer)
            return nil
        }
    }

    /// list_to_binary/1 of an iolist; nil where it raises badarg. Nested lists are walked with a stack.
    func iolistBytes(_ list: ErlangTerm) -> [UInt8]? {
        var bytes: [UInt8] = []
        var stack: [ArraySlice<ErlangTerm>] = []
        guard let top = list.listElements else { return nil }
        stack.append(top[...])
        while var items = stack.popLast() {
            guard let item = items.popFirst() else { continue }
            stack.append(items)
            switch item.value {
            case .integer:
                guard let byte = item.intValue, (0...255).contains(byte) else { return nil }
                bytes.append(UInt8(byte))
            case .binary(let data, _, nil): bytes += data
            case .list, .string:
                guard let elements = item.listElements else { return nil }
                stack.append(elements[...])
            default: return nil
            }
        }
        return bytes
    }

    // MARK: make_notification/1

    /// apns_json:make_notification/1 (apns_json.erl:236-250), then jsx:encode/1 of what it builds.
    mutating func makeNotification(_ list: ErlangTerm, pointer: JSONPointer, function: String) -> DocumentNode {
        let apsPointer = pointer.appending("aps")
        let alert = value(of: "alert", in: list, function: function)
        let badge = value(of: "badge", in: list, function: function)
        let sound = value(of: "sound", in: list, function: function)
        let extra = value(of: "extra", in: list, function: function)
        reportUnread(list, reads: ErlangNotification.notificationProperties, function: function, pointer: pointer,
                     what: "the notification properties it reads")

        let soundBin = sound.flatMap { toBin($0.value, function: function, pointer: apsPointer.appending("sound")) }
        var body: [ErlangTerm] = []
        if let alert { body += makeAlert(alert.key, alert.value, function: function, pointer: apsPointer.appending("alert")) }
        // SCPF-25: content-available 1 is always added (apns_json.erl:246).
        body.append(pair("content-available", ErlangTerm(.integer("1"), range: added), keyRange: added))
        if let badge, !isOmitted(badge.value) { body.append(pair("badge", badge.value, keyRange: badge.key.range)) }
        if let sound, let soundBin, !isOmitted(soundBin) { body.append(pair("sound", soundBin, keyRange: sound.key.range)) }

        var top = [pair("aps", ErlangTerm(.list(body, tail: nil), range: list.range), keyRange: added)]
        if let extra {
            // `[{<<"aps">>, Body}] ++ Extra` (apns_json.erl:250): Extra must be a list.
            switch extra.value.value {
            case .list(let elements, let tail):
                top += elements
                return encode(ErlangTerm(.list(top, tail: tail), range: list.range), function: function)
            case .string:
                top += extra.value.listElements ?? []
            default:
                crash(ErlangCrash(exception: "error:badarg in erlang:++/2 (called from apns_json:make_notification/1)",
                                  reason: "extra must be a proplist of custom data, and \(extra.value.shortDescription) is not a list", range: extra.value.range),
                      function: function, pointer: pointer.appending("extra"))
            }
        }
        return encode(ErlangTerm(.list(top, tail: nil), range: list.range), function: function)
    }

    /// apns_json:make_alert/1 (apns_json.erl:265-299).
    mutating func makeAlert(_ key: ErlangTerm, _ alert: ErlangTerm, function: String, pointer: JSONPointer) -> [ErlangTerm] {
        let keyRange = key.range
        switch alert.value {
        case .list(let elements, _) where elements.first?.pair != nil:
            let body = value(of: "body", in: alert, function: function)
            let actionLocKey = value(of: "action-loc-key", in: alert, function: function)
            let locKey = value(of: "loc-key", in: alert, function: function)
            let locArgs = value(of: "loc-args", in: alert, function: function)
            let launchImage = value(of: "launch-image", in: alert, function: function)
            reportUnread(alert, reads: ErlangNotification.alertProperties, function: function, pointer: pointer, what: "the alert properties make_alert/1 reads")

            var built: [ErlangTerm] = []
            if let body {
                if let text = toBin(body.value, function: function, pointer: pointer.appending("body")), !isOmitted(text) {
                    built.append(pair("body", text, keyRange: body.key.range))
                }
            } else {
                // sc_util:to_bin(undefined) is <<"undefined">> (apns_json.erl:266): the alert's text is that word.
                note(.missingKey, "this alert proplist has no body, so \(function) sends the text \"undefined\" as the alert's body (sc_util:to_bin(undefined)), and the device shows it",
                     help: "add {body, <<\"…\">>} (for a localized alert too: make_alert/1 always writes a body)", at: alert.range, pointer: pointer)
                built.append(pair("body", ErlangTerm(.binary(Array("undefined".utf8), utf8: true, bits: nil), range: alert.range), keyRange: added))
            }
            // action-loc-key defaults to null and is written as given, not converted (apns_json.erl:267).
            let action = actionLocKey?.value ?? ErlangTerm(.atom("null"), range: added)
            if !isOmitted(action) { built.append(pair("action-loc-key", action, keyRange: actionLocKey?.key.range ?? added)) }
            if let locKey, let text = toBin(locKey.value, function: function, pointer: pointer.appending("loc-key")), !isOmitted(text) {
                built.append(pair("loc-key", text, keyRange: locKey.key.range))
            }
            // loc-args defaults to [] and [] is written (apns_json.erl:270-282): every alert proplist sends "loc-args":[].
            var args: [ErlangTerm] = []
            let argsRange = locArgs?.value.range ?? added
            if let locArgs {
                if locArgs.value.isEmptyList {
                } else if let elements = locArgs.value.listElements {
                    for (index, argument) in elements.enumerated() {
                        if let text = toBin(argument, function: function, pointer: pointer.appending("loc-args").appending(index)) { args.append(text) }
                    }
                } else {
                    crash(ErlangCrash(exception: "error:{case_clause,\(locArgs.value.shortDescription)} in apns_json:make_alert/1",
                                      reason: "loc-args must be a list", range: locArgs.value.range), function: function, pointer: pointer.appending("loc-args"))
                }
            }
            built.append(pair("loc-args", ErlangTerm(.list(args, tail: nil), range: argsRange), keyRange: locArgs?.key.range ?? added))
            if let launchImage, let text = toBin(launchImage.value, function: function, pointer: pointer.appending("launch-image")), !isOmitted(text) {
                built.append(pair("launch-image", text, keyRange: launchImage.key.range))
            }
            return [pair("alert", ErlangTerm(.list(built, tail: nil), range: alert.range), keyRange: keyRange)]
        case .binary(let bytes, _, nil):
            return bytes.isEmpty ? [] : [pair("alert", alert, keyRange: keyRange)]
        case .list, .string:
            // make_alert(L) when is_list(L) -> make_alert(list_to_binary(L)) (apns_json.erl:298-299).
            if alert.isEmptyList {
                note(.droppedKey, "\(function) sends no alert for an empty list", help: "give the alert text as a binary, <<\"…\"/utf8>>",
                     at: keyRange, pointer: pointer)
                return []
            }
            guard let text = toBin(alert, function: function, caller: "apns_json:make_alert/1", pointer: pointer) else { return [] }
            return [pair("alert", text, keyRange: keyRange)]
        default:
            crash(ErlangCrash(exception: "error:function_clause in apns_json:make_alert/1",
                              reason: "the alert must be a binary, a character list or a proplist, not \(alert.shortDescription)", range: alert.range),
                  function: function, pointer: pointer)
            return []
        }
    }

    /// optional/2 leaves out `undefined` and `<<>>` (apns_json.erl:304-307).
    func isOmitted(_ value: ErlangTerm) -> Bool {
        value.atom == "undefined" || value.binaryBytes == []
    }

    /// `{<<"name">>, Value}` with the key pointing at what the user wrote.
    func pair(_ name: String, _ value: ErlangTerm, keyRange: SourceRange) -> ErlangTerm {
        ErlangTerm(.tuple([ErlangTerm(.binary(Array(name.utf8), utf8: true, bits: nil), range: keyRange), value]),
                   range: SourceRange(start: min(keyRange.start, value.range.start), end: max(keyRange.end, value.range.end)))
    }

    /// Properties of `list` the function does not read (only the first of each atom key is read): dropped.
    mutating func reportUnread(_ list: ErlangTerm, reads: [String], function: String, pointer: JSONPointer, what: String) {
        guard let elements = list.listElements else { return }
        for element in elements {
            guard let (key, value) = element.pair else { continue }
            if let name = key.atom {
                // A later equal key is duplicate-key's (proplists:get_value/3 reads the first).
                if reads.contains(name) { continue }
                if name == "content-available" {
                    if value.intValue != 1 {
                        note(.rewrittenValue, "\(function) does not read content-available: it always sends \"content-available\":1 (apns_json.erl:246, SCPF-25), not \(value.shortDescription)",
                             help: "remove it: every notification apns_json builds wakes the app in the background", at: value.range, pointer: pointer.appending(name))
                    }
                    continue
                }
                let suggestion = Suggestion.closest(to: name, in: reads).map { "did you mean '\($0)'? " } ?? ""
                note(.droppedKey, "\(function) does not read '\(name)', so it is not sent (\(what): \(reads.joined(separator: ", ")))",
                     help: suggestion + (reads == ErlangNotification.alertProperties
                        ? "make_alert/1 cannot send it: to send it, build the payload yourself and give it to apns_erlv3 as {json, <<\"…\">>}"
                        : "custom data goes in {extra, [{<<\"key\">>, Value}]}; other aps keys need a payload built yourself, sent as {json, <<\"…\">>}"), at: key.range,
                     pointer: pointer.appending(name))
            } else if case .binary(let bytes, _, nil) = key.value, let name = String(validating: bytes, as: UTF8.self), reads.contains(name) {
                note(.droppedKey, "\(function) reads the atom '\(name)', not the binary \(key.shortDescription) (proplists:get_value/3 compares keys exactly), so it is not sent",
                     help: "write the key as an atom: {\(ErlangTerm.atomText(name)), …}", at: key.range, pointer: pointer.appending(name))
            }
        }
    }

    // MARK: jsx

    mutating func encode(_ term: ErlangTerm, function: String) -> DocumentNode {
        var encoder = JSXEncoder()
        let node = encoder.encode(term)
        if let crash = encoder.crash { self.crash(crash, function: function) }
        for (range, message) in encoder.rewritten {
            note(.rewrittenValue, message, help: "write text as a binary with /utf8: <<\"é\"/utf8>>", at: range)
        }
        return node
    }

    // MARK: send/2

    /// sc_push_svc_apnsv3:send/2 → api_to_session_nf/1 (sc_push_svc_apnsv3.erl:397-412), then
    /// apns_erlv3_session:make_nf/3 and apns_lib_http2:make_req/3 for the headers.
    mutating func send() -> DocumentNode {
        let function = "sc_push_svc_apnsv3:send/2"
        let payload: DocumentNode
        let json = value(of: "json", in: term, function: function)
        var payloadIsBinary = true
        if let json {
            // {json, Bin} is sent as it stands (sc_push_svc_apnsv3.erl:398-404).
            if let bytes = json.value.binaryBytes {
                let text = String(decoding: bytes, as: UTF8.self)
                let read = JSONReader.read(SourceText(text))
                if let document = read.document, read.problems.isEmpty {
                    payload = document.relocated(to: json.value.range)
                } else {
                    note(.libraryError, "the json binary is not valid JSON: APNs rejects the request", help: "give a JSON object as the binary",
                         at: json.value.range)
                    payload = DocumentNode(.string(text), range: json.value.range)
                }
            } else {
                payloadIsBinary = false
                payload = DocumentNode(.null, range: json.value.range)
            }
        } else {
            // make_aps/1: the aps proplist, with the top-level alert (else its own, else <<>>) stored as its alert.
            let aps0 = value(of: "aps", in: term, function: function)?.value ?? ErlangTerm(.list([], tail: nil), range: added)
            let apsAlert = value(of: "alert", in: aps0, function: function)
            let topAlert = value(of: "alert", in: term, function: function)
            let alert = topAlert ?? apsAlert ?? (ErlangTerm(.atom("alert"), range: added), ErlangTerm(.binary([], utf8: true, bits: nil), range: added))
            let aps = keystore(alert: alert, in: aps0)
            payload = makeNotification(aps, pointer: .root, function: function)
        }
        reportUnreadSendProperties()

        // apns_erlv3_session:make_nf/3 (apns_erlv3_session.erl:1881-1890): a throw there makes send/2 return
        // {error, {bad_notification, …}}: nothing is sent.
        for property in ["token", "uuid", "expiry", "topic", "priority", "json"] {
            if let found = keysearch(property) { dialectKeyRanges.append(found.key.range) }
        }
        var request = RequestBuilder(definitionAt: term.range)
        request.payload(encoded: payload)
        var refused = false  // make_nf/3 throws at the first problem: one finding
        if let uuid = keysearch("uuid"), uuid.value.atom != "undefined" {
            if let text = headerText(uuid.value) , uuid.value.binaryBytes != nil {
                request.writtenHeader(Member(key: HeaderName.id, keyRange: uuid.key.range, value: DocumentNode(.string(text), range: uuid.value.range)))
            } else {
                refuse("{bad_options,{not_a_binary,uuid}}", "uuid must be a binary", at: uuid.value.range, kind: .invalidValueType)
                refused = true
            }
        }
        let expiry = keysearch("expiry")
        if let token = keysearch("token") {
            if token.value.binaryBytes != nil {
                request.deviceToken(from: Member(key: "token", keyRange: token.key.range,
                                                 value: DocumentNode(.string(String(decoding: token.value.binaryBytes!, as: UTF8.self)), range: token.value.range)))
            } else if !refused {
                refuse("{bad_options,{not_a_binary,token}}", "the token must be a binary, <<\"…\">>, not \(token.value.shortDescription)",
                       at: token.value.range, kind: .invalidValueType)
                refused = true
            }
        } else if !refused {
            refuse("{key_not_found,token}", "the notification has no token", at: term.range, kind: .missingKey)
            refused = true
        }
        if !payloadIsBinary, !refused, let json {
            refuse("{bad_options,{not_a_binary,json}}", "json must be a binary", at: json.value.range, kind: .invalidValueType)
            refused = true
        }
        // A refused notification still stands for the request its sender means: make_nf/3 throws on a piece the sending
        // code supplies (the token, a uuid), and once it is given the rest goes out as written. So the headers are built
        // as they would be, and the rules check them (a topic with spaces is still BadTopic); the refusal is reported.
        // nf_to_opts/1 and apns_lib_http2:apns_opts/1: apns-id, apns-expiration (always: the default is 16#7FFFFFFF),
        // apns-priority and apns-topic, each through sc_util:to_bin/1; undefined values are left out.
        let expiryValue = expiry?.value.atom == "undefined" ? nil : expiry
        if let expiryValue {
            if let text = headerText(expiryValue.value) {
                request.writtenHeader(Member(key: HeaderName.expiration, keyRange: expiryValue.key.range, value: DocumentNode(.string(text), range: expiryValue.value.range)))
            }
        } else if expiry == nil {
            request.addedHeader(HeaderName.expiration, DocumentNode(.string(ErlangNotification.defaultExpiry), range: added))
        }
        for (property, name) in [("priority", HeaderName.priority), ("topic", HeaderName.topic)] {
            guard let found = keysearch(property), found.value.atom != "undefined", let text = headerText(found.value) else { continue }
            request.writtenHeader(Member(key: name, keyRange: found.key.range, value: DocumentNode(.string(text), range: found.value.range)))
        }
        return request.request(range: term.range)
    }

    mutating func refuse(_ exception: String, _ reason: String, at range: SourceRange, kind: DialectNote.Kind) {
        note(kind, "apns_erlv3 refuses this notification: make_nf/3 throws \(exception) (\(reason)), and apns_erlv3_session:send/2 returns {error, {bad_notification, …}}; nothing is sent",
             help: "give the device token as a binary: {token, <<\"00fc13ad…\">>}", at: range)
    }

    /// A header value as apns_lib_http2's b/1 (sc_util:to_bin/1) writes it; nil (and a crash) where it raises.
    mutating func headerText(_ value: ErlangTerm) -> String? {
        let before = notes.count
        guard let binary = toBin(value, function: "apns_lib_http2:make_req/3", pointer: JSONPointer([EnvelopeKey.headers])) else { return nil }
        // Converting a header value to text is what headers are: no rewritten-value finding for it.
        notes.removeSubrange(before..<notes.count)
        return String(decoding: binary.binaryBytes ?? [], as: UTF8.self)
    }

    /// lists:keysearch/3 as apns_erlv3_session's kv/3 uses it (apns_erlv3_session.erl:1852-1859): the first tuple
    /// whose first element is the key, when it is a pair.
    func keysearch(_ key: String) -> (key: ErlangTerm, value: ErlangTerm)? {
        guard let elements = term.listElements else { return nil }
        for element in elements {
            guard case .tuple(let parts) = element.value, let first = parts.first, first.atom == key else { continue }
            return parts.count == 2 ? (first, parts[1]) : nil
        }
        return nil
    }

    /// lists:keystore(alert, 1, APS0, {alert, Alert}) (sc_push_svc_apnsv3.erl:416-417): replaces the first tuple
    /// keyed alert, else appends.
    func keystore(alert: (key: ErlangTerm, value: ErlangTerm), in aps: ErlangTerm) -> ErlangTerm {
        let stored = ErlangTerm(.tuple([alert.key, alert.value]), range: SourceRange(start: alert.key.range.start, end: max(alert.key.range.end, alert.value.range.end)))
        guard case .list(var elements, let tail) = aps.value else {
            return ErlangTerm(.list((aps.listElements ?? []) + [stored], tail: nil), range: aps.range)
        }
        if let index = elements.firstIndex(where: { if case .tuple(let parts) = $0.value { parts.first?.atom == "alert" } else { false } }) {
            elements[index] = stored
        } else {
            elements.append(stored)
        }
        return ErlangTerm(.list(elements, tail: tail), range: aps.range)
    }

    /// Top-level properties send/2 does not read.
    mutating func reportUnreadSendProperties() {
        guard let elements = term.listElements else { return }
        let function = "sc_push_svc_apnsv3:send/2"
        for element in elements {
            guard let (key, _) = element.pair else { continue }
            guard let name = key.atom else {
                note(.droppedKey, "\(function) reads only atom keys beside the notification, so \(key.shortDescription) is not sent",
                     help: "custom data goes in the aps proplist's extra: {aps, [{extra, [{<<\"key\">>, Value}]}]}", at: key.range)
                continue
            }
            guard !ErlangNotification.sendProperties.contains(name) else { continue }
            let why: String
            switch name {
            case "expiration": why = "apns_erlv3 1.3.3 reads the expiry time from 'expiry' (apns-expiration), not 'expiration'"
            case "collapse_id": why = "apns_erlv3 1.3.3 sends no apns-collapse-id header"
            case "push_type": why = "apns_erlv3 1.3.3 sends no apns-push-type header"
            case "badge", "sound", "extra", "content-available", "category":
                why = "send/2 takes only 'alert' from beside the notification; '\(name)' is read inside the aps proplist: {aps, [{\(name), …}]}"
            default: why = "send/2 reads only \(ErlangNotification.sendProperties.joined(separator: ", ")) at the top level"
            }
            note(.droppedKey, "\(function) does not send '\(name)': \(why)", help: "move it where the library reads it, or remove it",
                 at: key.range, pointer: JSONPointer([name]))
        }
    }
}

extension DocumentNode {
    /// The same value with every range set to `range` (a JSON text read out of a binary has no place of its own in
    /// the file; its values point at the binary). Walks with a stack.
    func relocated(to range: SourceRange) -> DocumentNode {
        struct Frame { let node: DocumentNode; var done: [DocumentNode] = [] }
        func children(_ node: DocumentNode) -> [DocumentNode] {
            switch node.value {
            case .object(let members): members.map(\.value)
            case .array(let elements): elements
            default: []
            }
        }
        var stack = [Frame(node: self)]
        var finished: DocumentNode?
        while true {
            if let node = finished {
                finished = nil
                guard !stack.isEmpty else { return node }
                stack[stack.count - 1].done.append(node)
            }
            let top = stack[stack.count - 1]
            let kids = children(top.node)
            if top.done.count < kids.count {
                let child = kids[top.done.count]
                if child.isContainer { stack.append(Frame(node: child)) } else { finished = DocumentNode(child.value, range: range) }
                continue
            }
            stack.removeLast()
            if let members = top.node.members {
                finished = DocumentNode(.object(zip(members, top.done).map { Member(key: $0.key, keyRange: range, value: $1) }), range: range)
            } else if top.node.elements != nil {
                finished = DocumentNode(.array(top.done), range: range)
            } else {
                finished = DocumentNode(top.node.value, range: range)
            }
        }
    }
}
