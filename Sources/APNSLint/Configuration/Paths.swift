#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APNSLintSyntax
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
    static func normalize(_ path: String) -> String { PathText.normalize(path) }

    package static func name(of path: String) -> String { PathText.name(of: path) }

    static func directory(of path: String) -> String { PathText.directory(of: path) }
}
