import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The files of an app's folder that tell what it receives: found in one walk, so reading an app costs one pass over
/// its tree. Build products, dependencies' checkouts and version control are skipped.
struct AppFiles {
    /// `Localizable.strings`, `.stringsdict` and `.xcstrings`, with the language of their `.lproj` folder.
    var stringTables: [(path: String, language: String?)] = []
    /// Audio files, by file name (`chime.caf`).
    var sounds: [String: String] = [:]
    /// Swift and Objective-C sources.
    var sources: [String] = []
    /// Info.plist files, for targets whose build settings name none the reader could resolve.
    var infoPlists: [String] = []
    /// True when the walk stopped at `fileLimit`.
    var isTruncated = false

    /// Far beyond an app's own files; a tree with more is a monorepo's, and the rest is not read.
    static let fileLimit = 50_000
    static let skippedFolders: Set<String> = [".git", ".build", "build", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm",
                                              "SourcePackages", "xcuserdata", ".svn", "vendor"]
    static let soundExtensions: Set<String> = ["caf", "aif", "aiff", "aifc", "wav", "wave", "mp3", "m4a", "aac", "m4r"]

    init(root: String) {
        let manager = FileManager.default
        var pending = [root]
        var seen = 0
        while let folder = pending.popLast() {
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() {
                seen += 1
                if seen > Self.fileLimit {
                    isTruncated = true
                    return
                }
                let path = folder + "/" + name
                guard let kind = fileKind(at: path) else { continue }
                let ext = PathText.extension(of: name).lowercased()
                if kind.isFolder {
                    // An .xcodeproj holds no app file; a symbolic link to a folder could loop.
                    if Self.skippedFolders.contains(name) || ext == "xcodeproj" || ext == "xcworkspace" || name.hasPrefix(".") { continue }
                    if kind.isLink { continue }
                    pending.append(path)
                    continue
                }
                let stem = PathText.stem(of: name)
                switch ext {
                // Only the `Localizable` tables: a Settings bundle's `Root.strings` or an `InfoPlist.strings` holds
                // no key a notification may name.
                case "strings" where stem == "Localizable", "stringsdict" where stem == "Localizable", "xcstrings" where stem == "Localizable":
                    let parent = PathText.name(of: folder)
                    let language = parent.hasSuffix(".lproj") ? String(parent.dropLast(".lproj".count)) : nil
                    stringTables.append((path, language))
                case "swift", "m", "mm":
                    sources.append(path)
                case "plist" where name == "Info.plist" || name.hasSuffix("-Info.plist"):
                    infoPlists.append(path)
                default:
                    if Self.soundExtensions.contains(ext), sounds[name] == nil { sounds[name] = path }
                }
            }
        }
    }
}

/// Places in the app's files, as a finding's second location shows them.
struct Places {
    /// Where paths are shown from (the working directory).
    let base: String

    /// `path` as messages show it: relative to `base` when under it.
    func display(_ path: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    func location(_ path: String, line: Int = 1, column: Int = 1) -> ExternalLocation {
        ExternalLocation(path: display(path), absolutePath: path, line: line, column: column)
    }

    /// The place of `offset` in `source`, read from `path`.
    func location(_ path: String, offset: Int, in source: SourceText) -> ExternalLocation {
        let position = source.position(of: offset)
        return location(path, line: position.line, column: position.column)
    }

    /// Where `<key>name</key>` is written in an XML property list's text (1:1 when it is not there: a binary plist).
    func location(ofKey name: String, in path: String, text: [UInt8]?) -> ExternalLocation {
        guard let text, let offset = Self.offset(of: Array("<key>\(name)</key>".utf8), in: text) else { return location(path) }
        return location(path, offset: offset, in: SourceText(bytes: text))
    }

    static func offset(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// Whether `path` is a folder (symbolic links followed) and whether it is a symbolic link; nil when nothing can be
/// reached there.
func fileKind(at path: String) -> (isFolder: Bool, isLink: Bool)? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    var linkStatus = stat()
    let isLink = lstat(path, &linkStatus) == 0 && linkStatus.st_mode & S_IFMT == S_IFLNK
    return (status.st_mode & S_IFMT == S_IFDIR, isLink)
}

/// A file's bytes, or nil when it cannot be read or is larger than `limit` (an app's plists and tables are small).
func readFile(_ path: String, limit: Int = 16 << 20) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { return nil }
        if count == 0 { return bytes }
        bytes.append(contentsOf: chunk[..<count])
        if bytes.count > limit { return nil }
    }
}

/// A text file's bytes as UTF-8: a `.strings` file is often UTF-16 (with its byte order mark).
func utf8Text(_ bytes: [UInt8]) -> [UInt8] {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
        let bigEndian = bytes[0] == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            units.append(bigEndian ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index]))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
    return bytes
}
