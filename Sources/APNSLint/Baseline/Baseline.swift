import APNSLintRules
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The findings a team has accepted (`check --baseline FILE`, `--write-baseline FILE`): each by rule id, path and
/// `fingerprint`, so a run reports only findings that are not in it.
///
/// The file is JSON, one finding a line, sorted by path, rule and fingerprint, so it diffs well:
///
///     {
///       "version": 1,
///       "findings": [
///         {"path": "push/alert.json", "rule": "unknown-aps-key", "fingerprint": "5f0e3c1a9b2d4e67:1"}
///       ]
///     }
///
/// `path` is relative to the baseline file's directory (so the file means the same from any working directory).
public struct Baseline: Sendable {
    public struct Entry: Hashable, Comparable, Sendable, Codable {
        public var path: String
        public var rule: String
        public var fingerprint: String

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.path, lhs.rule, lhs.fingerprint) < (rhs.path, rhs.rule, rhs.fingerprint)
        }
    }

    public static let version = 1
    public private(set) var entries: Set<Entry>
    /// The absolute directory the entries' paths are relative to.
    public let directory: String

    /// An empty baseline for the file at `path`.
    public init(for path: String, entries: Set<Entry> = []) {
        directory = Paths.directory(of: Paths.absolute(path))
        self.entries = entries
    }

    /// The baseline in the file at `path`; nil when there is no such file.
    public static func read(from path: String) throws(InputError) -> Baseline? {
        guard Paths.isDirectory(path) != nil else { return nil }
        let bytes = try Inputs.readFile(path)
        struct File: Decodable {
            var version: Int
            var findings: [Entry]
        }
        guard let file = try? JSONDecoder().decode(File.self, from: Data(bytes)) else {
            throw InputError(path: path, reason: "not an apns-lint baseline (a JSON object with \"version\": \(version) and \"findings\")")
        }
        guard file.version == version else {
            throw InputError(path: path, reason: "baseline version \(file.version) is not one this apns-lint reads (\(version))")
        }
        return Baseline(for: path, entries: Set(file.findings))
    }

    /// The file's text: stable, sorted, one finding a line.
    public var text: String {
        let lines = entries.sorted().map { entry in
            "    {\"path\": \(JSONString.quoted(entry.path)), \"rule\": \(JSONString.quoted(entry.rule)), \"fingerprint\": \(JSONString.quoted(entry.fingerprint))}"
        }
        return "{\n  \"version\": \(Self.version),\n  \"findings\": [" + (lines.isEmpty ? "" : "\n" + lines.joined(separator: ",\n") + "\n  ") + "]\n}\n"
    }

    /// Writes the file atomically.
    public func write(to path: String) throws(InputError) {
        try Inputs.writeNewFile(Array(text.utf8), to: path)
    }

    /// The entries of a report's findings, in its order.
    public func entries(of report: FileReport) -> [Entry] {
        let path = relativePath(report.fileName)
        return zip(report.diagnostics, Self.fingerprints(of: report)).map { Entry(path: path, rule: $0.ruleID, fingerprint: $1) }
    }

    /// The report without the findings in the baseline, and the entries of those it left out.
    public func filter(_ report: FileReport) -> (report: FileReport, baselined: [Entry]) {
        guard !report.diagnostics.isEmpty else { return (report, []) }
        var report = report
        var baselined: [Entry] = []
        var kept: [Diagnostic] = []
        for (diagnostic, entry) in zip(report.diagnostics, entries(of: report)) {
            if entries.contains(entry) { baselined.append(entry) } else { kept.append(diagnostic) }
        }
        report.diagnostics = kept
        return (report, baselined)
    }

    /// The report without any finding, and the entries of all of them: what a run that records a baseline reports.
    public func withoutFindings(_ report: FileReport) -> (report: FileReport, baselined: [Entry]) {
        guard !report.diagnostics.isEmpty else { return (report, []) }
        var report = report
        let baselined = entries(of: report)
        report.diagnostics = []
        return (report, baselined)
    }

    /// `path` (as the report names it, from the working directory) relative to the baseline's directory.
    func relativePath(_ path: String) -> String {
        let absolute = Paths.absolute(path)
        let base = directory == "/" ? "/" : directory + "/"
        if absolute.hasPrefix(base) { return String(absolute.dropFirst(base.count)) }
        // Outside it: climb up to the common directory.
        let from = directory.split(separator: "/")
        let to = absolute.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}

extension Baseline {
    /// Each finding's fingerprint, in the report's order: the one fingerprint of a finding (the baseline's, and SARIF's
    /// `partialFingerprints["apnsLintFingerprint/v1"]`).
    ///
    /// It is the 64-bit FNV-1a hash (16 hex digits) of the rule id, the JSON Pointer of what the finding is about, the
    /// text of the flagged span and its line's text without blanks (spaces, tabs, line breaks; a trailing comma), then `:` and the
    /// occurrence of that hash in the file (1 for the first), so findings that are alike stay apart. A record of a
    /// stream (a line of JSON Lines) adds its number. Neither the line number nor the file's name goes in, so lines
    /// inserted above a finding and keys moved around it leave it the same; the path is the baseline entry's own field.
    public static func fingerprints(of report: FileReport) -> [String] {
        var seen: [String: Int] = [:]
        return report.diagnostics.map { diagnostic in
            var parts = [diagnostic.ruleID, diagnostic.pointer.description]
            if let record = report.streamRecord { parts.append(String(record)) }
            if let range = diagnostic.range, range.end <= report.source.count {
                // Blanks and line breaks left out: a span over several lines (a whole document) keeps its
                // fingerprint when the file is re-indented.
                parts.append(String(decoding: report.source.bytes[range.start..<range.end].filter { !Self.isBlank($0) }, as: UTF8.self))
                let line = report.source.lineRange(report.source.position(of: range.start).line)
                var text = report.source.bytes[line.start..<line.end].filter { !Self.isBlank($0) }
                if text.last == UInt8(ascii: ",") { text.removeLast() }
                parts.append(String(decoding: text, as: UTF8.self))
            }
            let hash = GitLabReporter.fingerprint(parts.joined(separator: "\u{0}"))
            seen[hash, default: 0] += 1
            return hash + ":" + String(seen[hash]!)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
