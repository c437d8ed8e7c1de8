/// File paths as text, without the file system (no symbolic links resolved) and without Foundation's `NSString` path
/// methods (not in FoundationEssentials): what the facade's `Paths` and the app reader build paths with.
package enum PathText {
    /// Removes `.`, `..` and empty segments from an absolute path.
    package static func normalize(_ path: String) -> String {
        // Most paths (every one a directory walk builds) are normal already: one scan instead of a split and a join.
        if isNormal(path) { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// An absolute path normalized; a relative one without `.` and empty segments and with each `..` that follows a
    /// name removed (`a/./b/../c` → `a/c`, `../x` kept), `.` when nothing is left.
    package static func standardize(_ path: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Whether `path` is absolute with no `.`, `..` or empty segment and no trailing slash (or is `/`).
    private static func isNormal(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "/") else { return false }
        // The length of the current segment so far, and whether it holds only dots.
        var length = 0
        var onlyDots = true
        var segments = 0
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
                segments += 1
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { onlyDots = false }
            }
        }
        if length == 0 { return segments == 0 }
        return !(onlyDots && length <= 2)
    }

    /// The last segment (`a/b.txt/` → `b.txt`); `/` for `/`.
    package static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The path without its last segment (`a/b/c` → `a/b`, `a//b/` → `a`); `/` at the root, `.` for a bare name.
    package static func directory(of path: String) -> String {
        var end = path.endIndex
        while end > path.startIndex, path[path.index(before: end)] == "/" { end = path.index(before: end) }
        guard end > path.startIndex else { return path.isEmpty ? "." : "/" }
        guard var slash = path[..<end].lastIndex(of: "/") else { return "." }
        while slash > path.startIndex, path[path.index(before: slash)] == "/" { slash = path.index(before: slash) }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last segment's extension, after its last dot (`Sound.caf` → `caf`); empty when it has none, or when its only
    /// dot starts it (`.gitignore`).
    package static func `extension`(of path: String) -> String {
        let name = name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The last segment without its extension (`a/Localizable.strings` → `Localizable`).
    package static func stem(of path: String) -> String {
        let name = name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
