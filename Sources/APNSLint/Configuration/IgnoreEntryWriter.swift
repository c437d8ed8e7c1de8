import APNSLintSyntax

/// Adds `ignore:` entries (findings accepted, with a reason) to a configuration file's text, keeping everything else
/// as written: what `apns-lint suppress` writes. JSON has no comments, so this is the suppression every format shares.
///
/// Without a top-level `ignore`, the file gets one at its end; with a block list (`ignore:` then `- …` lines), the
/// entries go after its last item, at its items' indentation. Any other spelling (a flow list `[…]`) is an error
/// rather than a guess. The result is read back as a configuration before it is returned, so a file that would no
/// longer read is never written.
public enum IgnoreEntryWriter {
    public struct Entry: Sendable, Hashable {
        /// The file, relative to the configuration file's directory.
        public var file: String
        public var rules: [String]

        public init(file: String, rules: [String]) {
            self.file = file
            self.rules = rules
        }
    }

    /// The configuration text (`existing`, or a new file when nil) with `entries` added under `ignore`.
    /// - Parameter path: the configuration file's absolute path (its directory anchors the globs, for the check).
    public static func adding(_ entries: [Entry], reason: String, to existing: String?, path: String) throws(ConfigurationError) -> String {
        guard !entries.isEmpty else { return existing ?? "" }
        var text = existing ?? ""
        let source = SourceText(text)
        let documents = YAMLReader.read(source).documents
        let ignore = documents.first?.members?.first { $0.key == "ignore" }
        func items(indent: String) -> String {
            entries.map { entry in
                "\(indent)- file: \(JSONString.quoted(entry.file))\n"
                    + "\(indent)  rule: [\(entry.rules.map { JSONString.quoted($0) }.joined(separator: ", "))]\n"
                    + "\(indent)  reason: \(JSONString.quoted(reason))\n"
            }.joined()
        }
        if let ignore {
            let lineOfKey = source.position(of: ignore.keyRange.start).line
            guard case .array(let list) = ignore.value.value, let first = list.first,
                  source.position(of: first.range.start).line > lineOfKey else {
                throw ConfigurationError(path: path, position: source.position(of: ignore.keyRange.start),
                                         message: "ignore is not written as a block list (ignore: then one '- ' line per entry), so apns-lint suppress cannot add to it; rewrite it so, or add the entries by hand")
            }
            // The items' indentation: the blanks before the first item's dash.
            let firstLine = source.lineRange(source.position(of: first.range.start).line)
            let indent = String(decoding: source.bytes[firstLine.start..<firstLine.end].prefix { $0 == 0x20 }, as: UTF8.self)
            // After the line the list's last item ends on.
            let endLine = source.position(of: max(ignore.value.range.end - 1, ignore.value.range.start)).line
            let insertion = source.lineRange(endLine).end
            var bytes = source.bytes
            var added = Array(items(indent: indent).utf8)
            if insertion < bytes.count {
                // Keep the line break that ends the last item's line where it is: insert after it.
                let breakLength = bytes[insertion] == 0x0D && insertion + 1 < bytes.count && bytes[insertion + 1] == 0x0A ? 2 : 1
                bytes.insert(contentsOf: added, at: insertion + breakLength)
            } else {
                added.insert(0x0A, at: 0)
                added.removeLast()
                bytes.append(contentsOf: added)
                bytes.append(0x0A)
            }
            text = String(decoding: bytes, as: UTF8.self)
        } else {
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            text += "ignore:\n" + items(indent: "  ")
        }
        _ = try ConfigurationFile.parse(SourceText(text), path: path)
        return text
    }
}

extension Workspace {
    /// Where the ignore entries accepting each file's findings go: the configuration file that applies to the file
    /// (a new `.apns-lint.yml` in the current directory when none does), with the file relative to its directory.
    /// In the order of the configuration files' paths; each file's rules sorted.
    /// - Parameter findings: each file (as the run names it) and the ids of the rules that report in it.
    public func ignoreEntryTargets(_ findings: [String: Set<String>]) throws(ConfigurationError)
        -> [(configuration: String, entries: [IgnoreEntryWriter.Entry])] {
        if case .none = source {
            throw ConfigurationError(path: ".", position: nil, message: "--isolated reads no configuration file, so there is none to write ignore entries to")
        }
        var targets: [String: [IgnoreEntryWriter.Entry]] = [:]
        for (file, rules) in findings {
            let absolute = absolutePath(file)
            let configuration = configurationFile(forDirectory: Paths.directory(of: absolute))
                ?? currentDirectory + "/" + ConfigurationFile.names[0]
            guard let relative = Glob.relativePath(absolute, to: Paths.directory(of: configuration)) else {
                throw ConfigurationError(path: displayPath(configuration), position: nil,
                                         message: "'\(file)' is outside this configuration file's directory, so no ignore entry there can name it")
            }
            targets[configuration, default: []].append(IgnoreEntryWriter.Entry(file: relative, rules: rules.sorted()))
        }
        return targets.keys.sorted().map { ($0, targets[$0]!.sorted { $0.file < $1.file }) }
    }
}
