import APNSLintDialects
import APNSLintRules

/// What `apns-lint init` writes: a commented `.apns-lint.yml` that says what a tree holds (how many definition files,
/// in which formats and dialects), suggests an `include` when the definitions sit in a few folders, and shows the
/// main settings as commented examples. Every setting is commented out, so the file changes nothing until one is
/// uncommented; uncommented, each example is valid (a test reads them all).
public enum StarterConfiguration {
    /// A definition file found, as a lint of it saw it.
    public struct Found: Sendable, Hashable {
        public var path: String
        public var format: InputFormat
        /// The dialect of each of its definitions (empty for a stream, which is not read here).
        public var dialects: [Dialect]
        public var isStream: Bool

        public init(path: String, format: InputFormat, dialects: [Dialect], isStream: Bool = false) {
            self.path = path
            self.format = format
            self.dialects = dialects
            self.isStream = isStream
        }

        public init(_ report: FileReport) {
            self.init(path: report.fileName, format: report.format, dialects: report.dialects)
        }
    }

    /// Folders holding definitions are suggested as `include` up to this many; more, and the default search fits better.
    static let mostIncludedFolders = 3

    /// The text of the file for the definition files `found` (paths relative to the file's directory).
    public static func text(for found: [Found]) -> String {
        var lines = [
            "# yaml-language-server: $schema=https://raw.githubusercontent.com/apns-lint/apns-lint/main/\(ConfigurationSchema.fileName)",
            "# apns-lint configuration, written by `apns-lint init`: uncomment what you need (docs/configuration.md).",
            "#",
        ]
        lines += summary(of: found)
        if let folders = includedFolders(for: found.map(\.path)) {
            let named = folders.map { $0 + "/" }
            lines += [
                "",
                "# The definitions sit in \(list(named)). To lint every file there, whatever it holds, instead of",
                "# searching the whole tree for files that look like definitions:",
                "# include: [\(folders.map { "\"\($0)/**\"" }.joined(separator: ", "))]",
            ]
        }
        let dialects = Set(found.flatMap(\.dialects))
        let dialectExample: String
        if dialects.count == 1, let only = dialects.first, only != .apns {
            dialectExample = "# dialect: \(only.rawValue)   # every definition found is written for \(only.title)"
        } else {
            dialectExample = "# dialect: \(Dialect.nodeAPN.rawValue)"
        }
        lines += [
            "",
            "# Files and folders never linted when searching directories:",
            "# exclude: [fixtures, \"*.draft.json\"]",
            "",
            "# Request headers of bare payload files (a definition's own headers win):",
            "# headers:",
            "#   apns-topic: com.example.app",
            "#   apns-push-type: alert",
            "",
            "# The format the definitions are written in (default: told from each definition's keys):",
            dialectExample,
            "",
            "# Which rules run, by id or category (apns-lint rules lists them); ignore wins over select:",
            "# select: [\([RuleCategory.syntax, .structure, .payload, .delivery, .headers, .size].map(\.rawValue).joined(separator: ", "))]",
            "# ignore: [\(RuleCategory.liveActivity.rawValue)]",
            "",
            "# Per rule: off, info, warning or error, or a mapping with the rule's options:",
            "# rules:",
            "#   payload-near-limit: {severity: error, share: 0.8}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// "apns-lint found 3 definition files here: 2 JSON and 1 YAML.", then how many of their definitions each dialect
    /// wrote ("2 apns, 1 node-apn").
    static func summary(of found: [Found]) -> [String] {
        guard !found.isEmpty else { return ["# apns-lint found no definition files here."] }
        var formats: [String] = []
        for format in InputFormat.allCases {
            let count = found.count { $0.format == format && !$0.isStream }
            if count > 0 { formats.append("\(count) \(name(of: format))") }
        }
        let streams = found.count { $0.isStream }
        if streams > 0 { formats.append("\(streams) JSON Lines \(streams == 1 ? "log" : "logs")") }
        var lines = ["# apns-lint found \(counted(found.count, "definition file")) here: \(list(formats))."]
        let definitions = found.flatMap(\.dialects)
        if !definitions.isEmpty {
            let counts = Dialect.allCases.compactMap { dialect -> String? in
                let count = definitions.count { $0 == dialect }
                return count == 0 ? nil : "\(count) \(dialect.rawValue)"
            }
            lines.append("# Definitions by dialect: \(counts.joined(separator: ", ")).")
        }
        return lines
    }

    /// The folders that hold every definition, when they are a few and none is the top: each the folder of a file,
    /// without the folders inside another one. Nil when a definition sits at the top or there are too many.
    static func includedFolders(for paths: [String]) -> [String]? {
        var folders: [String] = []
        for path in paths {
            guard let slash = path.lastIndex(of: "/") else { return nil }
            let folder = String(path[..<slash])
            if !folders.contains(folder) { folders.append(folder) }
        }
        let outermost = folders.filter { folder in !folders.contains { folder != $0 && folder.hasPrefix($0 + "/") } }.sorted()
        return outermost.isEmpty || outermost.count > mostIncludedFolders ? nil : outermost
    }

    static func name(of format: InputFormat) -> String {
        switch format {
        case .json: "JSON"
        case .yaml: "YAML"
        case .erlang: "Erlang"
        }
    }

    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.spokenList("and")
    }
}
