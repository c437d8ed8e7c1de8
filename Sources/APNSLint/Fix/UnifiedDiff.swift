/// A unified diff (`diff -u` layout) between two texts, for `check --diff`.
///
/// It works on bytes: a line is what ends with a line feed, and bytes that are not valid UTF-8 are copied as they
/// are, so the patch applies to the file's real bytes.
public enum UnifiedDiff {
    /// Empty when the texts are equal.
    public static func make(from old: [UInt8], to new: [UInt8], path: String, context: Int = 3) -> [UInt8] {
        guard old != new else { return [] }
        let a = lines(old), b = lines(new)
        // Common prefix and suffix, then the middle as matched lines (LCS) when it is small enough.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        var operations: [Operation] = a[..<prefix].map { Operation(kind: .keep, line: $0) }
        operations += middleA.count * middleB.count <= 4_000_000
            ? matched(middleA, middleB)
            : middleA.map { Operation(kind: .delete, line: $0) } + middleB.map { Operation(kind: .insert, line: $0) }
        operations += a[(a.count - suffix)...].map { Operation(kind: .keep, line: $0) }
        let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return Array("--- a/\(shown)\n+++ b/\(shown)\n".utf8) + hunks(operations, context: context)
    }

    /// The diff of two strings, as a string (for text that is valid UTF-8).
    public static func make(from old: String, to new: String, path: String, context: Int = 3) -> String {
        String(decoding: make(from: Array(old.utf8), to: Array(new.utf8), path: path, context: context), as: UTF8.self)
    }

    struct Operation {
        enum Kind: UInt8 {
            case keep = 0x20, delete = 0x2D, insert = 0x2B  // ' ', '-', '+'
        }
        var kind: Kind
        var line: ArraySlice<UInt8>
    }

    private static let noNewline = Array("\n\\ No newline at end of file\n".utf8)

    /// The lines a diff compares: each with its line feed, so a change of the last line's line feed shows, and a last
    /// line without one marked "\ No newline at end of file".
    public static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (offset, byte) in text.enumerated() where byte == 0x0A {
            result.append(text[start...offset])
            start = offset + 1
        }
        if start < text.count { result.append(text[start...] + noNewline[...]) }
        return result
    }

    /// Keeps, deletions and insertions from a longest common subsequence.
    static func matched(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Operation] {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append(Operation(kind: .keep, line: a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                result.append(Operation(kind: .delete, line: a[i])); i += 1
            } else {
                result.append(Operation(kind: .insert, line: b[j])); j += 1
            }
        }
        return result
    }

    static func hunks(_ operations: [Operation], context: Int) -> [UInt8] {
        let changed = operations.indices.filter { operations[$0].kind != .keep }
        var output: [UInt8] = []
        var index = 0
        while index < changed.count {
            // Group changes closer than twice the context into one hunk.
            let start = max(0, changed[index] - context)
            var last = changed[index]
            while index + 1 < changed.count, changed[index + 1] - last <= 2 * context {
                index += 1
                last = changed[index]
            }
            let end = min(operations.count, last + context + 1)
            let oldStart = operations[..<start].count { $0.kind != .insert } + 1
            let newStart = operations[..<start].count { $0.kind != .delete } + 1
            let slice = operations[start..<end]
            let oldCount = slice.count { $0.kind != .insert }, newCount = slice.count { $0.kind != .delete }
            output += Array("@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n".utf8)
            for operation in slice {
                output.append(operation.kind.rawValue)
                output += operation.line
            }
            index += 1
        }
        return output
    }
}
