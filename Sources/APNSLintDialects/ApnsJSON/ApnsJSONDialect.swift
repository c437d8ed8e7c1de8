import APNSLintModel
import APNSLintSyntax

/// Erlang's apns_json / apns_erlv3 notification proplists (the default for Erlang files), as `ErlangNotification`
/// builds their request.
public enum ApnsJSONDialect: DialectSystem {
    public static let name = "apns-json"
    public static let title = "apns_json (Erlang)"
    public static let docsRow = DialectDocsRow(
        writtenAs: "an Erlang proplist, `[{alert, <<\"Hi\">>}, {badge, 1}, {extra, […]}]`, or apns_erlv3's `send/2` properties",
        source: "SilentCircle/apns_erl_util@7666878 `apns_json.erl`; SilentCircle/apns_erlv3@03c1a3d 1.3.3",
        page: "definitions.md")
    public static let distinctiveKeys: Set<String> = ["extra"]
    public static var readsErlangTerms: Bool { true }
    /// Its definitions are Erlang files: `extra` in a JSON file marks nothing.
    public static func marksDefinition(_ members: [Member]) -> Bool { false }
    /// In an Erlang term file, what make_notification/1 and send/2 read at the top level marks one (`alert`, `badge`
    /// and `sound` are APNs's marks already): an OTP application's environment (`sys.config`) names applications there.
    public static var erlangMarks: Set<String> { ErlangNotification.topLevelProperties }

    public static func translate(_ input: DialectInput) -> DialectTranslation {
        // A JSON or YAML document declared apns-json has no term: its term is the one an Erlang programmer writes for it.
        ErlangNotification.translate(input.term ?? ErlangTerm(jsonDocument: input.document))
    }
}

extension Dialect {
    public static var apnsJSON: Dialect { Dialect(ApnsJSONDialect.self) }
}
