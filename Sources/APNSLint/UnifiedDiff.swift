/// A unified diff (`diff -u` layout) between two texts, for `check --diff`.
public enum UnifiedDiff {
    /// Empty when the texts are equal.
    public static func make(from old: String, to new: String, path: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let a = lines(old), b = lines(new)
        // Common prefix and suffix, then the middle as matched lines (LCS) when it is small enough.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        var operations: [(kind: Character, line: String)] = a[..<prefix].map { (" ", $0) }
        operations += middleA.count * middleB.count <= 4_000_000
            ? matched(middleA, middleB) : middleA.map { ("-", $0) } + middleB.map { ("+", $0) }
        operations += a[(a.count - suffix)...].map { (" ", $0) }
        let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return "--- a/\(shown)\n+++ b/\(shown)\n" + hunks(operations, context: context)
    }

    /// Lines with their terminators, so a change of the last line's newline shows.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "\n" || character == "\r\n" {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current + "\n\\ No newline at end of file\n") }
        return result
    }

    /// Keeps, deletions and insertions from a longest common subsequence.
    static func matched(_ a: [String], _ b: [String]) -> [(kind: Character, line: String)] {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var result: [(kind: Character, line: String)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                result.append(("-", a[i])); i += 1
            } else {
                result.append(("+", b[j])); j += 1
            }
        }
        return result
    }

    static func hunks(_ operations: [(kind: Character, line: String)], context: Int) -> String {
        let changed = operations.indices.filter { operations[$0].kind != " " }
        var output = ""
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
            let oldStart = operations[..<start].count { $0.kind != "+" } + 1
            let newStart = operations[..<start].count { $0.kind != "-" } + 1
            let slice = operations[start..<end]
            let oldCount = slice.count { $0.kind != "+" }, newCount = slice.count { $0.kind != "-" }
            output += "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
            for operation in slice { output += "\(operation.kind)\(operation.line)" }
            index += 1
        }
        return output
    }
}
