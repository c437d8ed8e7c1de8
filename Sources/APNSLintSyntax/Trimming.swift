extension StringProtocol {
    /// Without the white space (spaces and tabs, not line breaks) at either end.
    package func trimmingSpaces() -> Substring {
        trimming { $0.isWhitespace && !$0.isNewline }
    }

    /// Without the white space and line breaks at either end.
    package func trimmingWhitespace() -> Substring {
        trimming(\.isWhitespace)
    }

    private func trimming(_ isTrimmed: (Character) -> Bool) -> Substring {
        let text = self[...]
        guard let first = text.firstIndex(where: { !isTrimmed($0) }), let last = text.lastIndex(where: { !isTrimmed($0) }) else {
            return Substring(text[text.endIndex...])
        }
        return Substring(text[first...last])
    }
}
