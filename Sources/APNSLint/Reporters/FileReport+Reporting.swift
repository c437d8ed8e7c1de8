import APNSLintSyntax

/// What the reporters ask of a report: where a range is, and what an edit writes.
extension FileReport {
    /// The start and end positions of a range (1-based line, 1-based scalar column, byte offset).
    func positions(_ range: SourceRange) -> (start: SourcePosition, end: SourcePosition) {
        (source.position(of: range.start), source.position(of: max(range.start, range.end)))
    }

    /// An edit as the bytes the fixer writes (see `ScalarSpelling.literal`), at the file's offsets (a stream's record
    /// starts where it does in its file).
    public func literal(_ edit: TextEdit) -> TextEdit {
        let literal = ScalarSpelling.literal(edit, in: source, format: format)
        guard source.origin.offset != 0 else { return literal }
        let range = SourceRange(start: literal.range.start + source.origin.offset, end: literal.range.end + source.origin.offset)
        return TextEdit(range: range, replacement: literal.replacement)
    }
}
