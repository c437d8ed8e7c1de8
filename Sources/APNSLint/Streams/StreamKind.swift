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
