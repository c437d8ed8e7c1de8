import APNSLint
import Foundation

/// What a fuzzer starts from: real definitions to mutate, and the words worth inserting.
public enum FuzzSeeds {
    /// The rule examples written in `format` (the rules' own tests, markers removed), then every file of that format
    /// under `roots` (`Examples/`, the regression inputs), each as one seed.
    public static func seeds(for format: InputFormat, roots: [String]) -> [(name: String, bytes: [UInt8])] {
        var seeds: [(name: String, bytes: [UInt8])] = []
        for rule in RuleRegistry.all {
            let examples = rule.documentation.triggering + rule.documentation.nonTriggering
            for (index, example) in examples.enumerated() where InputFormat.detect(fileName: "x.\(example.fileExtension)") == format {
                seeds.append(("example-\(rule.id)-\(index + 1).\(example.fileExtension)", Array(example.unmarked.text.utf8)))
            }
        }
        for root in roots {
            for path in files(under: root) where InputFormat.detect(fileName: path) == format {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                let name = path.replacingOccurrences(of: "/", with: "_")
                seeds.append((name, [UInt8](data)))
            }
        }
        return seeds
    }

    /// Writes `seeds(for:roots:)` into `directory`, one file each; returns how many.
    public static func write(for format: InputFormat, roots: [String], to directory: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let seeds = seeds(for: format, roots: roots)
        for seed in seeds {
            try Data(seed.bytes).write(to: URL(fileURLWithPath: directory).appendingPathComponent(seed.name))
        }
        return seeds.count
    }

    /// Every regular file under `path` (or `path` itself), sorted.
    public static func files(under path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [path] }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return found.map { "\(path)/\($0)" }.filter { file in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// A libFuzzer dictionary for `format`: the keys the schema and the dialects know, the values that select
    /// behaviour (push types, dialect names), the rule ids and the suppression words, and the format's own syntax,
    /// each written as the format writes a key.
    public static func dictionary(for format: InputFormat) -> String {
        var words: [String] = []
        let keys = Array(Schema.payload) + Schema.aps + Schema.alert + Schema.sound + Schema.headers + Schema.envelope
        var keyNames = keys.map(\.name)
        for dialect in Dialect.allCases { keyNames += dialect.distinctiveKeys.sorted() }
        keyNames.append(Dialect.declarationKey)
        for name in Set(keyNames).sorted() {
            words.append(name)
            switch format {
            case .json: words.append("\"\(name)\":")
            case .yaml: words.append("\(name): ")
            case .erlang: words += ["{\(name), ", "{'\(name)', ", "<<\"\(name)\">>"]
            }
        }
        words += PushType.allCases.map(\.rawValue) + Dialect.allCases.map(\.rawValue)
        words += RuleRegistry.ids
        words += ["apns-lint: disable-next-line ", "apns-lint: disable-line ", "apns-lint: disable-file ", " -- "]
        switch format {
        case .json:
            words += ["{", "}", "[", "]", "\"", ":", ",", "true", "false", "null", "\\u", "\\ud83d\\ude00", "1e3", "-0", "//", "/*", "\u{FEFF}"]
        case .yaml:
            words += ["---", "...", "- ", "? ", ": ", "&a ", "*a", "<<: *a", "!!str ", "!!int ", "!!map", "!tag ", "|\n", ">-\n",
                      "# ", "yes", "~", "0x1F", ".inf", "2026-11-21", "{", "}", "[", "]", "'", "\""]
        case .erlang:
            words += ["[", "]", "{", "}", ".", ",", "<<\"", "\">>", "<<>>", "#{", " => ", "'", "\"", "% ", "$a", "16#FF", "1.0e3",
                      "true", "false", "undefined", "null", "[]"]
        }
        var lines: [String] = []
        var seen = Set<String>()
        for word in words where seen.insert(word).inserted {
            lines.append("\"" + word.utf8.map(Self.escaped).joined() + "\"")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A byte as libFuzzer's dictionary syntax writes it: printable ASCII as itself, `\` and `"` escaped, others `\xNN`.
    private static func escaped(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\\"): "\\\\"
        case UInt8(ascii: "\""): "\\\""
        case 0x20...0x7E: String(UnicodeScalar(byte))
        default: "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
    }
}
