import APNSLintModel
import APNSLintSyntax

struct AppContentStateMismatchRule: ModelRule {
    static let descriptor = RuleDescriptor(
        id: "app-content-state-mismatch", severity: .error, category: .app,
        subscriptions: [.aps(.contentState), .aps(.attributesType)])

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "A Live Activity's `content-state` (or a push-to-start's `attributes`) does not decode into the app's Swift type.",
            rationale: """
                APNs accepts any JSON object as `content-state`; the device decodes it into the app's \
                `ActivityAttributes.ContentState` with a `JSONDecoder`, and when that fails it drops the update without \
                a word: the activity never changes (flutter_live_activities #118, "Success Response, but Fails to Decode \
                Content State"). Given the app's `ActivityAttributes` types (read from the app's Swift: its \
                declarations, as the compiler's synthesized `Decodable` reads them; a type with its own \
                `init(from:)` is not judged), apns-lint checks the payload as the decoder would: a missing key that is not optional, a value of the wrong JSON type, an \
                integer out of its type's range, a raw value the enum does not have, a malformed UUID. Those are \
                errors. A key the type does not have is ignored by the decoder (a warning: likely a misspelling), and \
                a Unix timestamp where the type has a `Date` decodes as seconds since 2001, 31 years late, unless the \
                app's decoding says otherwise (a warning). A push-to-start's `attributes-type` must name one of the \
                app's types, and its `attributes` decode into it. With several `ActivityAttributes` types and no \
                `attributes-type`, an update is checked against each, and reported only when it fits none. Checked \
                only when the app's `ActivityAttributes` types are known.
                """,
            severity: .certain("the device cannot decode the update and drops it, though APNs answers 200", source: Reference.activityKitUpdates),
            references: [Reference.activityKitUpdates],
            triggering: [
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"stage": "on-the-way", "eta": ↓"14", "arrives-at": 785404800}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"stage": ↓"onTheWay", "eta": 14, "arrives-at": 785404800}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", ↓"content-state": {"stage": "on-the-way", "arrives-at": 785404800}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "start", ↓"attributes-type": "OrderAttributes", "attributes": {"orderNumber": "A-17"}, "content-state": {"stage": "preparing", "eta": 30, "arrives-at": 785404800}}}"#, options: AppSamples.courierOptions),
            ],
            nonTriggering: [
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"stage": "on-the-way", "eta": 14, "driver": null, "arrives-at": 785404800}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "start", "attributes-type": "DeliveryAttributes", "attributes": {"orderNumber": "A-17"}, "content-state": {"stage": "preparing", "eta": 30, "arrives-at": 785404800}}}"#, options: AppSamples.courierOptions),
                Example(#"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"stage": "onTheWay"}}}"#),
            ],
            enforces: [.aps(.contentState), .aps(.attributesType), .aps(.attributes)])
    }

    static func check(_ context: inout RuleContext) {
        guard let types = context.app?.activityTypes, !types.isEmpty, let aps = context.definition.payload?.aps else { return }
        var candidates = types
        if let typeField = aps.field(.attributesType), let name = typeField.string {
            guard let named = types.first(where: { $0.value.name == name || $0.value.name.hasSuffix("." + name) }) else {
                context.report(
                    "\"attributes-type\" is \"\(name)\", which is none of the app's ActivityAttributes types (\(types.map(\.value.name).joined(separator: ", "))): the device cannot start the activity, though APNs accepts the push",
                    at: typeField, part: .whole,
                    help: Suggestion.closest(to: name, in: types.map(\.value.name)).map { "did you mean \"\($0)\"?" } ?? "write the name of the app's ActivityAttributes type",
                    notes: types.prefix(3).map { Note("\($0.value.name) is declared here", at: $0.location) })
                return
            }
            candidates = [named]
            if let attributes = aps.field(.attributes) {
                report(mismatches(of: attributes.value, against: named.value.attributes), in: attributes, type: named, what: "attributes", &context)
            }
        }
        guard let state = aps.field(.contentState) else { return }
        // The type the update is for: the one named, the only one, or the one it fits best.
        let checked = candidates.compactMap { type in type.value.contentState.map { (type, mismatches(of: state.value, against: $0)) } }
        guard let best = checked.min(by: { failing($0.1) < failing($1.1) }) else { return }
        if checked.count > 1, failing(best.1) > 0 {
            // Several types, none of which it fits: say so once, at the content state.
            context.report(
                "\"content-state\" decodes into none of the app's ContentState types (\(checked.map(\.0.value.name).joined(separator: ", "))): the device drops the update, though APNs answers 200",
                at: state, part: .key, help: "write the content state as the app's ContentState encodes it (the closest is \(best.0.value.name)'s)",
                notes: checked.map { Note("\($0.0.value.name).ContentState is declared here", at: $0.0.location) })
            return
        }
        report(best.1, in: state, type: best.0, what: "content-state", &context)
    }

    private static func failing(_ mismatches: [ShapeMismatch]) -> Int { mismatches.filter(\.kind.failsDecoding).count }

    private static func report(_ mismatches: [ShapeMismatch], in field: Field, type: Located<ActivityAttributesType>, what: String,
                               _ context: inout RuleContext) {
        let typeName = type.value.name + (what == "content-state" ? ".ContentState" : "")
        let note = Note("\(typeName) is declared here", at: type.location)
        let consequence = "the device cannot decode \(what) into \(typeName) and drops the push, though APNs answers 200"
        for mismatch in mismatches {
            let at = mismatch.pointer.tokens.isEmpty ? what : "\"\(mismatch.pointer.tokens.joined(separator: "."))\""
            let pointer = JSONPointer(field.pointer.tokens + mismatch.pointer.tokens)
            switch mismatch.kind {
            case .missingKey(let key, let shape):
                context.report("\(at) has no \"\(key)\", which \(typeName) requires (\(shape.expectedPhrase)): \(consequence)",
                               pointer: pointer, range: field.keyRange.map { mismatch.pointer.tokens.isEmpty ? $0 : mismatch.range } ?? mismatch.range,
                               help: "add \"\(key)\", or make the property optional in the app", notes: [note])
            case .wrongType(let expected, let found):
                context.report("\(at) is \(found.phrase), but \(typeName) decodes it as \(expected): \(consequence)",
                               pointer: pointer, range: mismatch.range, help: "write \(expected)", notes: [note])
            case .integerNotRepresentable(let integer, let found):
                context.report("\(at) is \(found), which is no \(integer.rawValue): \(consequence)",
                               pointer: pointer, range: mismatch.range, help: "write a whole number in \(integer.rawValue)'s range", notes: [note])
            case .notAnEnumCase(let name, let allowed, let found):
                // The values come as JSON writes them (strings quoted).
                let close = Suggestion.closest(to: found, in: allowed)
                context.report("\(at) is \(found), which is no raw value of \(name) (\(allowed.joined(separator: ", "))): \(consequence)",
                               pointer: pointer, range: mismatch.range,
                               help: close.map { "did you mean \($0)?" } ?? "write one of \(allowed.joined(separator: ", "))", notes: [note])
            case .malformedUUID(let found):
                context.report("\(at) is \"\(found)\", which is not a UUID: \(consequence)",
                               pointer: pointer, range: mismatch.range, help: "write the UUID as 8-4-4-4-12 hex digits", notes: [note])
            case .unixTimestampForDate(let seconds, let reference):
                context.report(
                    "\(at) is \(seconds), a Unix timestamp, but \(typeName) has a Date there, which the default JSONDecoder reads as seconds since 2001-01-01: the activity shows a time 31 years late, unless the app decodes dates otherwise",
                    pointer: pointer, range: mismatch.range, help: "write \(Int(reference)), the same moment in seconds since 2001-01-01 (the Unix time minus 978307200)",
                    notes: [note], severity: .warning)
            case .unknownKey(let key):
                context.report("\(at) is not a key of \(typeName), so the decoder ignores \"\(key)\" and what it says is lost",
                               pointer: pointer, range: mismatch.range, help: "remove it, or write the key \(typeName) has", notes: [note], severity: .warning)
            }
        }
    }
}
