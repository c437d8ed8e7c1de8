/// Every rule apns-lint has, in documentation order. A test checks that each file under `Rules/` is listed.
/// Groups of rules kept in their own lists live in `RuleRegistry+*.swift`.
public enum RuleRegistry {
    public static let all: [any Rule] = core + payloadValueRules + headerRules + liveActivityRules + fcmRules

    static let core: [any Rule] = [
        // Syntax
        InvalidJSONRule(),
        ByteOrderMarkRule(),
        InvalidYAMLRule(),
        YAMLAliasLimitRule(),
        YAMLNonJSONValueRule(),
        YAMLAmbiguousScalarRule(),
        InvalidErlangTermRule(),
        ErlangCharlistStringRule(),
        ErlangNonJSONValueRule(),
        InvalidSuppressionRule(),
        UnusedSuppressionRule(),
        // Structure
        DuplicateKeyRule(),
        ProplistObjectRule(),
        NestedPayloadRule(),
        PayloadNotObjectRule(),
        MissingAPSRule(),
        APSNotObjectRule(),
        UnknownAPSKeyRule(),
        UnknownAlertKeyRule(),
        UnknownDefinitionKeyRule(),
        // Payload values
        InvalidValueTypeRule(),
        ContentAvailableNot1Rule(),
        MutableContentNot1Rule(),
        LocArgsWithoutLocKeyRule(),
        TitleLocArgsWithoutTitleLocKeyRule(),
        SubtitleLocArgsWithoutSubtitleLocKeyRule(),
        MutableContentWithoutAlertRule(),
        // Push type and delivery
        BackgroundPriority10Rule(),
        BackgroundWithAlertRule(),
        // Headers
        UnknownHeaderRule(),
        CollapseIDTooLongRule(),
        // Size
        PayloadTooLargeRule(),
        // System formats
        DialectUnclearRule(),
        DialectDroppedKeyRule(),
        DialectMissingKeyRule(),
        DialectTruncatedRule(),
        LegacyBinaryInterfaceRule(),
    ]

    public static func rule(id: String) -> (any Rule)? {
        all.first { $0.id == id }
    }

    public static var ids: [String] { all.map(\.id) }
}
