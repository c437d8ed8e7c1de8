import APNSLintModel
import APNSLintSyntax

/// Inline suppressions, in the comments of formats that have them (YAML `#`, Erlang `%`):
///
///     # apns-lint: disable-next-line loc-args-not-strings -- the app formats numbers itself
///     % apns-lint: disable-file unknown-aps-key, custom-key-in-aps -- read by our own extension
///
/// `disable-next-line` covers the next line that holds more than comments, `disable-line` its own line,
/// `disable-file` the whole file. The reason after `--` is required: a directive without one suppresses nothing. A
/// suppression that covers no finding is reported (`unused-suppression`), as is one that cannot be understood or
/// gives no reason (`invalid-suppression`).
struct Suppressions {
    enum Scope: String, CaseIterable {
        case nextLine = "disable-next-line"
        case line = "disable-line"
        case file = "disable-file"
    }

    struct Directive {
        var scope: Scope
        /// The rule ids and where each is written.
        var rules: [(id: String, range: SourceRange)]
        /// The comment, from its marker to the end of the line.
        var comment: SourceRange
        /// The line the directive covers (1-based); nil for the whole file.
        var coveredLine: Int?
    }

    static let keyword = Array("apns-lint:".utf8)

    private(set) var directives: [Directive] = []
    private(set) var problems: [Diagnostic] = []
    private let source: SourceText
    private let knownRules: [String]
    /// The rules that report a suppression that cannot be understood, and one that suppresses nothing (nil: none
    /// among the linter's rules).
    private let invalidOwner: (id: String, severity: Severity)?
    private let unusedOwner: (id: String, severity: Severity)?
    /// The last answer of `nextContentLine(after:)`: the line asked about, and the content line found.
    private var lastContentLine: (after: Int, found: Int)?

    init(source: SourceText, format: InputFormat, documents: [DocumentNode], knownRules: [String],
         owner: (SuppressionProblem) -> (id: String, severity: Severity)?) {
        self.source = source
        self.knownRules = knownRules
        invalidOwner = owner(.invalid)
        unusedOwner = owner(.unused)
        guard let marker = format.commentMarker else { return }
        let candidates = Self.keywordOffsets(in: source.bytes)
        guard !candidates.isEmpty else { return }
        let scalars = ScalarText(documents)
        for offset in candidates {
            guard let start = Self.commentStart(before: offset, marker: marker, in: source.bytes, format: format),
                  !scalars.contains(start) else { continue }
            parseDirective(commentStart: start, bodyStart: offset + Self.keyword.count, knownRules: knownRules)
        }
    }

    /// Drops the diagnostics a directive covers, and adds the suppressions' own problems (an unused one only when
    /// the rules it names are enabled: a rule that is off has nothing to suppress).
    /// True when the text holds no suppression comment, well-formed or not: then `apply` changes nothing.
    var isEmpty: Bool { directives.isEmpty && problems.isEmpty }

    func apply(to diagnostics: [Diagnostic], enabled: (String) -> Bool) -> [Diagnostic] {
        guard !isEmpty else { return diagnostics }
        var used = Set<[Int]>()
        var kept: [Diagnostic] = []
        // The directives that cover each line, and those that cover the file: a finding looks only at these (looking
        // at every directive for every finding was quadratic in a file full of both).
        let fileWide = directives.indices.filter { directives[$0].coveredLine == nil }
        var byLine: [Int: [Int]] = [:]
        for index in directives.indices {
            if let line = directives[index].coveredLine { byLine[line, default: []].append(index) }
        }
        for diagnostic in diagnostics {
            let line = diagnostic.range.map { source.position(of: $0.start).line }
            let covering = line.flatMap { byLine[$0] }.map { (fileWide + $0).sorted() } ?? fileWide
            let match = covering.lazy.compactMap { index -> [Int]? in
                guard let rule = directives[index].rules.firstIndex(where: { $0.id == diagnostic.ruleID }) else { return nil }
                return [index, rule]
            }.first
            if let match { used.insert(match) } else { kept.append(diagnostic) }
        }
        kept += problems
        for (index, directive) in directives.enumerated() {
            let unused = directive.rules.indices.filter { !used.contains([index, $0]) && enabled(directive.rules[$0].id) }
            guard let unusedOwner else { continue }
            for rule in unused {
                let id = directive.rules[rule].id
                let place = directive.coveredLine.map { "line \($0)" } ?? "this file"
                let removal = unused.count == directive.rules.count ? wholeCommentRemoval(directive.comment) : removalRange(of: rule, in: directive)
                kept.append(Diagnostic(
                    ruleID: unusedOwner.id, severity: unusedOwner.severity,
                    message: "this suppression of \(id) is unused: \(id) reports nothing on \(place)",
                    help: "remove it, so it cannot hide a future finding by accident",
                    pointer: .root, range: directive.rules[rule].range,
                    fix: Fix("remove the unused suppression", edits: [TextEdit(range: removal, replacement: "")], applicability: .safe),
                    finding: .suppression(.unused)))
            }
        }
        return kept
    }

