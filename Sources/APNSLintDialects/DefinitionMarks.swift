import APNSLintModel
import APNSLintSyntax

/// What tells a notification definition apart from any other JSON or YAML document (a `package.json`, a
/// `tsconfig.json`, a JSON schema): the keys at its top level. A directory walk lints only the documents these
/// mark, so the words many other formats use (`data`, `message`, `topic`, `title`, `validate`) are not marks on
/// their own.
public enum DefinitionMarks {
    /// Top-level keys each of which marks a definition: `aps`, `mdm`, the envelope's `device-token`, the keys of
    /// `aps` and of its alert written outside `aps` (the mistake `aps-key-outside-aps` reports) when they are
    /// APNs's own words (`alert`, `badge`, `sound`, `body`, `subtitle` and the hyphenated ones), `apns-` headers,
    /// and the fields only node-apn or ADCK use (`pushType`, `rawPayload`, `locKey`, `action_loc_key`,
    /// `device_token`, …). `headers` and `payload` mark one when they hold an object; `dialect` when it names a
    /// dialect; Skygear's definitions are told by the shape of their `message`, `platform` or `custom`.
    public static let keys: Set<String> = {
        var keys: Set<String> = [PayloadKey.aps.name, PayloadKey.mdm.name, EnvelopeKey.deviceToken,
                                 APSKey.alert.name, APSKey.badge.name, APSKey.sound.name, AlertKey.body.name, AlertKey.subtitle.name]
        keys.formUnion(APSKey.allCases.map(\.name).filter { $0.contains("-") })
        keys.formUnion(AlertKey.allCases.map(\.name).filter { $0.contains("-") })
        keys.formUnion(HeaderKey.allCases.map(\.name).filter { $0.hasPrefix("apns-") })
        keys.formUnion(NodeAPNDialect.distinctiveKeys.subtracting(["topic", "expiry"]))
        keys.formUnion(ADCKDialect.distinctiveKeys.subtracting(["truncate", "validate", "freeze"]))
        keys.insert("dry_run")
        return keys
    }()

    /// Keys that mark a definition when their value is an object: the envelope's.
    static let objectKeys: Set<String> = [EnvelopeKey.headers, EnvelopeKey.payload]

    /// Keys another system writes at the top of a definition: a text that holds one may be that system's even where
    /// its top level could not be kept (`Linter` then reads it whole). The keys that tell each system apart, and
    /// every key of an SNS message (one of nothing but its protocols' and other platforms' keys is one); not every key
    /// a system reads: `badge` or `title`, which any payload has, would read whole every large payload.
    public static let serviceTextKeys: Set<String> = Dialect.allCases.filter { $0 != .apns }
        // With the keys of the messages in Expo's batches and gorush's lists.
        .reduce(into: Set(SNSDialect.messageKeys + ["to", "notifications", "app_id"])) { keys, dialect in keys.formUnion(dialect.distinctiveKeys) }

    /// Every key whose mere presence in a text suggests a definition: `keys`, the envelope's, `dialect`, and the keys
    /// only an FCM request or an SNS message has. For a text no reader could read, where only its words are left to
    /// go by.
    public static let textKeys: Set<String> = keys.union(objectKeys).union([Dialect.declarationKey])
        .union(["apns", "validate_only", "registration_ids", "notifications", "_contentAvailable", "app_id", SimulatorDialect.targetBundleKey])
        .union(SNSDialect.apnsPlatforms)

    /// Whether the document looks like a notification definition: an object with a marking key at its top level,
    /// or an array holding one (a list of definitions, which the rules report as not an object).
    public static func marksDefinition(_ document: DocumentNode) -> Bool {
        switch document.value {
        case .object(let members): return marks(members)
        case .array(let elements): return elements.contains { $0.members.map(marks) ?? false }
        default: return false
        }
    }

    /// An object's keys mark a definition: one of them does, or the object has the shape of an FCM request, an SNS
    /// message, an Expo message, a OneSignal notification or a gorush request.
    private static func marks(_ members: [Member]) -> Bool {
        members.contains(where: marks) || FCMDialect.marksDefinition(members) || SNSDialect.marksDefinition(members)
            || ExpoDialect.marksDefinition(members) || OneSignalDialect.marksDefinition(members) || GorushDialect.marksDefinition(members)
    }

    private static func marks(_ member: Member) -> Bool {
        let key = member.key
        if keys.contains(key) { return true }
        if objectKeys.contains(key) { return member.value.members != nil }
        if key == Dialect.declarationKey {
            guard let name = member.value.string else { return false }
            let names = Dialect.allCases.map(\.rawValue)
            return names.contains(name) || Suggestion.closest(to: name, in: names) != nil
        }
        // Skygear: a message with a title or body, a platform switch, ios_/android_ options.
        guard let members = member.value.members else { return false }
        switch key {
        case "message": return members.contains { SkygearDialect.messageKeys.contains($0.key) }
        case "platform": return members.contains { SkygearDialect.platformKeys.contains($0.key) }
        case "custom": return members.contains { $0.key.hasPrefix("ios_") || $0.key.hasPrefix("android_") }
        default: return false
        }
    }
}
