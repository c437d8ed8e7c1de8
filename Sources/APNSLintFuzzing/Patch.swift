import APNSLint

/// Applies a unified diff as `patch` does, to check that `check --diff` prints a patch that turns the file's real
/// bytes into the fixed ones.
enum Patch {
    /// The bytes `diff` makes of `original`, or nil when a hunk does not match them.
    static func apply(_ diff: [UInt8], to original: [UInt8]) -> [UInt8]? {
        var oldLines = UnifiedDiff.lines(original)[...]
        var result: [UInt8] = []
        // A diff ends with a line feed, so its lines are the ones `UnifiedDiff.lines` splits.
        var diffLines = UnifiedDiff.lines(diff)
        // The two header lines, then hunks.
        guard diffLines.count >= 2 else { return diff.isEmpty ? original : nil }
        diffLines.removeFirst(2)
        var oldLine = 1
        var index = diffLines.startIndex
        while index < diffLines.endIndex {
            guard let start = hunkStart(diffLines[index]), start >= oldLine else { return nil }
            index += 1
            // Unchanged lines before the hunk.
            while oldLine < start {
                guard let line = oldLines.popFirst() else { return nil }
                result += line
                oldLine += 1
            }
            while index < diffLines.endIndex, diffLines[index].first != UInt8(ascii: "@") {
                var line = Array(diffLines[index].dropFirst())
                let kind = diffLines[index].first
                index += 1
                // "\ No newline at end of file" after a line: that line has no line feed.
                if index < diffLines.endIndex, diffLines[index].first == UInt8(ascii: "\\") {
                    if line.last == 0x0A { line.removeLast() }
                    line += Array("\n\\ No newline at end of file\n".utf8)
                    index += 1
                }
                switch kind {
                case UInt8(ascii: " "), UInt8(ascii: "-"):
                    guard let old = oldLines.popFirst(), Array(old) == line else { return nil }
                    if kind == UInt8(ascii: " ") { result += stripped(line) }
                    oldLine += 1
                case UInt8(ascii: "+"):
                    result += stripped(line)
                default:
                    return nil
                }
            }
        }
        for line in oldLines { result += stripped(Array(line)) }
        return result
    }

    /// A line as `UnifiedDiff.lines` keeps it, without the marker it adds to a last line with no line feed.
    private static func stripped(_ line: [UInt8]) -> [UInt8] {
        let marker = Array("\n\\ No newline at end of file\n".utf8)
        return line.count >= marker.count && Array(line.suffix(marker.count)) == marker ? Array(line.dropLast(marker.count)) : line
    }

    /// The old start line of `@@ -start,count +start,count @@` (the line before the hunk when its old count is 0).
    private static func hunkStart(_ line: ArraySlice<UInt8>) -> Int? {
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("@@ -"), let comma = text.firstIndex(of: ","),
              let start = Int(text[text.index(text.startIndex, offsetBy: 4)..<comma]) else { return nil }
        let countEnd = text[comma...].firstIndex(of: " ") ?? text.endIndex
        let count = Int(text[text.index(after: comma)..<countEnd]) ?? 1
        return count == 0 ? start + 1 : start
    }
}
