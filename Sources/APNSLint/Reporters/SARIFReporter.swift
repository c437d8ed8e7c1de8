import APNSLintRules
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `sarif`: SARIF 2.1.0 (OASIS), as GitHub code scanning takes it (`github/codeql-action/upload-sarif`).
///
/// One run (`runs[0]`):
/// - `tool.driver`: `name`, `informationUri`, `version`, and `rules`: every rule of the run, in the order given. A
///   rule has `id`, `name` (the id), `shortDescription.text` (the summary), `fullDescription.text` (the
///   rationale), `help.text` (summary, a blank line, rationale, why the rule has its severity), `help.markdown`
///   (summary, rationale, why the severity, a `[Learn more about <id>](<rule page>)` link and `References:` as a list of `<url>` links), `helpUri` (the
///   rule's page, `APNSLintTool.documentationURL(forRule:)`), `defaultConfiguration.level` and `properties`:
///   `tags` (the category), `precision` (`very-high`: a finding is a fact about the text, not a guess) and
///   `problem.severity` (`error`, `warning`, `recommendation`). No `security-severity`: these are not security
///   findings. GitHub caps `shortDescription.text` at 255 and `fullDescription.text` at 1024 characters (UTF-16
///   code units are counted here); a longer text is cut after its last whole sentence that fits (after the last
///   whole word, with `…`, when no sentence does), and `help` keeps all of it.
/// - `originalUriBaseIds["%SRCROOT%"].uri`: the root directory (the current directory unless another is given)
///   as an absolute `file:` URI ending in `/`.
/// - `columnKind`: `utf16CodeUnits` (the SARIF SDK's default; GitHub does not document which kind it reads).
/// - `results`: one per diagnostic, reports in the order given. `ruleId`, `ruleIndex` (the rule's index in
///   `tool.driver.rules`), `level` (`error` → `error`, `warning` → `warning`, `info` → `note`), `message.text`
///   (the message, ` (document N of M)` in a multi-document file, `\nhelp: …` when there is help), one location
///   and `partialFingerprints`: `apnsLintFingerprint/v1`, the fingerprint a baseline keeps (`Baseline.fingerprints`:
///   it survives lines moving), and `primaryLocationLineHash`.
///
/// A location's `artifactLocation`: a file inside the root gets a `uri` relative to it (`./` dropped, `..`
/// resolved, as GitHub matches it against the repository's paths) and `uriBaseId` `%SRCROOT%`; a file outside
/// it gets an absolute `file:///…` URI and no `uriBaseId` (GitHub cannot place such a result in the repository,
/// and the SARIF SDK's GH1006 flags it: run the tool from the repository root). Standard input is named like a
/// file in the root (`<stdin>` → `%3Cstdin%3E`, or the `--stdin-filename` path). Paths are resolved by their text
/// only (symbolic links are not followed); everything outside RFC 3986's unreserved set and `/` is
/// percent-encoded as UTF-8.
///
/// A location's `region`: when the finding has a place in the file, 1-based `startLine`, `startColumn`,
/// `endLine`, `endColumn` (just past the last character; columns count UTF-16 code units, so `😀` counts 2) and
/// the 0-based `byteOffset` and `byteLength`; otherwise `startLine` 1 alone, as GitHub requires a start line.
///
/// `primaryLocationLineHash` is what `upload-sarif` computes for the region's start line (codeql-action's
/// `src/fingerprints.ts`; see `lineHashes`): a rolling hash of 100 UTF-16 code units from the line's first one,
/// spaces and tabs left out and line breaks written `\n`, in hex, then `:` and how many lines so far have that
/// hash. It is worked out from the bytes that were linted, so an upload through the REST API (which computes
/// none) tracks alerts too, and `upload-sarif` finds its own value already there. It is left out when the bytes
/// are not valid UTF-8, which Node.js would decode in its own way.
///
/// A diagnostic with a fix has `fixes[0]`: its title and applicability, and the edits as `deletedRegion` (bytes)
/// + `insertedContent`, in an `artifactChanges` entry with the same `artifactLocation`.
public struct SARIFReporter: Reporter, Sendable {
    public static let schema = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The key of the baseline's fingerprint in `partialFingerprints`.
    public static let fingerprintKey = "apnsLintFingerprint/v1"
    /// The `uriBaseId` of relative URIs.
    public static let rootBaseID = "%SRCROOT%"
    /// GitHub's limits on `shortDescription.text` and `fullDescription.text`.
    public static let shortDescriptionLimit = 255
    public static let fullDescriptionLimit = 1024