    /// Where "apns-lint:" occurs.
    private static func keywordOffsets(in bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        let first = keyword[0]
        var index = 0
        let last = bytes.count - keyword.count
        while index <= last {
            if bytes[index] == first, bytes[index..<(index + keyword.count)].elementsEqual(keyword) { offsets.append(index) }
            index += 1
        }
        return offsets
    }

    /// The comment marker before `offset` on its line, with only blanks between them; in YAML a comment starts a
    /// line or follows a blank.
    private static func commentStart(before offset: Int, marker: UInt8, in bytes: [UInt8], format: InputFormat) -> Int? {
        var index = offset - 1
        while index >= 0, bytes[index] == 0x20 || bytes[index] == 0x09 { index -= 1 }
        while index >= 0, bytes[index] == marker { index -= 1 }  // %% and ## are comments too
        let start = index + 1
        guard start < offset, bytes[start] == marker else { return nil }
        if format == .yaml, index >= 0, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { return nil }
        return start
    }

    /// Where the scalars and keys are: a marker inside one is text, not a comment. Sorted once, so each candidate is
    /// looked up in logarithmic time (a scan of every range for each was quadratic in the file's size).
    private struct ScalarText {
        /// Each range's start, sorted; and the furthest end of the ranges up to each, so any overlap is still found.
        private var starts: [Int] = []
        private var furthestEnds: [Int] = []

        init(_ documents: [DocumentNode]) {
            var ranges: [SourceRange] = []
            for document in documents {
                document.walk { node, _ in
                    if let members = node.members { ranges += members.map(\.keyRange) }
                    if !node.isContainer { ranges.append(node.range) }
                }
            }
            ranges.sort()
            starts = ranges.map(\.start)
            var furthest = Int.min
            furthestEnds = ranges.map { range in
                furthest = max(furthest, range.end)
                return furthest
            }
        }

        /// Whether `offset` lies inside a scalar or key.
        func contains(_ offset: Int) -> Bool {
            // The number of ranges starting at or before `offset`.
            let before = starts.partitioningIndex { $0 > offset }
            return before > 0 && furthestEnds[before - 1] > offset
        }
    }

