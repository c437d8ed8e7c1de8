import APNSLintDialects
import APNSLintRules
import APNSLintSyntax

/// The formats apns-lint reads. Each has a reader that produces the same positioned document tree.
public enum InputFormat: String, Sendable, CaseIterable {
    case json
    case yaml
    case erlang

    /// The file extensions searched for in directories.
    public var fileExtensions: [String] {
        switch self {
        // An Xcode Simulator notification file (`push.apns`) is JSON.
        case .json: ["json"] + Dialect.byFileExtension.keys.sorted()
        case .yaml: ["yaml", "yml"]
        case .erlang: ["erl", "eterm", "term", "config"]
        }
    }

    /// The format a file name implies, or nil when its extension is not one apns-lint reads.
    public static func detect(fileName: String) -> InputFormat? {
        InputFile.kind(ofFileName: fileName).flatMap { $0.stream == nil ? $0.format : nil }
    }

    /// The extension of a file name, lowercased ("JSON" → "json"), or nil. Only the extension is lowercased, and
    /// only when it has capitals: a walk asks for every file's.
    static func fileExtension(of fileName: String) -> String? {
        let utf8 = fileName.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), !utf8[dot...].contains(UInt8(ascii: "/")) else { return nil }
        let ext = Substring(utf8[utf8.index(after: dot)...])
        return ext.utf8.allSatisfy({ $0 < UInt8(ascii: "A") || ($0 > UInt8(ascii: "Z") && $0 < 0x80) }) ? String(ext) : ext.lowercased()
    }

    /// The language of the format's reader.
    public var language: SourceLanguage {
        switch self {
        case .json: .json
        case .yaml: .yaml
        case .erlang: .erlang
        }
    }

    /// The byte that starts a comment, for inline suppressions; nil for JSON, which has no comments.
    public var commentMarker: UInt8? {
        switch self {
        case .json: nil
        case .yaml: UInt8(ascii: "#")
        case .erlang: UInt8(ascii: "%")
        }
    }

    /// Reads `source` with this format's reader into positioned document trees.
    /// - Parameter retentionLimit: for JSON, how much text each container keeps in nodes (`JSONReader.read`); nil
    ///   keeps everything. The YAML and Erlang readers keep everything.
    public func read(_ source: SourceText, retentionLimit: Int? = JSONReader.defaultRetentionLimit) -> ParseResult {
        switch self {
        case .json: JSONReader.read(source, retentionLimit: retentionLimit, vocabulary: Schema.vocabulary)
        case .yaml: YAMLReader.read(source)
        case .erlang: ErlangReader.read(source)
        }
    }
}

/// The format text without a file name is taken to be, and why (`InputFormat.detect(content:)`).
public struct ContentDetection: Sendable, Equatable {
    public let format: InputFormat
    /// What in the text picked the format: "it starts with '{'".
    public let reason: String
    /// False when the text does not read as the format picked (it has syntax errors): then it may be in another format,
    /// and a caller says which was assumed.
    public let isCertain: Bool

    public init(format: InputFormat, reason: String, isCertain: Bool) {
        self.format = format
        self.reason = reason
        self.isCertain = isCertain
    }
}

extension InputFormat {
    /// The format of text that has no file name (standard input), from its content:
    ///
    /// - an Erlang term: text that starts with a `%` comment; text that starts with `{` or `[` (after blanks and a
    ///   byte order mark) and ends with `.`, or holds `<<"…">>` binaries or `{atom, …}` tuples; other text that ends
    ///   with `.` and reads as an Erlang term;
    /// - JSON: other text that starts with `{` or `[`, except a YAML flow mapping with plain keys (`{aps: {alert: Hi}}`);
    /// - YAML: everything else (`%YAML` and `%TAG` directives included).
    ///
    /// The text is then read as that format: when it does not read cleanly the detection is not certain.
    public static func detect(content bytes: [UInt8]) -> ContentDetection {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, isBlank(bytes[start]) { start += 1 }
        guard start < bytes.count else { return ContentDetection(format: .json, reason: "it is empty", isCertain: true) }
        // A binary file is said to be one whatever its format: the JSON reader is never asked.
        if BinaryText.evidence(in: bytes) != nil { return ContentDetection(format: .json, reason: "it is binary", isCertain: true) }
        let (format, reason) = guess(bytes, start: start)
        let certain = !format.read(SourceText(bytes: bytes)).problems.contains { $0.kind.isInvalidSyntax }
        return ContentDetection(format: format, reason: reason, isCertain: certain)
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func guess(_ bytes: [UInt8], start: Int) -> (InputFormat, String) {
        let first = bytes[start]
        let rest = bytes[start...]
        if first == UInt8(ascii: "%") {
            // `%YAML 1.2` and `%TAG` are YAML directives; any other `%` starts an Erlang comment.
            if rest.starts(with: Array("%YAML".utf8)) || rest.starts(with: Array("%TAG".utf8)) {
                return (.yaml, "it starts with a YAML directive")
            }
            return (.erlang, "it starts with a % comment")
        }
        let period = endsWithPeriod(bytes)
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            if period { return (.erlang, "it ends with '.', as an Erlang term does") }
            if contains(Array("<<\"".utf8), in: bytes) { return (.erlang, "it holds <<\"…\">> binaries") }
            if let (word, after) = firstPlainKey(bytes, from: start) {
                if after == UInt8(ascii: ",") { return (.erlang, "it holds {\(word), …} tuples") }
                if after == UInt8(ascii: ":") { return (.yaml, "it starts with a YAML flow mapping, {\(word): …}") }
            }
            return (.json, "it starts with '\(Character(Unicode.Scalar(first)))'")
        }
        // YAML text may end with a period too (`alert: See you soon.`): an Erlang term reads as one.
        if period, !ErlangReader.read(SourceText(bytes: bytes)).problems.contains(where: { $0.kind == .invalidSyntax }) {
            return (.erlang, "it ends with '.', as an Erlang term does")
        }
        return (.yaml, "it does not start with '{' or '[' and is no Erlang term")
    }

    /// Whether the last character that is neither blank nor in a `%` comment line is `.`.
    private static func endsWithPeriod(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        while end > 0 {
            var lineStart = end
            while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            let line = bytes[lineStart..<end]
            if let last = line.lastIndex(where: { !isBlank($0) }) {
                let firstByte = line.first { !isBlank($0) }
                if firstByte != UInt8(ascii: "%") { return bytes[last] == UInt8(ascii: ".") }
            }
            end = lineStart == 0 ? 0 : lineStart - 1
        }
        return false
    }

    private static func contains(_ pattern: [UInt8], in bytes: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// After the opening brackets at `start` (`{`, `[{`), a word that starts with a lowercase letter (an Erlang atom or
    /// a YAML plain key), and the first character after it and its blanks.
    private static func firstPlainKey(_ bytes: [UInt8], from start: Int) -> (String, UInt8)? {
        var index = start
        var sawBrace = false
        while index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{") || isBlank(bytes[index]) {
            if bytes[index] == UInt8(ascii: "{") { sawBrace = true }
            index += 1
        }
        guard sawBrace, index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) else { return nil }
        let wordStart = index
        while index < bytes.count, bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: "-")
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[index])
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            index += 1
        }
        let word = String(decoding: bytes[wordStart..<index], as: UTF8.self)
        while index < bytes.count, isBlank(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        return (word, bytes[index])
    }
}