    /// The directory relative URIs start from: an absolute path.
    public let rootDirectory: String

    /// - Parameter rootDirectory: where relative URIs start (the repository root when the tool runs there); the
    ///   current directory by default. A relative path is taken from the current directory.
    public init(rootDirectory: String = FileManager.default.currentDirectoryPath) {
        if rootDirectory.hasPrefix("/") {
            self.rootDirectory = rootDirectory
        } else {
            self.rootDirectory = FileManager.default.currentDirectoryPath + "/" + rootDirectory
        }
    }

    public func report(_ reports: [FileReport], rules: [DocumentedRule]) -> String {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
        var results: [JSONValue] = []
        for report in reports where !report.diagnostics.isEmpty {
            let location = artifactLocation(report.fileName)
            let hashes = Self.lineHashes(report.source.bytes)
            for (diagnostic, fingerprint) in zip(report.diagnostics, Baseline.fingerprints(of: report)) {
                results.append(result(for: diagnostic, in: report, ruleIndex: ruleIndex[diagnostic.ruleID],
                                      location: location, lineHashes: hashes, fingerprint: fingerprint))
            }
        }
        let run: JSONValue = .object([
            ("tool", .object([("driver", .object([
                ("name", .string(APNSLintTool.name)),
                ("informationUri", .string(APNSLintTool.informationURI)),
                ("version", .string(APNSLintTool.version)),
                ("rules", .array(rules.map(Self.rule))),
            ]))])),
            ("originalUriBaseIds", .object([(Self.rootBaseID, .object([("uri", .string(rootURI))]))])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
        ])
        let log: JSONValue = .object([
            ("$schema", .string(Self.schema)),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return log.serialized() + "\n"
    }

    // MARK: Rules

    static func rule(_ rule: DocumentedRule) -> JSONValue {
        .object([
            ("id", .string(rule.id)),
            ("name", .string(rule.id)),
            ("shortDescription", .object([("text", .string(shortened(rule.summary, limit: shortDescriptionLimit)))])),
            ("fullDescription", .object([("text", .string(shortened(rule.rationale, limit: fullDescriptionLimit)))])),
            ("help", .object([("text", .string(helpText(rule))), ("markdown", .string(helpMarkdown(rule)))])),
            ("helpUri", .string(APNSLintTool.documentationURL(forRule: rule.id))),
            ("defaultConfiguration", .object([("level", .string(level(rule.severity)))])),
            ("properties", .object([
                ("tags", .array([.string(rule.category.rawValue)])),
                ("precision", .string("very-high")),
                ("problem.severity", .string(problemSeverity(rule.severity))),
            ])),
        ])
    }

    /// The summary, a blank line, the rationale, and why the rule has its severity (the severity contract).
    static func helpText(_ rule: DocumentedRule) -> String {
        rule.summary + "\n\n" + rule.rationale + "\n\n" + severityLine(rule)
    }

    /// The summary and rationale (already Markdown, as on the rule's page), why the severity, a link to the page,
    /// the references.
    static func helpMarkdown(_ rule: DocumentedRule) -> String {
        var out = rule.summary + "\n\n" + rule.rationale + "\n\n" + severityLine(rule) + "\n\n"
        out += "[Learn more about \(rule.id)](\(APNSLintTool.documentationURL(forRule: rule.id)))"
        if !rule.references.isEmpty {
            out += "\n\nReferences:\n\n" + rule.references.map { "- <\($0)>" }.joined(separator: "\n")
        }
        return out
    }

    /// "Why this severity: error. Rejected with `BadDeviceToken`: … (source: <…>)", as on the rule's page.
    static func severityLine(_ rule: DocumentedRule) -> String {
        "Why this severity: \(rule.severity.rawValue). \(rule.severityBasis.sentence)"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// GitHub's `problem.severity` for a rule that is not about security.
    static func problemSeverity(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "recommendation"
        }
    }

    /// `text` when it is at most `limit` UTF-16 code units; otherwise its longest start that ends a sentence and
    /// fits, or, when no sentence fits, its whole words that fit followed by `…`.
    ///
    /// A sentence ends at `.`, `!` or `?` followed by a space and not by a lowercase letter, outside parentheses and
    /// code spans (`` ` ``), and not in `e.g.`, `i.e.`, `cf.` or `vs.`.
    static func shortened(_ text: String, limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        let scalars = Array(text.unicodeScalars)
        var units = 0
        var depth = 0
        var inCode = false
        var lastSentenceEnd: Int?
        var lastSpace: Int?
        // How many scalars fit with room left for `…`.
        var fitting = 0
        for (index, scalar) in scalars.enumerated() {
            units += scalar.utf16.count
            if units > limit { break }
            if units < limit { fitting = index + 1 }
            switch scalar {
            case "`": inCode.toggle()
            case "(" where !inCode: depth += 1
            case ")" where !inCode: depth = max(0, depth - 1)
            case " ": lastSpace = index
            case ".", "!", "?":
                guard !inCode, depth == 0, index + 2 < scalars.count, scalars[index + 1] == " ",
                      !Character(scalars[index + 2]).isLowercase else { break }
                var wordStart = index
                while wordStart > 0, scalars[wordStart - 1] != " " { wordStart -= 1 }
                let word = String(String.UnicodeScalarView(scalars[wordStart..<index])).lowercased()
                if ["e.g", "i.e", "cf", "vs"].contains(word) { break }
                lastSentenceEnd = index
            default: break
            }
        }
        if let end = lastSentenceEnd {
            return String(String.UnicodeScalarView(scalars[...end]))
        }
        let end = lastSpace.map { $0 > 0 ? $0 : fitting } ?? fitting
        return String(String.UnicodeScalarView(scalars[..<end])) + "…"
    }

    // MARK: Results

    func result(for diagnostic: Diagnostic, in report: FileReport, ruleIndex: Int?, location: JSONValue,
                lineHashes: [String]?, fingerprint: String) -> JSONValue {
        var physical: [(String, JSONValue)] = [("artifactLocation", diagnostic.externalLocation.map { artifactLocation($0.path) } ?? location)]
        let startLine: Int
        if let external = diagnostic.externalLocation {
            // A header the configuration gives: its line in the configuration file (no line hash: that file is not read).
            startLine = 0
            physical.append(("region", .object([("startLine", .int(external.line)), ("startColumn", .int(external.column))])))
        } else if let range = diagnostic.range {
            let (start, end) = report.positions(range)
            startLine = start.line
            physical.append(("region", .object([
                ("startLine", .int(start.line)),
                ("startColumn", .int(Self.utf16Column(start, in: report.source))),
                ("endLine", .int(end.line)),
                ("endColumn", .int(Self.utf16Column(end, in: report.source))),
                ("byteOffset", .int(start.offset)),
                ("byteLength", .int(end.offset - start.offset)),
            ])))
        } else {
            // GitHub code scanning needs a region with a start line on every result: a finding about the whole
            // request (a header from the command line, say) is shown on the file's first line.
            startLine = 1
            physical.append(("region", .object([("startLine", .int(1))])))
        }
        var text = diagnostic.message
        if let part = report.partName(of: diagnostic) { text += " (\(part))" }
        if let help = diagnostic.help { text += "\nhelp: \(help)" }
        var members: [(String, JSONValue)] = [("ruleId", .string(diagnostic.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(Self.level(diagnostic.severity))),
            ("message", .object([("text", .string(text))])),
            ("locations", .array([.object([("physicalLocation", .object(physical))])])),
        ]
        // Notes placed in another file (the app's Info.plist, its strings): SARIF's related locations.
        let related = diagnostic.notes.compactMap { note -> JSONValue? in
            guard let place = note.location else { return nil }
            return .object([
                ("physicalLocation", .object([
                    ("artifactLocation", artifactLocation(place.path)),
                    ("region", .object([("startLine", .int(place.line)), ("startColumn", .int(place.column))])),
                ])),
                ("message", .object([("text", .string(note.message))])),
            ])
        }
        if !related.isEmpty { members.append(("relatedLocations", .array(related))) }
        // A stream's record holds the lines of the file from its first.
        let hashIndex = startLine - report.source.firstLine
        // The baseline's fingerprint (`Baseline.fingerprints`), then the line hash `upload-sarif` would compute.
        var fingerprints: [(String, JSONValue)] = [(Self.fingerprintKey, .string(fingerprint))]
        if let lineHashes, hashIndex >= 0, hashIndex < lineHashes.count {
            fingerprints.append(("primaryLocationLineHash", .string(lineHashes[hashIndex])))
        }
        members.append(("partialFingerprints", .object(fingerprints)))
        if let fix = diagnostic.fix, !fix.edits.isEmpty {
            let replacements = fix.edits.map { edit -> JSONValue in
                let edit = report.literal(edit)
                return .object([
                    ("deletedRegion", .object([("byteOffset", .int(edit.range.start)), ("byteLength", .int(edit.range.length))])),
                    ("insertedContent", .object([("text", .string(edit.replacement))])),
                ])
            }
            members.append(("fixes", .array([.object([
                ("description", .object([("text", .string("\(fix.title) (\(fix.applicability.rawValue))"))])),
                ("artifactChanges", .array([.object([
                    ("artifactLocation", location),
                    ("replacements", .array(replacements)),
                ])])),
            ])])))
        }
        return .object(members)
    }

    /// The 1-based column of a position in UTF-16 code units (`SourceText.utf16Column`).
    static func utf16Column(_ position: SourcePosition, in source: SourceText) -> Int {
        source.utf16Column(position)
    }

    // MARK: Locations

    /// `file:///<root>/`, percent-encoded.
    var rootURI: String {
        let parts = Self.components(rootDirectory)
        return "file://" + Self.uri("/" + parts.map { $0 + "/" }.joined())
    }

    /// A relative `uri` with `uriBaseId` for a file in the root; an absolute `file:` URI for any other.
    func artifactLocation(_ fileName: String) -> JSONValue {
        let path = Self.components(fileName.hasPrefix("/") ? fileName : rootDirectory + "/" + fileName)
        let root = Self.components(rootDirectory)
        if path.count > root.count, path.starts(with: root) {
            return .object([
                ("uri", .string(Self.uri(path.dropFirst(root.count).joined(separator: "/")))),
                ("uriBaseId", .string(Self.rootBaseID)),
            ])
        }
        return .object([("uri", .string("file://" + Self.uri("/" + path.joined(separator: "/"))))])
    }

    /// The components of an absolute path with `.`, `..` and empty components resolved by their text.
    static func components(_ path: String) -> [String] {
        var parts: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return parts
    }

    /// A path as a URI reference: `/` kept, everything outside RFC 3986's unreserved set percent-encoded as UTF-8
    /// (`my push.json` → `my%20push.json`).
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

    // MARK: Fingerprints

    /// Each line's `primaryLocationLineHash` (index 0 is line 1), computed as codeql-action's `upload-sarif` does
    /// on the file's text decoded to UTF-16; nil when the bytes are not valid UTF-8.
    ///
    /// The code units go through a window of the last 100: spaces and tabs are skipped, `\r\n` and `\r` become
    /// `\n`, and 65535 marks the end of the text, followed by zeros. A line's hash is Σ cᵢ·37^(99−i) over the 100
    /// units from its first one, in 64-bit arithmetic that wraps; it is written in lowercase hex without leading
    /// zeros, then `:` and the number of lines up to this one with the same hash. A text ending in a line break
    /// has one more (empty) line, as `SourceText` counts it.
    static func lineHashes(_ bytes: [UInt8]) -> [String]? {
        let text = String(decoding: bytes, as: UTF8.self)
        // Invalid UTF-8 became U+FFFD, so the text no longer encodes to the same bytes.
        guard text.utf8.elementsEqual(bytes) else { return nil }
        let blockSize = 100
        let base: UInt64 = 37
        var baseToBlockSize: UInt64 = 1
        for _ in 0..<blockSize { baseToBlockSize &*= base }

        var window = [UInt64](repeating: 0, count: blockSize)
        var lineAt = [Bool](repeating: false, count: blockSize)
        var hash: UInt64 = 0
        var index = 0
        var atLineStart = true
        var afterCR = false
        var seen: [UInt64: Int] = [:]
        var hashes: [String] = []

        func emitIfLineStartLeaves() {
            guard lineAt[index] else { return }
            seen[hash, default: 0] += 1
            hashes.append(String(hash, radix: 16) + ":" + String(seen[hash]!))
            lineAt[index] = false
        }
        func push(_ unit: UInt64) {
            let leaving = window[index]
            window[index] = unit
            hash = base &* hash &+ unit &- baseToBlockSize &* leaving
            index = (index + 1) % blockSize
        }
        func take(_ unit: UInt16) {
            var unit = unit
            if unit == 0x20 || unit == 0x09 || (afterCR && unit == 0x0A) {
                afterCR = false
                return
            }
            afterCR = unit == 0x0D
            if afterCR { unit = 0x0A }
            emitIfLineStartLeaves()
            if atLineStart {
                atLineStart = false
                lineAt[index] = true
            }
            if unit == 0x0A { atLineStart = true }
            push(UInt64(unit))
        }

        for unit in text.utf16 { take(unit) }
        take(0xFFFF)
        for _ in 0..<blockSize {
            emitIfLineStartLeaves()
            push(0)
        }
        return hashes
    }
}
