import APNSLintRules
import APNSLintSyntax

/// `sarif`: SARIF 2.1.0 (OASIS), as GitHub code scanning takes it (`github/codeql-action/upload-sarif`).
///
/// One run. `tool.driver` carries the name, version, information URI and every rule of the run (id, short and
/// full description, `helpUri`, default level); a result's `ruleIndex` is its rule's index in that array.
/// Levels: `error` → `error`, `warning` → `warning`, `info` → `note`. Each result has one location: the file
/// as a relative URI and a region: when the finding has a place in the file, 1-based `startLine`,
/// `startColumn`, `endLine`, `endColumn` (columns count Unicode scalars: `columnKind` is `unicodeCodePoints`)
/// and the 0-based `byteOffset` and `byteLength`; otherwise `startLine` 1, as GitHub requires a start line. A diagnostic with a fix has `fixes[0]`: its title and the
/// edits as `deletedRegion` (bytes) + `insertedContent`.
public struct SARIFReporter: Reporter, Sendable {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    public init() {}

    public func report(_ reports: [FileReport], rules: [RuleMetadata]) -> String {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
        let driverRules = rules.map { rule -> JSONOutput in
            let level = Self.level(rule.severity)
            return .object([
                ("id", .string(rule.id)),
                ("name", .string(rule.id)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(rule.rationale))])),
                ("helpUri", .string(APNSLintTool.documentationURL(forRule: rule.id))),
                ("defaultConfiguration", .object([("level", .string(level))])),
                ("properties", .object([("tags", .array([.string(rule.category.rawValue)]))])),
            ])
        }
        var results: [JSONOutput] = []
        for report in reports {
            for diagnostic in report.diagnostics {
                results.append(result(for: diagnostic, in: report, ruleIndex: ruleIndex[diagnostic.ruleID]))
            }
        }
        let run: JSONOutput = .object([
            ("tool", .object([("driver", .object([
                ("name", .string(APNSLintTool.name)),
                ("informationUri", .string(APNSLintTool.informationURI)),
                ("version", .string(APNSLintTool.version)),
                ("rules", .array(driverRules)),
            ]))])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
        ])
        let log: JSONOutput = .object([
            ("$schema", .string(Self.schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return log.serialized() + "\n"
    }

    func result(for diagnostic: Diagnostic, in report: FileReport, ruleIndex: Int?) -> JSONOutput {
        let uri = Self.uri(report.fileName)
        var physical: [(String, JSONOutput)] = [("artifactLocation", .object([("uri", .string(uri))]))]
        if let range = diagnostic.range {
            let (start, end) = report.positions(range)
            physical.append(("region", .object([
                ("startLine", .int(start.line)),
                ("startColumn", .int(start.column)),
                ("endLine", .int(end.line)),
                ("endColumn", .int(end.column)),
                ("byteOffset", .int(start.offset)),
                ("byteLength", .int(end.offset - start.offset)),
            ])))
        } else {
            // GitHub code scanning needs a region with a start line on every result: a finding about the whole
            // request (a header from the command line, say) is shown on the file's first line.
            physical.append(("region", .object([("startLine", .int(1))])))
        }
        var text = diagnostic.message
        if let document = diagnostic.document { text += " (document \(document + 1) of \(report.documentCount))" }
        if let help = diagnostic.help { text += "\nhelp: \(help)" }
        var members: [(String, JSONOutput)] = [("ruleId", .string(diagnostic.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(Self.level(diagnostic.severity))),
            ("message", .object([("text", .string(text))])),
            ("locations", .array([.object([("physicalLocation", .object(physical))])])),
        ]
        if let fix = diagnostic.fix, !fix.edits.isEmpty {
            let replacements = fix.edits.map { edit -> JSONOutput in
                let edit = report.literal(edit)
                return .object([
                    ("deletedRegion", .object([("byteOffset", .int(edit.range.start)), ("byteLength", .int(edit.range.length))])),
                    ("insertedContent", .object([("text", .string(edit.replacement))])),
                ])
            }
            members.append(("fixes", .array([.object([
                ("description", .object([("text", .string("\(fix.title) (\(fix.applicability.rawValue))"))])),
                ("artifactChanges", .array([.object([
                    ("artifactLocation", .object([("uri", .string(uri))])),
                    ("replacements", .array(replacements)),
                ])])),
            ])])))
        }
        return .object(members)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A path as a relative URI reference: `/` kept, everything outside RFC 3986's unreserved set
    /// percent-encoded as UTF-8 (`my push.json` → `my%20push.json`).
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
