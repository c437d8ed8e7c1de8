import APNSLintModel
import APNSLintSyntax

struct APSKeyOutsideAPSRule: ModelRule {
    static let descriptor = RuleDescriptor(id: "aps-key-outside-aps", severity: .warning, category: .structure)

    static var documentation: RuleDocs {
        RuleDocs(
            summary: "An `aps` key (`content-available`, `mutable-content`, `badge`, …) written beside `aps` instead of inside it, or in FCM's spelling.",
            rationale: """
                The system reads its keys only inside `aps`; beside it they are custom data for the app. A \\
                `"content-available": 1` or `"mutable-content": 1` written next to `aps` (or spelled as FCM's \\
                `content_available` and `mutable_content`, which FCM turns into the APNs keys but APNs does not) \\
                wakes no app and runs no Notification Service Extension, and a `badge` or `sound` there changes \\
                nothing. Reported when the payload has an `aps` that does not already hold the key: a custom key \\
                of the same name as one `aps` holds is the app's own data.
                """,
            severity: .likelyMistake("the device reads these keys only inside aps, so beside it they do nothing; an app may mean one as its own data", source: Reference.generatingNotification),
            references: [Reference.generatingNotification, Reference.fcmAPNSConfig],
            triggering: [
                Example(#"{"aps": {"alert": "New photo"}, ↓"mutable-content": 1, "image": "https://example.com/p.jpg"}"#),
                Example(#"{"aps": {}, ↓"content_available": true, "sync": "inbox"}"#),
                Example(#"{"aps": {"alert": "Hi"}, ↓"badge": 3}"#),
            ],
            nonTriggering: [
                Example(#"{"aps": {"alert": "New photo", "mutable-content": 1}, "image": "https://example.com/p.jpg"}"#),
                Example(#"{"aps": {"alert": "Hi", "badge": 3}, "badge": "gold-member"}"#),
                Example(#"{"aps": {"alert": "Hi"}, "sound-pack": "retro"}"#),
            ])
    }

    /// Every spelling this rule recognizes, with the key it stands for: the `aps` names as APNs writes them, in
    /// snake_case (FCM's `content_available`) and in camelCase. Looked up whole, so the check costs one hash per
    /// custom key (every payload has some; folding each one's case cost more than the rest of the lint).
    static let spellings: [String: APSKey] = {
        var spellings: [String: APSKey] = [:]
        for key in APSKey.allCases {
            let parts = key.name.split(separator: "-")
            spellings[key.name] = key
            spellings[parts.joined(separator: "_")] = key
            spellings[(parts.first.map(String.init) ?? "") + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()] = key
        }
        return spellings
    }()

    /// For each first byte of a spelling, the lengths of the spellings that begin with it (bit `n`: `n` bytes long).
    /// Most custom keys begin with another byte or have another length, and are passed over without the hash of a
    /// look-up in `spellings` (callgrind: the rule's 1,656 instructions a lint on the benchmark's payload, three keys,
    /// became 648).
    static let lengthsByFirstByte: [UInt64] = {
        var lengths = [UInt64](repeating: 0, count: 128)
        for spelling in spellings.keys {
            lengths[Int(spelling.utf8.first!)] |= 1 << UInt64(spelling.utf8.count)
        }
        return lengths
    }()

    /// Whether `key` may be one of `spellings`: false for most custom keys.
    static func mayBeSpelling(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard let first = utf8.first, first < 0x80, utf8.count < 64 else { return false }
        return lengthsByFirstByte[Int(first)] & 1 << UInt64(utf8.count) != 0
    }

    static func check(_ context: inout RuleContext) {
        guard let payload = context.definition.payload, let aps = payload.aps else { return }
        for field in payload.fields.fields {
            let name = field.key
            guard Self.mayBeSpelling(name), let key = Self.spellings[name], !aps.keys.contains(key) else { continue }
            let folded = key.name
            let spelling = folded == field.key ? "" : " (APNs spells it \"\(folded)\"; \"\(field.key)\" is FCM's or another sender's spelling)"
            context.report(
                "\"\(field.key)\" is written beside \"aps\", where the device does not read it\(spelling): there it is custom data for the app, so it has no effect on the notification",
                at: field, help: "move it into \"aps\": \"aps\": {\"\(folded)\": …}")
        }
    }
}
