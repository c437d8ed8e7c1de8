import APNSLintRules
import APNSLintSyntax

/// `gitlab`: GitLab Code Quality JSON (a `codequality` report artifact): an array of
/// `{"description", "check_name", "fingerprint", "severity", "location": {"path", "lines": {"begin"}}}`.
///
/// `severity`: `error` → `critical`, `warning` → `minor`, `info` → `info`. `fingerprint` is the 64-bit FNV-1a
/// hash (16 hex digits) of the rule id, path, JSON Pointer, document index and message, so it stays the same
/// while the finding does, even when lines move. A diagnostic with no place in the file is at line 1; one about a
/// header the configuration gives is at its line in the configuration file.
public struct GitLabReporter: Reporter, Sendable {
    public init() {}

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        var items: [JSONValue] = []
        for report in reports {
            for diagnostic in report.diagnostics {
                let line = diagnostic.externalLocation?.line ?? diagnostic.range.map { report.source.position(of: $0.start).line } ?? 1
                let description = diagnostic.message + (diagnostic.externalLocation == nil ? "" : report.partName(of: diagnostic).map { " (\($0))" } ?? "")
                let key = [diagnostic.ruleID, report.fileName, diagnostic.pointer.description,
                           diagnostic.document.map(String.init) ?? "", diagnostic.message].joined(separator: "\u{0}")
                items.append(.object([
                    ("description", .string(description)),
                    ("check_name", .string(diagnostic.ruleID)),
                    ("fingerprint", .string(Self.fingerprint(key))),
                    ("severity", .string(Self.severity(diagnostic.severity))),
                    ("location", .object([("path", .string(diagnostic.externalLocation?.path ?? report.fileName)),
                                          ("lines", .object([("begin", .int(line))]))])),
                ]))
            }
        }
        return JSONValue.array(items).serialized() + "\n"
    }

    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: "critical"
        case .warning: "minor"
        case .info: "info"
        }
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 lowercase hex digits.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
