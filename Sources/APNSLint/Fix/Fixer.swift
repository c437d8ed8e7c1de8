import APNSLintModel
import APNSLintRules
import APNSLintSyntax

/// What the fixer may apply.
public struct FixOptions: Sendable {
    /// Also apply fixes marked unsafe (they may change what the device shows or does).
    public var includeUnsafe: Bool
    /// Rounds of lint-and-fix before giving up: a fix can enable another one.
    public var maxRounds: Int

    public init(includeUnsafe: Bool = false, maxRounds: Int = 10) {
        self.includeUnsafe = includeUnsafe
        self.maxRounds = maxRounds
    }
}

/// The outcome of fixing one input.
public struct FixResult: Sendable {
    public enum Problem: Sendable, Hashable {
        /// Fixes kept producing new fixes for `maxRounds` rounds; the text of the last good round is kept.
        case didNotConverge(rounds: Int)
        /// Round `round` made the text unreadable; it was rolled back.
        case roundBrokeTheFile(round: Int)
    }

    public let original: [UInt8]
    public let fixed: [UInt8]
    /// How many fixes were applied, over all rounds.
    public let applied: Int
    /// Unsafe fixes left out (without `includeUnsafe`), in the final text.
    public let unsafeHeldBack: Int
    /// The final text, linted.
    public let report: FileReport
    public let problem: Problem?

    public var changed: Bool { original != fixed }
}

extension Linter {
    /// Applies fixes in rounds until nothing changes. Each round lints the text, takes every applicable fix whose
    /// edits overlap no other fix's edits, and applies them together; a round whose result reads worse than
    /// before is rolled back. A text the reader could not read whole is changed only by fixes for its syntax errors.
    public func fix(_ source: SourceText, fileName: String, format: InputFormat, headers: [HeaderOption] = [],
                    path: String? = nil, options: FixOptions = FixOptions(), role: InputRole = .definition) -> FixResult {
        fix(source, parsed: nil, fileName: fileName, format: format, headers: headers, path: path, options: options, role: role)
    }

    /// `fix`, starting from `parsed`, what the format's reader has already read of `source`, when given.
    ///
    /// Fixes are edits of the text made from the tree the reader built, and a fixed text must lint as a fresh one
    /// does, so every round reads the whole text (no retention limit): on a file of many megabytes that takes about
    /// 8 bytes of memory for each byte of text.
    func fix(_ source: SourceText, parsed: ParseResult?, fileName: String, format: InputFormat, headers: [HeaderOption],
             path: String?, options: FixOptions, role: InputRole) -> FixResult {
        guard retentionLimit == nil else {
            var whole = self
            whole.retentionLimit = nil
            return whole.fix(source, parsed: parsed?.hasElidedContent == true ? nil : parsed, fileName: fileName, format: format,
                             headers: headers, path: path, options: options, role: role)
        }
        var text = source
        var report = parsed.map { lint(text, parsed: $0, fileName: fileName, format: format, headers: headers, path: path, role: role) }
            ?? lint(text, fileName: fileName, format: format, headers: headers, path: path, role: role)
        var applied = 0
        var problem: FixResult.Problem?
        var round = 0
        while true {
            let candidates = applicableFixes(in: report, format: format, includeUnsafe: options.includeUnsafe, textCount: text.count)
            guard !candidates.isEmpty else { break }
            guard round < options.maxRounds else {
                problem = .didNotConverge(rounds: round)
                break
            }
            round += 1
            let chosen = nonOverlapping(candidates)
            let edits = chosen.flatMap(\.edits).map { ScalarSpelling.literal($0, in: text, format: format) }
            // Where the text starts in its file stays the same (a stream's record).
            let next = SourceText(bytes: Self.apply(edits, to: text.bytes), origin: text.origin)
            let nextReport = lint(next, fileName: fileName, format: format, headers: headers, path: path, role: role)
            if unreadable(nextReport) > unreadable(report) {
                problem = .roundBrokeTheFile(round: round)
                break
            }
            text = next
            report = nextReport
            applied += chosen.count
        }
        let heldBack = options.includeUnsafe ? 0 : report.diagnostics.count { $0.fix?.applicability == .unsafe }
        return FixResult(original: source.bytes, fixed: text.bytes, applied: applied, unsafeHeldBack: heldBack,
                         report: report, problem: problem)
    }

    private func applicableFixes(in report: FileReport, format: InputFormat, includeUnsafe: Bool, textCount: Int) -> [Fix] {
        // Other fixes are made on the tree the reader built, so only where it read the whole text: every syntax error
        // is one it repaired (a trailing comma, a comment in JSON), which it says by offering the fix. Where it stopped
        // (most YAML and Erlang errors, a truncated file), the tree is a guess at a broken text, and an edit made on it
        // can change how the rest reads (removing a YAML comment line joins the lines around it).
        // The syntax errors are asked of what the readers found, not of the configured report: turning their rule off
        // or re-grading it changes nothing here.
        let syntaxErrors = report.syntaxErrors
        let readable = report.firstDocument != nil && !syntaxErrors.contains { $0.fix == nil }
        let others = readable ? report.diagnostics.filter { $0.finding?.isSyntaxError(in: format.language) != true } : []
        return (syntaxErrors + others).compactMap { diagnostic in
            guard let fix = diagnostic.fix, !fix.edits.isEmpty,
                  fix.applicability == .safe || includeUnsafe,
                  // An edit outside the text is a bug where the fix was made; applying it would trap.
                  fix.edits.allSatisfy({ $0.range.start >= 0 && $0.range.end <= textCount }) else { return nil }
            return fix
        }
    }

    /// Syntax errors plus one for an input with no readable document: a round may not increase it.
    private func unreadable(_ report: FileReport) -> Int {
        report.syntaxErrors.count + (report.firstDocument == nil ? 1 : 0)
    }

    /// Fixes in order of their first edit, each kept only if none of its edits overlaps an edit already kept.
    private func nonOverlapping(_ fixes: [Fix]) -> [Fix] {
        var kept: [Fix] = []
        var taken: [SourceRange] = []
        let ordered = fixes.sorted { ($0.edits.map(\.range.start).min() ?? 0) < ($1.edits.map(\.range.start).min() ?? 0) }
        for fix in ordered {
            let clashes = fix.edits.contains { edit in
                taken.contains(where: edit.range.overlaps)
            }
            guard !clashes else { continue }
            kept.append(fix)
            taken += fix.edits.map(\.range)
        }
        return kept
    }

    /// The bytes with the edits applied (edits must not overlap).
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            result.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
        }
        return result
    }
}
