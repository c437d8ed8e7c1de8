#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file to lint, found on disk.
public struct InputFile: Sendable, Hashable {
    public let path: String
    public let format: InputFormat
    /// Named, or found while walking a directory (then linted only when it looks like a definition).
    public var origin: InputOrigin = .named
    /// Set for a file of many definitions read a record at a time (JSON Lines); `format` is then its records' format.
    public var stream: StreamKind?
    /// The linter of the file's configuration, as the walk that found it knew it (`Workspace.linterSlot`): -1 for a file
    /// named by its path, whose linter is looked up before linting. Not part of what the file is (equality, hash).
    var linterSlot: Int32 = -1

    public static func == (left: InputFile, right: InputFile) -> Bool {
        left.path == right.path && left.format == right.format && left.origin == right.origin && left.stream == right.stream
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(format)
        hasher.combine(origin)
        hasher.combine(stream)
    }

    /// A file named by its path: read as its extension says (JSON when apns-lint reads no file with it), and a large
    /// YAML file as a stream.
    public static func named(_ path: String) -> InputFile {
        let known = kind(ofFileName: path)
        return InputFile(path: path, format: known?.format ?? .json, stream: known?.stream).readingLargeYAMLAsAStream {
            var status = stat()
            return stat(path, &status) == 0 ? status.st_size : nil
        }
    }

    /// The file, read a document at a time when it is a YAML file of `StreamKind.largeYAMLBytes` or more. `size` (nil:
    /// unknown) is asked only of a YAML file: a walk finds thousands of others.
    func readingLargeYAMLAsAStream(size: () -> off_t?) -> InputFile {
        guard format == .yaml, stream == nil, let size = size(), size >= StreamKind.largeYAMLBytes else { return self }
        var streamed = self
        streamed.stream = .yamlDocuments
        return streamed
    }

    /// The extensions of the files a directory walk looks at: every format's, then every stream's.
    public static let searchedExtensions = InputFormat.allCases.flatMap(\.fileExtensions) + StreamKind.allCases.flatMap(\.fileExtensions)

    /// Whether apns-lint reads files with this name's extension (a directory walk looks at no others).
    public static func hasDefinitionExtension(_ name: String) -> Bool {
        kind(ofFileName: name) != nil
    }

    /// How a file with this name is read: its format, and whether it is a stream (then `format` is its records'); nil
    /// when apns-lint reads no file with its extension.
    static func kind(ofFileName name: String) -> (format: InputFormat, stream: StreamKind?)? {
        InputFormat.fileExtension(of: name).flatMap { kindsByExtension[$0] }
    }

    /// Every searched extension's kind: looked up once per file a walk finds.
    private static let kindsByExtension: [String: (format: InputFormat, stream: StreamKind?)] = {
        var kinds: [String: (format: InputFormat, stream: StreamKind?)] = [:]
        for format in InputFormat.allCases {
            for ext in format.fileExtensions { kinds[ext] = (format, nil) }
        }
        for stream in StreamKind.allCases {
            for ext in stream.fileExtensions { kinds[ext] = (stream.recordFormat, stream) }
        }
        return kinds
    }()
}

/// Why a path could not be linted.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// True when writing (a fix) failed, not reading.
    public var isWrite = false
    public var description: String { "cannot \(isWrite ? "write" : "read") '\(path)': \(reason)" }

    public init(path: String, reason: String, isWrite: Bool = false) {
        self.path = path
        self.reason = reason
        self.isWrite = isWrite
    }
}

/// Where a file to lint came from: a directory walk lints a file it finds only when it looks like a notification
/// definition, unless the configuration's `include` names it.
public enum InputOrigin: Sendable, Hashable {
    /// Named on the command line: always linted.
    case named
    /// Found while walking a directory and matched by the configuration's `include`: always linted.
    case included
    /// Found while walking a directory by its extension: linted when its content looks like a definition.
    case found
}

/// A file a directory walk found but does not lint, and why.
public struct SkippedFile: Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "skipped '\(path)': \(reason)" }
}
