import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What each definition under `Examples/*/bad/` reports, kept in `Examples/bad-findings.txt`: one line per file,
/// `path rule@line:column`. `generate-docs` writes it from what the linter reports, so a position is reviewed in a
/// diff rather than typed into a table by hand; the tests lint every file again, compare, and check that each file
/// reports exactly the rule it is named after.
public enum ExampleFindings {
    public static let fileName = "bad-findings.txt"

    /// The findings of every bad example under `examples`, each linted as `apns-lint check Examples/` does (with its
    /// folder's configuration).
    public static func text(examples: URL) throws -> String {
        let manager = FileManager.default
        var lines: [String] = []
        for folder in try manager.contentsOfDirectory(atPath: examples.path).sorted() {
            let bad = examples.appendingPathComponent(folder).appendingPathComponent("bad")
            guard let names = try? manager.contentsOfDirectory(atPath: bad.path) else { continue }
            for name in names.sorted() where InputFormat.detect(fileName: name) != nil {
                let url = bad.appendingPathComponent(name)
                let path = "\(folder)/bad/\(name)"
                let report = try Workspace().linter(for: url.path)
                    .lint(SourceText(bytes: [UInt8](Data(contentsOf: url))), fileName: path, format: InputFormat.detect(fileName: name)!,
                          path: url.path)
                let findings = report.diagnostics.map { diagnostic in
                    "\(diagnostic.ruleID)@" + (diagnostic.range.map { "\(report.source.position(of: $0.start))" } ?? "-")
                }
                lines.append(([path] + findings).joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the file into `examples`.
    public static func write(examples: URL) throws {
        try Data(text(examples: examples).utf8).write(to: examples.appendingPathComponent(fileName), options: .atomic)
    }
}
