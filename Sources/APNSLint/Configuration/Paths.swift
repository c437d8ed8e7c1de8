#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Absolute, normalized paths without touching the file system (no symlink resolution), so globs compare the
/// paths the user wrote.
@usableFromInline
package enum Paths {
    package static func absolute(_ path: String, relativeTo directory: String) -> String {
        normalize(path.hasPrefix("/") ? path : directory + "/" + path)
    }

    static func absolute(_ path: String) -> String {
        absolute(path, relativeTo: currentDirectory)
    }

    /// The current directory, from `getcwd`: a run that asks nothing else of `FileManager` does not set it up.
    @usableFromInline
    static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return FileManager.default.currentDirectoryPath }
        defer { free(path) }
        return String(cString: path)
    }

    /// Whether `path` is a directory (symbolic links followed); nil when nothing can be reached there.
    package static func isDirectory(_ path: String) -> Bool? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// Removes `.`, `..` and empty segments.
    static func normalize(_ path: String) -> String {
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

    package static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
