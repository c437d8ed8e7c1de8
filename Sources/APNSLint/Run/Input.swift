import APNSLintSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input of a run: a file, or standard input. A stream (JSON Lines, a large YAML file) is one input whose records
/// are linted one at a time; each record's report says which record it is (`FileReport.streamRecord`).
public enum Input: Sendable {
    case file(InputFile)
    case standardInput(StandardInput)

    /// The name shown in messages: the path as given, or standard input's name.
    public var name: String {
        switch self {
        case .file(let file): file.path
        case .standardInput(let input): input.name
        }
    }

    /// Set when the input is read a record at a time.
    public var stream: StreamKind? {
        switch self {
        case .file(let file): file.stream
        case .standardInput(let input): input.stream
        }
    }
}

/// Standard input as a run reads it: whole, or a record at a time when its name is a stream's (`push.jsonl`).
public struct StandardInput: Sendable {
    /// `--stdin-filename`, or `<stdin>`.
    public let name: String
    /// The format of the text, or of each record of a stream.
    public let format: InputFormat
    /// The text; empty for a stream, which is read as it is linted.
    public let bytes: [UInt8]
    public let stream: StreamKind?
    /// The name the user gave (it picks the configuration and its overrides), if any.
    let givenName: String?
    /// For a stream: where it starts in the file it was cut from (`--stdin-origin`).
    public var start = StreamStart.start

    /// Reads standard input, named `givenName` (nil: `<stdin>`): whole, unless the name is a stream's. The format is
    /// the name's extension's, else told from the content; `note` says when the content does not read as the format
    /// taken, and how to choose another.
    public static func read(named givenName: String?) throws(InputError) -> (input: StandardInput, note: String?) {
        let name = givenName ?? "<stdin>"
        if let stream = givenName.flatMap(StreamKind.detect(fileName:)) {
            return (StandardInput(name: name, format: stream.recordFormat, bytes: [], stream: stream, givenName: givenName), nil)
        }
        var bytes: [UInt8] = []
        try Inputs.readToEnd(STDIN_FILENO, appendingTo: &bytes, path: name)
        if let givenName, let format = InputFormat.detect(fileName: givenName) {
            return (StandardInput(name: name, format: format, bytes: bytes, stream: nil, givenName: givenName), nil)
        }
        let detected = InputFormat.detect(content: bytes)
        var note: String?
        if !detected.isCertain {
            let others = InputFormat.allCases.filter { $0 != detected.format }
            let examples = others.map { "push.\($0.fileExtensions[0])" }
            note = "standard input was taken for \(detected.format.displayName) (\(detected.reason)) and has syntax errors as such; "
                + "if it is \(others.map(\.displayName).joined(separator: " or ")), name it with --stdin-filename (\(examples.joined(separator: ", ")))"
        }
        return (StandardInput(name: name, format: detected.format, bytes: bytes, stream: nil, givenName: givenName), note)
    }
}

extension InputFormat {
    /// "JSON", "YAML", "an Erlang term".
    public var displayName: String {
        switch self {
        case .json: "JSON"
        case .yaml: "YAML"
        case .erlang: "an Erlang term"
        }
    }
}
