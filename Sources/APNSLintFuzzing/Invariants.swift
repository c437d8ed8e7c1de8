import APNSLint
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What must hold for any input, whatever its bytes: the properties the fuzz harness checks on every input it
/// makes, and the tests check on every seed and regression input.
public enum Invariant: String, CaseIterable, Sendable {
    /// Every diagnostic, note, fix edit and document node range lies inside the text.
    case rangesInsideText = "ranges-inside-text"
    /// The edits of one fix do not overlap (applying them together would be undefined).
    case editsDoNotOverlap = "edits-do-not-overlap"
    /// Fix rounds settle: the fixer ends with nothing left to apply, within its round limit.
    case fixesConverge = "fixes-converge"
    /// No fix round adds a syntax error (the fixer never had to roll one back).
    case fixesKeepSyntax = "fixes-keep-syntax"
    /// The fixer's final report is the report a fresh lint of its output gives.
    case fixReportIsFresh = "fix-report-is-fresh"
    /// Fixing the fixed text again changes nothing.
    case fixesAreIdempotent = "fixes-are-idempotent"
    /// The unified diff of a fix (`check --diff`), applied to the original bytes, gives the fixed bytes.
    case diffApplies = "diff-applies"
    /// Every rendered payload reads back, as a request body, to the same value, and renders to the same bytes.
    case renderRoundTrips = "render-round-trips"
    /// The serializer's size of a payload is the length of what it writes.
    case sizeMatchesOutput = "size-matches-output"
    /// The JSON, SARIF and GitLab reports parse as JSON; the JUnit and Checkstyle reports parse as XML.
    case reportsAreWellFormed = "reports-are-well-formed"
    /// Read with a retention limit so small that containers are elided (JSON only), the text has the same syntax
    /// problems, and the linter reports nothing (no rule at a range) that reading the whole text does not.
    case elisionAddsNoFinding = "elision-adds-no-finding"
}

/// One way an input broke an invariant.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    public let invariant: Invariant
    public let detail: String

    public init(_ invariant: Invariant, _ detail: String) {
        self.invariant = invariant
        self.detail = detail
    }

    public var description: String { "\(invariant.rawValue): \(detail)" }
}

/// Runs the linter, the fixer, the renderer, the serializer and the reporters on one input and says which
/// invariants it breaks.
public struct InvariantChecker: Sendable {
    /// The date rules compare with a fixed present, so the same input always gives the same report.
    public static let fixedNow = 1_800_000_000

    public let linter: Linter

    public init(linter: Linter = Linter(options: RuleOptions(now: InvariantChecker.fixedNow))) {
        self.linter = linter
    }

    /// Every violation `bytes` causes when read as `format`; empty when all invariants hold.
    public func check(_ bytes: [UInt8], format: InputFormat) -> [Violation] {
        let fileName = "fuzz.\(format.fileExtensions[0])"
        let source = SourceText(bytes: bytes)
        var violations: [Violation] = []
        violations += nodeRanges(format.read(source), count: bytes.count)
        let report = linter.lint(source, fileName: fileName, format: format)
        violations += diagnosticRanges(report, stage: "lint")
        violations += wellFormedReports(report)
        violations += renderRoundTrips(report)
        for includeUnsafe in [false, true] {
            violations += fixes(source, fileName: fileName, format: format, includeUnsafe: includeUnsafe)
        }
        if format == .json {
            // The library's call: the same bytes as a request body.
            let body = linter.lint(payload: Data(bytes))
            violations += diagnosticRanges(body, stage: "lint(payload:)")
            violations += renderRoundTrips(body)
            violations += elision(source, fileName: fileName)
        }
        return violations
    }

    /// The linter without a retention limit: every node of the text is kept.
    private var wholeTextLinter: Linter {
        var whole = linter
        whole.retentionLimit = nil
        return whole
    }

    // MARK: Elision

