import APNSLintModel
import APNSLintSyntax

/// Inline suppressions, in the comments of formats that have them (YAML `#`, Erlang `%`):
///
///     # apns-lint: disable-next-line loc-args-not-strings -- the app formats numbers itself
///     % apns-lint: disable-file unknown-aps-key, custom-key-in-aps -- read by our own extension
///
/// `disable-next-line` covers the next line that holds more than comments, `disable-line` its own line,
/// `disable-file` the whole file. The reason after `--` is required. A suppression that covers no finding is
/// reported (`unused-suppression`), as is one that cannot be understood (`invalid-suppression`).
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

    init(source: SourceText, format: InputFormat, documents: [DocumentNode], knownRules: [String]) {
        self.source = source
        self.knownRules = knownRules
        guard let marker = format.commentMarker else { return }
        let candidates = Self.keywordOffsets(in: source.bytes)
        guard !candidates.isEmpty else { return }
        let scalars = Self.scalarRanges(in: documents)
        for offset in candidates {
            guard let start = Self.commentStart(before: offset, marker: marker, in: source.bytes, format: format),
                  !scalars.contains(where: { $0.start <= start && start < $0.end }) else { continue }
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
        for diagnostic in diagnostics {
            let line = diagnostic.range.map { source.position(of: $0.start).line }
            let match = directives.indices.lazy.compactMap { index -> [Int]? in
                let directive = directives[index]
                guard directive.coveredLine == nil || (line != nil && directive.coveredLine == line),
                      let rule = directive.rules.firstIndex(where: { $0.id == diagnostic.ruleID }) else { return nil }
                return [index, rule]
            }.first
            if let match { used.insert(match) } else { kept.append(diagnostic) }
        }
        kept += problems
        for (index, directive) in directives.enumerated() {
            let unused = directive.rules.indices.filter { !used.contains([index, $0]) && enabled(directive.rules[$0].id) }
            for rule in unused where knownRules.contains("unused-suppression") {
                let id = directive.rules[rule].id
                let place = directive.coveredLine.map { "line \($0)" } ?? "this file"
                let removal = unused.count == directive.rules.count ? wholeCommentRemoval(directive.comment) : removalRange(of: rule, in: directive)
                kept.append(Diagnostic(
                    ruleID: "unused-suppression", severity: .warning,
                    message: "this suppression of \(id) is unused: \(id) reports nothing on \(place)",
                    help: "remove it, so it cannot hide a future finding by accident",
                    pointer: .root, range: directive.rules[rule].range,
                    fix: Fix("remove the unused suppression", edits: [TextEdit(range: removal, replacement: "")], applicability: .safe)))
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

    /// The ranges of every scalar and key: a marker inside one is text, not a comment.
    private static func scalarRanges(in documents: [DocumentNode]) -> [SourceRange] {
        var ranges: [SourceRange] = []
        for document in documents {
            document.walk { node, _ in
                if let members = node.members { ranges += members.map(\.keyRange) }
                if !node.isContainer { ranges.append(node.range) }
            }
        }
        return ranges
    }

    private mutating func parseDirective(commentStart: Int, bodyStart: Int, knownRules: [String]) {
        let lineNumber = source.position(of: commentStart).line
        let lineEnd = source.lineRange(lineNumber).end
        let comment = SourceRange(start: commentStart, end: lineEnd)
        let body = source.text(SourceRange(start: bodyStart, end: lineEnd))
        // "disable-next-line a, b -- reason": split off the reason, then the scope word, then the ids.
        let reasonSplit = body.range(of: "--")
        let head = reasonSplit.map { String(body[..<$0.lowerBound]) } ?? body
        let reason = reasonSplit.map { body[$0.upperBound...].trimmingCharacters(in: .whitespaces) } ?? ""
        let words = Self.words(in: head, from: bodyStart)
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
        if reason.isEmpty {
            report("this suppression gives no reason: say after -- why the finding is accepted",
                   help: "e.g. '# apns-lint: \(scope.rawValue) \(rules.map(\.id).joined(separator: ", ")) -- the app reads this key itself'",
                   at: scopeWord.range)
        }
        guard !rules.isEmpty else { return }
        let covered: Int? = switch scope {
        case .file: nil
        case .line: lineNumber
        case .nextLine: nextContentLine(after: lineNumber)
        }
        directives.append(Directive(scope: scope, rules: rules, comment: comment, coveredLine: covered))
    }

    /// The next line that is neither blank nor only a comment.
    private func nextContentLine(after line: Int) -> Int {
        var candidate = line + 1
        while candidate <= source.lineCount {
            let text = source.text(source.lineRange(candidate)).trimmingCharacters(in: .whitespaces)
            if !text.isEmpty && !text.hasPrefix("#") && !text.hasPrefix("%") { return candidate }
            candidate += 1
        }
        return line + 1
    }

    /// Words separated by blanks and commas, with their byte ranges.
    private static func words(in text: String, from offset: Int) -> [(text: String, range: SourceRange)] {
        var words: [(String, SourceRange)] = []
        var current = ""
        var start = offset
        var position = offset
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x2C {
                if !current.isEmpty { words.append((current, SourceRange(start: start, end: position))) }
                current = ""
            } else {
                if current.isEmpty { start = position }
                current.unicodeScalars.append(Unicode.Scalar(byte))
            }
            position += 1
        }
        if !current.isEmpty { words.append((current, SourceRange(start: start, end: position))) }
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
        guard knownRules.contains("invalid-suppression") else { return }
        problems.append(Diagnostic(ruleID: "invalid-suppression", severity: .warning, message: message, help: help,
                                   pointer: .root, range: range))
    }
}
