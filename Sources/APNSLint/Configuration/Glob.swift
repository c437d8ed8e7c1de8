/// A path pattern from a configuration file, as in `.gitignore`: `*` and `?` stay within one path segment,
/// `**` spans any number of segments, `[abc]` is a character class and `{a,b}` an alternative. A pattern
/// without a `/` matches a file or directory name at any depth (`*.json`, `fixtures`); one with a `/` is
/// anchored to the directory of the file it was written in (`push/background/**`). A pattern that matches a
/// directory matches everything under it.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// As written.
    public let pattern: String
    /// The absolute directory the pattern is relative to (the configuration file's).
    public let baseDirectory: String
    /// The pattern's segments as characters, split once.
    private let segments: [[Character]]
    private let anchored: Bool

    public init(_ pattern: String, relativeTo baseDirectory: String) {
        self.pattern = pattern
        self.baseDirectory = baseDirectory
        var body = pattern
        if body.hasPrefix("./") { body.removeFirst(2) }
        while body.hasSuffix("/") && body.count > 1 { body.removeLast() }
        anchored = body.contains("/")
        if body.hasPrefix("/") { body.removeFirst() }
        segments = body.split(separator: "/", omittingEmptySubsequences: true).map(Array.init)
    }

    public var description: String { pattern }

    /// Whether the file or directory at `path` (absolute and normalized) matches.
    public func matches(_ path: String) -> Bool {
        guard let relative = Glob.relativePath(path, to: baseDirectory) else { return false }
        let parts = relative.split(separator: "/").map(Array.init)
        if anchored { return Glob.matchesPrefix(segments, parts) }
        let name = segments.first ?? []
        return parts.contains { Glob.matchSegment(name, $0) }
    }

    /// `path` relative to `directory`, or nil when it is not inside it.
    static func relativePath(_ path: String, to directory: String) -> String? {
        if directory == "/" { return String(path.drop { $0 == "/" }) }
        guard path.hasPrefix(directory) else { return nil }
        let rest = path.dropFirst(directory.count)
        if rest.isEmpty { return "" }
        guard rest.first == "/" else { return nil }
        return String(rest.dropFirst())
    }

    /// Whether the pattern matches the path or one of its parent directories (a non-empty prefix of its parts).
    /// Segment-wise, with `**` spanning zero or more segments; iterative over a table, so a pattern full of `**`
    /// cannot take exponential time.
    private static func matchesPrefix(_ pattern: [[Character]], _ parts: [[Character]]) -> Bool {
        // reachable[j]: the segments so far can match the first j parts.
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in pattern {
            var next = [Bool](repeating: false, count: parts.count + 1)
            if segment == ["*", "*"] {
                var any = false
                for j in 0...parts.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<parts.count where reachable[j] && matchSegment(segment, parts[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable.dropFirst().contains(true)
    }

    /// One path segment against `*`, `?`, `[...]` and `{a,b}`.
    static func matchSegment(_ pattern: [Character], _ name: [Character]) -> Bool {
        if let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") {
            let prefix = pattern[..<open], suffix = pattern[(close + 1)...]
            return pattern[(open + 1)..<close].split(separator: ",", omittingEmptySubsequences: false).contains { choice in
                matchSegment(Array(prefix) + Array(choice) + Array(suffix), name)
            }
        }
        // Classic wildcard matching with one backtrack point for the last `*`: linear in practice.
        var p = 0, n = 0
        var star: (p: Int, n: Int)?
        while n < name.count {
            if p < pattern.count {
                switch pattern[p] {
                case "*":
                    star = (p, n)
                    p += 1
                    continue
                case "?":
                    p += 1; n += 1
                    continue
                case "[":
                    if let (matched, length) = matchClass(pattern, at: p, name[n]) {
                        if matched { p += length; n += 1; continue }
                    } else if name[n] == "[" {
                        p += 1; n += 1
                        continue
                    }
                default:
                    if pattern[p] == name[n] { p += 1; n += 1; continue }
                }
            }
            guard let last = star else { return false }
            p = last.p + 1
            n = last.n + 1
            star = (last.p, last.n + 1)
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// `[abc]`, `[a-z]`, `[!abc]`: whether `character` is in the class, and the class's length in the pattern;
    /// nil when the bracket is not closed (then it is a literal `[`).
    private static func matchClass(_ pattern: [Character], at start: Int, _ character: Character) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < pattern.count, pattern[index] == "!" || pattern[index] == "^" {
            negated = true
            index += 1
        }
        var matched = false
        var first = true
        while index < pattern.count {
            let current = pattern[index]
            if current == "]" && !first { return (matched != negated, index - start + 1) }
            first = false
            if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                if current <= character && character <= pattern[index + 2] { matched = true }
                index += 3
            } else {
                if current == character { matched = true }
                index += 1
            }
        }
        return nil
    }
}