    /// What a retention limit changes (`Linter.retentionLimit`): nothing but what is kept.
    private func elision(_ source: SourceText, fileName: String) -> [Violation] {
        var violations: [Violation] = []
        let whole = JSONReader.read(source)
        let wholeReport = wholeTextLinter.lint(source, fileName: fileName, format: .json)
        let found = Set(wholeReport.diagnostics.map { "\($0.ruleID)@\($0.range.map(\.description) ?? "-")" })
        for limit in [0, 64] {
            let parsed = JSONReader.read(source, retentionLimit: limit)
            if parsed.problems != whole.problems || parsed.textIsCompact != whole.textIsCompact
                || parsed.documents.map(\.range) != whole.documents.map(\.range) {
                violations.append(Violation(.elisionAddsNoFinding, "retention limit \(limit): the reader found \(parsed.problems.map(\.message)), without one \(whole.problems.map(\.message))"))
            }
            var limited = linter
            limited.retentionLimit = limit
            for diagnostic in limited.lint(source, fileName: fileName, format: .json).diagnostics
            where !found.contains("\(diagnostic.ruleID)@\(diagnostic.range.map(\.description) ?? "-")") {
                violations.append(Violation(.elisionAddsNoFinding, "retention limit \(limit): \(diagnostic.ruleID) \"\(diagnostic.message)\", which the whole text does not give"))
            }
        }
        return violations
    }

    // MARK: Ranges

    private func nodeRanges(_ parsed: ParseResult, count: Int) -> [Violation] {
        var violations: [Violation] = []
        func inside(_ range: SourceRange) -> Bool { range.start >= 0 && range.end <= count }
        for (index, document) in parsed.documents.enumerated() {
            document.walk { node, path in
                let at = "document \(index) at /\(path.joined(separator: "/"))"
                if !inside(node.range) { violations.append(Violation(.rangesInsideText, "node range \(node.range) \(at), text of \(count) bytes")) }
                for member in node.members ?? [] where !inside(member.keyRange) || member.start < 0 || member.start > member.keyRange.start {
                    violations.append(Violation(.rangesInsideText, "key \"\(member.key)\" range \(member.keyRange) starting at \(member.start) \(at), text of \(count) bytes"))
                }
            }
        }
        for problem in parsed.problems where !inside(problem.range) {
            violations.append(Violation(.rangesInsideText, "syntax problem range \(problem.range) (\(problem.message)), text of \(count) bytes"))
        }
        return violations
    }

    private func diagnosticRanges(_ report: FileReport, stage: String) -> [Violation] {
        let count = report.source.count
        func inside(_ range: SourceRange?) -> Bool { range.map { $0.start >= 0 && $0.end <= count } ?? true }
        var violations: [Violation] = []
        for diagnostic in report.diagnostics {
            let what = "\(stage): \(diagnostic.ruleID) \"\(diagnostic.message)\""
            if !inside(diagnostic.range) {
                violations.append(Violation(.rangesInsideText, "\(what) at \(diagnostic.range!), text of \(count) bytes"))
            }
            for note in diagnostic.notes where !inside(note.range) {
                violations.append(Violation(.rangesInsideText, "\(what): note \"\(note.message)\" at \(note.range!), text of \(count) bytes"))
            }
            guard let fix = diagnostic.fix else { continue }
            for edit in fix.edits where !inside(edit.range) {
                violations.append(Violation(.rangesInsideText, "\(what): fix \"\(fix.title)\" edits \(edit.range), text of \(count) bytes"))
            }
            let edits = fix.edits.map(\.range).sorted()
            for (earlier, later) in zip(edits, edits.dropFirst()) where earlier.overlaps(later) {
                violations.append(Violation(.editsDoNotOverlap, "\(what): fix \"\(fix.title)\" edits \(earlier) and \(later)"))
            }
        }
        return violations
    }

    // MARK: Fixes

    private func fixes(_ source: SourceText, fileName: String, format: InputFormat, includeUnsafe: Bool) -> [Violation] {
        let options = FixOptions(includeUnsafe: includeUnsafe)
        let kind = includeUnsafe ? "fix with unsafe fixes" : "fix"
        let result = linter.fix(source, fileName: fileName, format: format, options: options)
        var violations = diagnosticRanges(result.report, stage: "\(kind), final report")
        switch result.problem {
        case .didNotConverge(let rounds)?:
            violations.append(Violation(.fixesConverge, "\(kind): fixes still applied after \(rounds) rounds"))
        case .roundBrokeTheFile(let round)?:
            violations.append(Violation(.fixesKeepSyntax, "\(kind): round \(round) added a syntax error and was rolled back"))
        case nil:
            break
        }
        let fixed = SourceText(bytes: result.fixed)
        let fresh = linter.lint(fixed, fileName: fileName, format: format)
        if fresh.diagnostics != result.report.diagnostics {
            violations.append(Violation(.fixReportIsFresh, "\(kind): the fixer reports \(Self.summary(result.report)), a fresh lint \(Self.summary(fresh))"))
        }
        if result.changed, Patch.apply(UnifiedDiff.make(from: result.original, to: result.fixed, path: fileName), to: result.original) != result.fixed {
            violations.append(Violation(.diffApplies, "\(kind): the diff does not turn the original bytes into the fixed ones"))
        }
        let again = linter.fix(fixed, fileName: fileName, format: format, options: options)
        if again.fixed != result.fixed {
            violations.append(Violation(.fixesAreIdempotent, "\(kind): fixing the output again applied \(again.applied) more fixes"))
        }
        return violations
    }

