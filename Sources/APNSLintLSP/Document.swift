import APNSLint
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// An open text document as the editor holds it: its text (UTF-8 bytes), version and format.
struct Document {
    let uri: String
    let languageID: String
    var version: Int?
    var text: SourceText
    /// The file's absolute path for a `file:` URI, nil for any other (an unsaved `untitled:` buffer).
    let path: String?

    init(uri: String, languageID: String, version: Int?, text: String) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.text = SourceText(text)
        path = Self.path(fromURI: uri)
    }

    /// The format to read the text as, or nil when the document is not linted: a JSON Lines stream (`.jsonl`,
    /// `.ndjson`), which `apns-lint check` lints a record at a time, or a language apns-lint does not read.
    ///
    /// The file's extension decides, as for `apns-lint check` (`InputFormat.detect(fileName:)`); without one apns-lint
    /// knows, the editor's language id (`json`, `jsonc`, `yaml`, `erlang`); then the text itself
    /// (`InputFormat.detect(content:)`, as for standard input) when the language id is `plaintext` or empty.
    var format: InputFormat? {
        let name = path ?? uri
        if StreamKind.detect(fileName: name) == .jsonLines { return nil }
        if let format = InputFormat.detect(fileName: name) { return format }
        switch languageID.lowercased() {
        case "json", "jsonc": return .json
        case "yaml", "yml": return .yaml
        case "erlang": return .erlang
        case "jsonl", "jsonlines": return nil
        case "", "plaintext": return InputFormat.detect(content: text.bytes).format
        default: return nil
        }
    }

    /// Whether the document is a configuration file (`.apns-lint.yml`), which is never linted as a definition.
    var isConfigurationFile: Bool {
        path.map { ConfigurationFile.names.contains(Paths.name(of: $0)) } ?? false
    }

    /// Applies one `TextDocumentContentChangeEvent`: a range and its new text, or (without a range) the whole text.
    mutating func apply(range: LSPRange?, text newText: String) {
        guard let range else {
            text = SourceText(newText)
            return
        }
        let start = offset(of: range.start)
        let end = max(start, offset(of: range.end))
        var bytes = text.bytes
        bytes.replaceSubrange(start..<end, with: Array(newText.utf8))
        text = SourceText(bytes: bytes)
    }

    /// The byte offset of an LSP position (clamped to the text).
    func offset(of position: LSPPosition) -> Int {
        text.offset(line: position.line, utf16Column: position.character)
    }

    /// The LSP position of a byte offset: a 0-based line and a 0-based column in UTF-16 code units.
    func position(of offset: Int) -> LSPPosition {
        let position = text.position(of: offset)
        return LSPPosition(line: position.line - text.firstLine, character: text.utf16Column(position) - 1)
    }

    func range(of range: SourceRange) -> LSPRange {
        LSPRange(start: position(of: range.start), end: position(of: max(range.start, range.end)))
    }

    /// The path of a `file:` URI, percent-decoded; nil for other schemes.
    static func path(fromURI uri: String) -> String? {
        guard uri.lowercased().hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: only the local host (empty, or `localhost`) is a path here.
        if !rest.hasPrefix("/") {
            guard let slash = rest.firstIndex(of: "/"), rest[..<slash].lowercased() == "localhost" else { return nil }
            rest = rest[slash...]
        }
        return Self.removingPercentEncoding(rest) ?? String(rest)
    }

    /// A `file:` URI for an absolute path, percent-encoding what a URI path may not hold: every byte of its UTF-8 but
    /// letters, digits, `-._~`, `:` and `/` (a path's unreserved characters, without the delimiters `;?#[]@!$&'()*+,=`).
    static func uri(forPath path: String) -> String {
        var encoded = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return encoded
    }

    /// `%XX` escapes decoded (as UTF-8); nil when an escape is malformed or the bytes are not UTF-8.
    static func removingPercentEncoding(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// A position as the protocol gives it: 0-based line, 0-based column in UTF-16 code units.
struct LSPPosition: Hashable {
    var line: Int
    var character: Int

    var json: JSONValue { ["line": .int(line), "character": .int(character)] }
}

struct LSPRange: Hashable {
    var start: LSPPosition
    var end: LSPPosition

    var json: JSONValue { ["start": start.json, "end": end.json] }
}

extension LSPPosition {
    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int else { return nil }
        self.init(line: line, character: character)
    }
}

extension LSPRange {
    /// An empty range at the start of the text.
    static let start = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))

    init?(_ json: JSONValue?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}
