import APNSLintSyntax

/// A file that holds many definitions, read and linted a record at a time, so memory is bounded by the largest record
/// and not by the file (a log of what a backend sent can be larger than memory).
public enum StreamKind: String, Sendable, Hashable, CaseIterable {
    /// JSON Lines / NDJSON: one JSON definition per line; blank lines are skipped.
    case jsonLines
    /// A YAML stream of many documents (`---`), read a document at a time when the file is large
    /// (`largeYAMLBytes`); a smaller one is read whole.
    case yamlDocuments

    /// From this size on, a YAML file is read as a stream of documents.
    public static let largeYAMLBytes = 8 << 20

    /// The extensions that make a file a stream whatever its size.
    public var fileExtensions: [String] {
        switch self {
        case .jsonLines: ["jsonl", "ndjson"]
        case .yamlDocuments: []
        }
    }

    /// The format of each record.
    public var recordFormat: InputFormat {
        switch self {
        case .jsonLines: .json
        case .yamlDocuments: .yaml
        }
    }

    /// The stream a file name implies, or nil.
    public static func detect(fileName: String) -> StreamKind? {
        InputFile.kind(ofFileName: fileName)?.stream
    }

    /// "JSON Lines".
    public var displayName: String {
        switch self {
        case .jsonLines: "JSON Lines"
        case .yamlDocuments: "YAML stream"
        }
    }

    /// What one record is called in messages: "record 120,311", "document 3".
    public var recordNoun: String {
        switch self {
        case .jsonLines: "record"
        case .yamlDocuments: "document"
        }
    }
}

/// One record of a stream: its bytes, and where it is in the file.
public struct StreamRecord: Sendable {
    /// 1-based, counting records (a blank line is not one).
    public let number: Int
    public let origin: SourceOrigin
    public let bytes: [UInt8]

    /// The record as a text whose positions are the file's.
    public var source: SourceText { SourceText(bytes: bytes, origin: origin) }
}

/// Where a stream on standard input starts in the file it was cut from (`check - --stdin-origin LINE:OFFSET:RECORD`):
/// its records' positions and numbers are then the file's, so a part of a log piped on its own (a Spark partition)
/// reports what a check of the whole file does for those records.
public struct StreamStart: Sendable, Hashable {
    /// The lines and bytes before the stream's first byte.
    public var origin: SourceOrigin
    /// The records before its first record.
    public var recordsBefore: Int

    public init(origin: SourceOrigin, recordsBefore: Int) {
        self.origin = origin
        self.recordsBefore = recordsBefore
    }

    /// The start of a file.
    public static let start = StreamStart(origin: .start, recordsBefore: 0)

    /// `LINE:OFFSET:RECORD`: the 1-based line, 0-based byte offset and 1-based record number of the stream's first
    /// byte and record in the file; nil when it is not three such numbers.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 3, let line = parts[0], let offset = parts[1], let record = parts[2],
              line >= 1, offset >= 0, record >= 1 else { return nil }
        self.init(origin: SourceOrigin(line: line - 1, offset: offset), recordsBefore: record - 1)
    }
}