    /// `rule@offset` for each diagnostic, for messages.
    static func summary(_ report: FileReport) -> String {
        "[" + report.diagnostics.map { "\($0.ruleID)@\($0.range.map { String($0.start) } ?? "-")" }.joined(separator: ", ") + "]"
    }

    // MARK: Rendering and the serializer

    private func renderRoundTrips(_ report: FileReport) -> [Violation] {
        var violations: [Violation] = []
        for definition in report.definitions {
            guard let payload = definition.payload else { continue }
            for style in WireSerializer.Style.allCases {
                let bytes = WireSerializer.serialize(payload.node, firstDuplicateWins: definition.provenance.firstDuplicateWins, style: style)
                let size = WireSerializer.size(of: payload.node, firstDuplicateWins: definition.provenance.firstDuplicateWins, style: style)
                if size != bytes.count {
                    violations.append(Violation(.sizeMatchesOutput, "\(style) size \(size) for \(bytes.count) bytes written"))
                }
                violations += roundTrip(bytes, of: payload.node, firstDuplicateWins: definition.provenance.firstDuplicateWins, style: style)
            }
            // The size the rules read is the length of what is sent (as the sending library writes it, if one does).
            if let objectSize = definition.objectPayloadSize, let sent = definition.payloadBytes, objectSize != sent.count {
                violations.append(Violation(.sizeMatchesOutput, "objectPayloadSize \(objectSize) for \(sent.count) bytes sent"))
            }
            let pretty = WireSerializer.prettyPrinted(payload.node, firstDuplicateWins: definition.provenance.firstDuplicateWins)
            let readBack = JSONReader.read(SourceText(bytes: pretty))
            if readBack.documents.count != 1 || !readBack.problems.isEmpty
                || !Self.sameValue(readBack.documents[0], payload.node, firstDuplicateWins: definition.provenance.firstDuplicateWins) {
                violations.append(Violation(.renderRoundTrips, "the pretty-printed payload reads back to another value: \(Self.clip(pretty))"))
            }
        }
        // The renderer itself, with headers and for FCM, must not fail on what it accepts.
        for target in DeliveryTarget.allCases {
            _ = Renderer(includeHeaders: target == .apns, target: target).render(report)
        }
        for message in report.fcmMessages.compactMap({ $0 }) {
            let bytes = message.requestBytes()
            let readBack = JSONReader.read(SourceText(bytes: bytes))
            if !readBack.problems.isEmpty || readBack.documents.count != 1 {
                violations.append(Violation(.renderRoundTrips, "the FCM request does not read back: \(Self.clip(bytes))"))
            }
        }
        return violations
    }

    /// A rendered payload, read back: the same value, written the same way again. The compact bytes, which `render`
    /// prints, are read back as the linter reads a request body (keeping every node); the other styles by the JSON
    /// reader alone.
    private func roundTrip(_ bytes: [UInt8], of node: DocumentNode, firstDuplicateWins: Bool, style: WireSerializer.Style) -> [Violation] {
        let readNode: DocumentNode?
        let problem: String?
        if style == .compact {
            // Read whole: a payload over the linter's retention limit (YAML aliases can make one from a few bytes)
            // would otherwise come back with its large containers elided, as designed, not as the value written.
            let readBack = wholeTextLinter.lint(SourceText(bytes: bytes), fileName: "rendered.json", format: .json, role: .requestBody)
            problem = readBack.diagnostics.first { $0.finding?.isSyntaxError(in: .json) == true }?.message
            readNode = readBack.definition?.payload?.node
        } else {
            let parsed = JSONReader.read(SourceText(bytes: bytes))
            problem = parsed.problems.first?.message
            readNode = parsed.documents.count == 1 ? parsed.documents[0] : nil
        }
        guard problem == nil, let readNode else {
            return [Violation(.renderRoundTrips, "the \(style) payload does not read back as JSON (\(problem ?? "no payload")): \(Self.clip(bytes))")]
        }
        var violations: [Violation] = []
        if !Self.sameValue(readNode, node, firstDuplicateWins: firstDuplicateWins) {
            violations.append(Violation(.renderRoundTrips, "the \(style) payload reads back to another value: \(Self.clip(bytes))"))
        }
        let again = WireSerializer.serialize(readNode, style: style)
        if again != bytes {
            violations.append(Violation(.renderRoundTrips, "the \(style) payload renders differently when read back: \(Self.clip(bytes)) became \(Self.clip(again))"))
        }
        return violations
    }

