import APNSLint

extension LanguageServer {
    /// A finding as an LSP `Diagnostic`: its range in UTF-16 code units (a finding with no place in the text, a header
    /// given outside it, is at the start), severity (error 1, warning 2, info 3), the rule id as `code` with its page
    /// as `codeDescription`, notes with a place as `relatedInformation` and the others in the message, and in `data`
    /// the document's version and the fix as LSP edits (what a code action offers when the client sends the diagnostic
    /// back with a range of its own).
    func lspDiagnostic(_ diagnostic: Diagnostic, in document: Document, report: FileReport) -> LSPDiagnostic {
        var message = diagnostic.message
        if let part = report.partName(of: diagnostic) { message += " (\(part))" }
        var related: [LSPDiagnostic.Related] = []
        for note in diagnostic.notes {
            if let range = note.range {
                related.append(LSPDiagnostic.Related(uri: document.uri, range: document.range(of: range), message: note.message))
            } else if let location = note.location {
                // A place in another file (the app's Info.plist): its line and column, at zero width.
                let position = LSPPosition(line: location.line - 1, character: location.column - 1)
                related.append(LSPDiagnostic.Related(uri: Document.uri(forPath: location.absolutePath), range: LSPRange(start: position, end: position),
                                                     message: note.message))
            } else {
                message += "\nnote: \(note.message)"
            }
        }
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        var result = LSPDiagnostic(range: lspRange(of: diagnostic, in: document), severity: Self.severity(diagnostic.severity),
                                   code: diagnostic.ruleID, message: message, relatedInformation: related, version: document.version)
        if let fix = diagnostic.fix, !fix.edits.isEmpty {
            result.fix = PublishedFix(title: fix.title, applicability: fix.applicability.rawValue,
                                      edits: textEdits(fix, in: document, report: report).map(\.json))
        }
        return result
    }

    /// A finding placed in a configuration file, at its line there: the message says which file's request it is about
    /// (the definition may not be open next to it), and it carries no fix (none edits the configuration).
    func lspDiagnostic(_ diagnostic: Diagnostic, at location: ExternalLocation, report: FileReport) -> LSPDiagnostic {
        var message = diagnostic.message
        if let part = report.partName(of: diagnostic) { message += " (\(part))" }
        for note in diagnostic.notes where note.range == nil { message += "\nnote: \(note.message)" }
        if let help = diagnostic.help { message += "\nhelp: \(help)" }
        // ExternalLocation counts lines and columns from 1; LSP from 0 (a configuration file's header line is ASCII
        // up to the value, so its column is the same in UTF-16).
        let position = LSPPosition(line: location.line - 1, character: location.column - 1)
        return LSPDiagnostic(range: LSPRange(start: position, end: position), severity: Self.severity(diagnostic.severity),
                             code: diagnostic.ruleID, message: message)
    }

    func lspRange(of diagnostic: Diagnostic, in document: Document) -> LSPRange {
        diagnostic.range.map(document.range(of:)) ?? LSPRange.start
    }

    /// A fix's byte-range edits as LSP `TextEdit`s, spelled as the fixer writes them (`FileReport.literal`).
    func textEdits(_ fix: Fix, in document: Document, report: FileReport) -> [LSPTextEdit] {
        fix.edits.map { edit in
            let literal = report.literal(edit)
            return LSPTextEdit(range: document.range(of: literal.range), newText: literal.replacement)
        }
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .info: 3
        }
    }
}
