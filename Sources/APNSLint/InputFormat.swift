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
        case .json: ["json"]
        case .yaml: ["yaml", "yml"]
        case .erlang: ["erl", "eterm", "term", "config"]
        }
    }

    /// The format a file name implies, or nil when its extension is not one apns-lint reads.
    public static func detect(fileName: String) -> InputFormat? {
        let lowered = fileName.lowercased()
        guard let dot = lowered.lastIndex(of: "."), !lowered[dot...].contains("/") else { return nil }
        let ext = String(lowered[lowered.index(after: dot)...])
        return allCases.first { $0.fileExtensions.contains(ext) }
    }

    /// The language of the format's reader.
    public var language: SourceLanguage {
        switch self {
        case .json: .json
        case .yaml: .yaml
        case .erlang: .erlang
        }
    }

    /// The id of the rule that reports text this format's reader cannot read.
    public var syntaxRuleID: String {
        // Every language has one (a test says so).
        RuleRegistry.owner(of: .syntax(.invalidSyntax, in: language)) ?? ""
    }

    /// The byte that starts a comment, for inline suppressions; nil for JSON, which has no comments.
    var commentMarker: UInt8? {
        switch self {
        case .json: nil
        case .yaml: UInt8(ascii: "#")
        case .erlang: UInt8(ascii: "%")
        }
    }

    /// Reads `source` with this format's reader into positioned document trees.
    public func read(_ source: SourceText) -> ParseResult {
        switch self {
        case .json: JSONReader.read(source)
        case .yaml: YAMLReader.read(source)
        case .erlang: ErlangReader.read(source)
        }
    }
}