    /// Whether `read` (read back from rendered bytes, so with no key twice) is the value `original` stands for.
    static func sameValue(_ read: DocumentNode, _ original: DocumentNode, firstDuplicateWins: Bool) -> Bool {
        switch (read.value, original.value) {
        case (.object(let readMembers), .object(let originalMembers)):
            let effective = WireSerializer.effectiveMembers(originalMembers, firstDuplicateWins: firstDuplicateWins)
            guard readMembers.count == effective.count else { return false }
            return zip(readMembers, effective).allSatisfy { pair in
                pair.0.key == pair.1.key && sameValue(pair.0.value, pair.1.value, firstDuplicateWins: firstDuplicateWins)
            }
        case (.array(let readElements), .array(let originalElements)):
            guard readElements.count == originalElements.count else { return false }
            return zip(readElements, originalElements).allSatisfy { sameValue($0, $1, firstDuplicateWins: firstDuplicateWins) }
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)): return a.text == b.text || (a.doubleValue != nil && a.doubleValue == b.doubleValue)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    // MARK: Reports

    private static let rules = RuleRegistry.all.map { $0.documented }

    private func wellFormedReports(_ report: FileReport) -> [Violation] {
        var violations: [Violation] = []
        // The rules the report names: what the diagnostics are written with. Every rule's help text (SARIF lists
        // them all) is the same on every input, and writing it took most of a check's time.
        let named = Set(report.diagnostics.map(\.ruleID))
        let rules = Self.rules.filter { named.contains($0.id) }
        for format in ReportFormat.allCases {
            let output = format.reporter().report([report], rules: rules)
            switch format {
            case .json, .jsonArray, .sarif, .gitlab:
                if (try? JSONSerialization.jsonObject(with: Data(output.utf8))) == nil {
                    violations.append(Violation(.reportsAreWellFormed, "the \(format.rawValue) report is not JSON: \(Self.clip(Array(output.utf8)))"))
                }
            case .jsonLines:
                let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                if !output.isEmpty && !output.hasSuffix("\n")
                    || lines.contains(where: { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] == nil }) {
                    violations.append(Violation(.reportsAreWellFormed, "the json-lines report is not a JSON object a line: \(Self.clip(Array(output.utf8)))"))
                }
            case .junit, .checkstyle:
                let parser = XMLParser(data: Data(output.utf8))
                if !parser.parse() {
                    violations.append(Violation(.reportsAreWellFormed, "the \(format.rawValue) report is not XML (\(parser.parserError.map { "\($0)" } ?? "")): \(Self.clip(Array(output.utf8)))"))
                }
            case .swift:
                if let line = output.split(separator: "\n").first(where: { !Self.isSwiftDirectiveLine($0) }) {
                    violations.append(Violation(.reportsAreWellFormed, "the swift report has a line that is no directive: \(Self.clip(Array(line.utf8)))"))
                }
            case .full, .concise, .github:
                break
            }
        }
        return violations
    }

    /// Whether a line of the swift report is one it writes: a comment, a `#sourceLocation`, the start or end of an
    /// `#error` or `#warning`, or a string literal with every quote inside it escaped.
    static func isSwiftDirectiveLine(_ line: Substring) -> Bool {
        var text = line.drop { $0 == " " }
        if text.hasPrefix("//") || text.hasPrefix("#sourceLocation(") || text == "#error(" || text == "#warning(" || text == ")" { return true }
        for directive in ["#error(", "#warning("] where text.hasPrefix(directive) {
            guard text.hasSuffix(")") else { return false }
            text = text.dropFirst(directive.count).dropLast()
        }
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return false }
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" || character.isNewline { return false }
        }
        return !escaped
    }

    /// At most 300 bytes of `bytes`, for messages.
    static func clip(_ bytes: [UInt8]) -> String {
        let shown = String(decoding: bytes.prefix(300), as: UTF8.self)
        return bytes.count > 300 ? shown + "… (\(bytes.count) bytes)" : shown
    }
}
