import APNSLint

/// The code action kinds the server offers.
enum CodeActionKind {
    static let quickFix = "quickfix"
    /// Fix every problem that has a safe fix (`apns-lint check --fix`); editors run `source.fixAll` on save.
    static let fixAll = "source.fixAll.apns-lint"

    /// Whether an action of `kind` is among those the client asked for (`context.only`; nil: all of them). A kind
    /// matches itself and the kinds it is a prefix of, dot by dot (`source` asks for `source.fixAll.apns-lint`).
    static func matches(_ kind: String, only: [String]?) -> Bool {
        guard let only else { return true }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
}

extension LanguageServer {
    /// `textDocument/codeAction`: for each of the context's diagnostics with a fix, that fix (preferred when safe,
    /// "(unsafe)" in the title otherwise) and, where the format has comments, "Disable <rule> for this line"; then, when
    /// any safe fix applies, "Fix all safe problems" as a quick fix and as `source.fixAll.apns-lint`.
    func codeActions(_ request: CodeActionParams) -> [CodeAction] {
        let uri = request.uri, only = request.only
        guard let document = documents[uri], let outcome = outcome(for: uri) else { return [] }
        let report = outcome.report
        var actions: [CodeAction] = []
        // The client's diagnostics that are this server's: from apns-lint, or from no named source (a client that drops
        // `source` when it sends them back), with a rule id as their code.
        let requested = request.diagnostics.filter { $0.source.map { $0 == APNSLintTool.name } ?? true }
        if CodeActionKind.matches(CodeActionKind.quickFix, only: only) {
            for sent in requested {
                guard let ruleID = sent.ruleID else { continue }
                let found = matching(sent, ruleID: ruleID, in: report, document: document)
                if let action = fixAction(for: sent, found: found, document: document, report: report) { actions.append(action) }
                if let action = disableAction(for: sent, ruleID: ruleID, found: found, document: document) { actions.append(action) }
            }
        }
        let hasSafeFix = report.diagnostics.contains { $0.fix?.applicability == .safe && $0.fix?.edits.isEmpty == false }
        let wantsQuickFix = CodeActionKind.matches(CodeActionKind.quickFix, only: only) && !requested.isEmpty
        let wantsFixAll = CodeActionKind.matches(CodeActionKind.fixAll, only: only)
        if hasSafeFix, wantsQuickFix || wantsFixAll, let edit = fixAllEdit(document: document, outcome: outcome) {
            let fixAll = { (kind: String) in CodeAction(title: "Fix all safe problems", kind: kind, uri: uri, edits: [edit.json]) }
            if wantsQuickFix { actions.append(fixAll(CodeActionKind.quickFix)) }
            if wantsFixAll { actions.append(fixAll(CodeActionKind.fixAll)) }
        }
        return actions
    }

    /// The finding of the current report a diagnostic the client sent stands for: the same rule at the same range.
    private func matching(_ sent: SentDiagnostic, ruleID: String, in report: FileReport, document: Document) -> Diagnostic? {
        guard let range = sent.range else { return nil }
        return report.diagnostics.first { $0.ruleID == ruleID && lspRange(of: $0, in: document) == range }
    }

    private func fixAction(for sent: SentDiagnostic, found: Diagnostic?, document: Document, report: FileReport) -> CodeAction? {
        let title: String, safe: Bool, edits: [JSONValue]
        if let fix = found?.fix, !fix.edits.isEmpty {
            (title, safe, edits) = (fix.title, fix.applicability == .safe, textEdits(fix, in: document, report: report).map(\.json))
        } else if found == nil, Self.isPublished(sent, forVersionOf: document), let fix = sent.publishedFix {
            // No current finding at the range the client sent (it changed the range), but the diagnostic was published
            // for this very version of the text: the fix published with it. A diagnostic of an older version gets none
            // (its edits would land in the wrong place; the new diagnostics are on their way).
            (title, safe, edits) = (fix.title, fix.applicability == Fix.Applicability.safe.rawValue, fix.edits)
        } else {
            return nil
        }
        return CodeAction(title: safe ? title : "\(title) (unsafe)", kind: CodeActionKind.quickFix, diagnostics: [sent.json], isPreferred: safe,
                          uri: document.uri, edits: edits)
    }

    /// "Disable <rule> for this line": a `disable-next-line` comment above the finding's line, indented as it is, in
    /// the suppression syntax of docs/configuration.md. The reason after `--` is required; the comment says to write
    /// one. Not for JSON (no comments), findings with no place in the text, or the suppression comments' own findings.
    private func disableAction(for sent: SentDiagnostic, ruleID: String, found: Diagnostic?, document: Document) -> CodeAction? {
        let sentRange = Self.isPublished(sent, forVersionOf: document) ? sent.range : nil
        guard let format = document.format, let marker = format.commentMarker.map({ Character(Unicode.Scalar($0)) }),
              let range = found?.range ?? sentRange.map({ SourceRange(start: document.offset(of: $0.start), end: document.offset(of: $0.end)) }),
              !Self.suppressionRuleIDs.contains(ruleID) else { return nil }
        let line = document.text.position(of: range.start).line
        let lineRange = document.text.lineRange(line)
        let indentation = document.text.bytes[lineRange.start..<lineRange.end].prefix { $0 == 0x20 || $0 == 0x09 }
        let comment = String(decoding: indentation, as: UTF8.self)
            + "\(marker) apns-lint: disable-next-line \(ruleID) -- \(Self.suppressionReasonPlaceholder)\n"
        let start = document.position(of: lineRange.start)
        return CodeAction(title: "Disable \(ruleID) for this line", kind: CodeActionKind.quickFix, diagnostics: [sent.json],
                          uri: document.uri, edits: [LSPTextEdit(range: LSPRange(start: start, end: start), newText: comment).json])
    }

    /// Whether a diagnostic the client sent was published for the document's current version (`data.version`).
    private static func isPublished(_ sent: SentDiagnostic, forVersionOf document: Document) -> Bool {
        guard let version = document.version else { return false }
        return sent.publishedVersion == version
    }

    /// What a new suppression comment says after `--`, for the author to replace with the reason.
    static let suppressionReasonPlaceholder = "TODO: say why this is accepted"

    private static let suppressionRuleIDs: Set<String> = Set(
        [SuppressionProblem.invalid, .unused].compactMap { RuleRegistry.owner(of: .suppression($0)) })

    /// The edit that turns the text into what the fixer makes of it (`Linter.fix`, safe fixes in rounds, as
    /// `apns-lint check --fix` does): one edit of the part that changes, from the first byte that differs to the last.
    private func fixAllEdit(document: Document, outcome: LintOutcome) -> LSPTextEdit? {
        guard let format = document.format else { return nil }
        let result = outcome.linter.fix(document.text, fileName: outcome.report.fileName, format: format, path: document.path)
        guard result.changed else { return nil }
        let old = result.original, new = result.fixed
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        // Whole characters only: back off to the start of a UTF-8 sequence on both ends.
        while prefix > 0, old[prefix] & 0xC0 == 0x80 || (prefix < new.count && new[prefix] & 0xC0 == 0x80) { prefix -= 1 }
        while suffix > 0, old[old.count - suffix] & 0xC0 == 0x80 || new[new.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let range = SourceRange(start: prefix, end: old.count - suffix)
        let replacement = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
        return LSPTextEdit(range: document.range(of: range), newText: replacement)
    }
}