    /// Reads one directive. Everything is done on the bytes, so every range is a byte range of the text even where
    /// the comment is not valid UTF-8; a word's text is decoded only to compare and show it.
    private mutating func parseDirective(commentStart: Int, bodyStart: Int, knownRules: [String]) {
        let bytes = source.bytes
        let lineNumber = source.position(of: commentStart).line
        let lineEnd = source.lineRange(lineNumber).end
        let comment = SourceRange(start: commentStart, end: lineEnd)
        // "disable-next-line a, b -- reason": split off the reason, then the scope word, then the ids.
        let reasonMark = Self.firstOffset(of: Self.reasonMarker, in: bytes, from: bodyStart, to: lineEnd)
        let hasReason = reasonMark.map { bytes[($0 + Self.reasonMarker.count)..<lineEnd].contains { !Self.isBlank($0) } } ?? false
        let words = Self.words(in: bytes, from: bodyStart, to: reasonMark ?? lineEnd).map { (text: source.text($0), range: $0) }
        guard let scopeWord = words.first, let scope = Scope(rawValue: scopeWord.text) else {
            let found = words.first.map { "'\($0.text)'" } ?? "nothing"
            report("this apns-lint comment is not understood: expected disable-next-line, disable-line or disable-file, found \(found)",
                   help: "write '# apns-lint: disable-next-line RULE -- reason'", at: words.first?.range ?? comment)
            return
        }
        var rules: [(id: String, range: SourceRange)] = []
        for word in words.dropFirst() {
            if knownRules.contains(word.text) {
                rules.append((word.text, word.range))
            } else {
                let suggestion = Suggestion.closest(to: word.text, in: knownRules).map { "; did you mean \($0)?" } ?? ""
                report("unknown rule '\(word.text)' in a suppression\(suggestion)",
                       help: "`apns-lint rules` lists the rule ids", at: word.range)
            }
        }
        if words.count == 1 {
            report("\(scope.rawValue) names no rule: say which findings it accepts",
                   help: "write '\(scope.rawValue) RULE -- reason'; `apns-lint rules` lists the rule ids", at: scopeWord.range)
            return
        }
        if !hasReason {
            // The reason is required: without one the comment suppresses nothing, so the finding it meant to hide
            // is still reported next to this one.
            report("this suppression gives no reason, so it suppresses nothing: say after -- why the finding is accepted",
                   help: "e.g. '# apns-lint: \(scope.rawValue) \(rules.map { $0.id }.joined(separator: ", ")) -- the app reads this key itself'",
                   at: scopeWord.range)
            return
        }
        guard !rules.isEmpty else { return }
        let covered: Int? = switch scope {
        case .file: nil
        case .line: lineNumber
        case .nextLine: nextContentLine(after: lineNumber)
        }
        directives.append(Directive(scope: scope, rules: rules, comment: comment, coveredLine: covered))
    }

    /// "--", which starts a directive's reason.
    private static let reasonMarker = Array("--".utf8)

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The first offset in `start..<end` where `pattern` starts.
    private static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard end - start >= pattern.count else { return nil }
        return (start...(end - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// The next line that is neither blank nor only a comment.
    private mutating func nextContentLine(after line: Int) -> Int {
        // Directives come in order: in a run of comment lines, each has the answer the one before found (scanning
        // the run again for each was quadratic).
        if let last = lastContentLine, last.after < line, line < last.found { return last.found }
        let bytes = source.bytes
        var candidate = line + 1
        while candidate <= source.lastLine {
            let range = source.lineRange(candidate)
            if let first = bytes[range.start..<range.end].first(where: { !Self.isBlank($0) }),
               first != UInt8(ascii: "#"), first != UInt8(ascii: "%") {
                lastContentLine = (line, candidate)
                return candidate
            }
            candidate += 1
        }
        return line + 1
    }

    /// The byte ranges of the words in `start..<end`, separated by blanks and commas.
    private static func words(in bytes: [UInt8], from start: Int, to end: Int) -> [SourceRange] {
        var words: [SourceRange] = []
        var wordStart: Int?
        for offset in start..<end {
            if isBlank(bytes[offset]) || bytes[offset] == UInt8(ascii: ",") {
                if let begun = wordStart { words.append(SourceRange(start: begun, end: offset)) }
                wordStart = nil
            } else if wordStart == nil {
                wordStart = offset
            }
        }
        if let begun = wordStart { words.append(SourceRange(start: begun, end: end)) }
        return words
    }

    /// The comment with the blanks before it; with its line when nothing else is on it.
    private func wholeCommentRemoval(_ comment: SourceRange) -> SourceRange {
        let bytes = source.bytes
        var start = comment.start
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        guard start == 0 || bytes[start - 1] == 0x0A else { return SourceRange(start: start, end: comment.end) }
        var end = comment.end
        if end < bytes.count, bytes[end] == 0x0D { end += 1 }
        if end < bytes.count, bytes[end] == 0x0A { end += 1 }
        return SourceRange(start: start, end: end)
    }

    /// One rule id with the separator before it (or after it, for the first).
    private func removalRange(of rule: Int, in directive: Directive) -> SourceRange {
        let range = directive.rules[rule].range
        if rule > 0 {
            return SourceRange(start: directive.rules[rule - 1].range.end, end: range.end)
        }
        return SourceRange(start: range.start, end: directive.rules[rule + 1].range.start)
    }

    private mutating func report(_ message: String, help: String, at range: SourceRange) {
        guard let invalidOwner else { return }
        problems.append(Diagnostic(ruleID: invalidOwner.id, severity: invalidOwner.severity, message: message, help: help,
                                   pointer: .root, range: range, finding: .suppression(.invalid)))
    }
}
