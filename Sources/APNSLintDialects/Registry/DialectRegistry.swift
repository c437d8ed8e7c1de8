import APNSLintModel
import APNSLintSyntax

/// The systems apns-lint reads, in one list: detection, the directory walk's marks, the "not a definition" message,
/// `--dialect`'s values, the configuration schema and the docs' table each go through it, so a system added here (a
/// folder with its `DialectSystem`, and its line below) is read everywhere, and one left out is read nowhere.
/// A class, so that the context every lint carries holds it as one reference rather than copying its tables.
public final class DialectRegistry: Sendable {
    /// The first is the base: the APNs request itself, what a definition with no other system's evidence is read as.
    /// The others in the order detection weighs them, the likeliest first.
    public let dialects: [Dialect]

    public init(_ systems: [any DialectSystem.Type]) {
        precondition(!systems.isEmpty, "a registry has the APNs request at least")
        dialects = systems.map(Dialect.init)
        var byName: [String: Dialect] = [:]
        for dialect in dialects { byName[dialect.rawValue] = dialect }
        self.byName = byName
        var byFileExtension: [String: Dialect] = [:]
        for dialect in dialects { for fileExtension in dialect.system.fileExtensions { byFileExtension[fileExtension] = dialect } }
        self.byFileExtension = byFileExtension
        claimedExtensionLengths = byFileExtension.keys.reduce(0) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }
        others = Array(dialects.dropFirst())
        erlangDefault = dialects.first { $0.system.readsErlangTerms }
        marks = DefinitionMarks(dialects: dialects)
    }

    public static let standard = DialectRegistry([
        APNsDialect.self,
        FCMDialect.self,
        SNSDialect.self,
        ExpoDialect.self,
        OneSignalDialect.self,
        GorushDialect.self,
        HomeAssistantDialect.self,
        SimulatorDialect.self,
        NodeAPNDialect.self,
        ADCKDialect.self,
        SkygearDialect.self,
        ApnsJSONDialect.self,
    ])

    /// The APNs request itself.
    public var base: Dialect { dialects[0] }
    /// Every system but the base, in the order detection weighs them.
    let others: [Dialect]
    private let byName: [String: Dialect]
    /// The file extensions only one system's files have.
    public let byFileExtension: [String: Dialect]
    /// Bit `n` when an extension in `byFileExtension` is `n` bytes long (63: longer): most names' extension has
    /// another length, and is told apart without a look at the table.
    private let claimedExtensionLengths: UInt64
    /// The system an Erlang term file is read as unless it declares another.
    let erlangDefault: Dialect?
    /// What tells a definition apart from any other JSON or YAML document, from these systems' keys.
    public let marks: DefinitionMarks

    /// The names `--dialect` and `dialect:` take.
    public var names: [String] { dialects.map(\.rawValue) }

    public func dialect(named name: String) -> Dialect? { byName[name] }

    /// The registry without the system named `name`: what apns-lint would read if that folder were gone.
    public func removing(_ name: String) -> DialectRegistry {
        DialectRegistry(dialects.filter { $0.rawValue != name }.map(\.system))
    }

    /// The system a file's name says wrote it (an `.apns` file is the Simulator's).
    public func implied(byFileName name: String) -> Dialect? {
        // Byte by byte: every record of a stream asks (character by character, and with a lowercased copy to look up,
        // it was 5,600 instructions a record of a JSON Lines log, a tenth of its lint; callgrind).
        var name = name
        let suffix: (start: Int, count: Int)? = name.withUTF8 { bytes in
            var dot = bytes.count
            while dot > 0 {
                dot -= 1
                if bytes[dot] == UInt8(ascii: "/") { return nil }
                if bytes[dot] == UInt8(ascii: ".") { return (dot + 1, bytes.count - dot - 1) }
            }
            return nil
        }
        // Most names' extension has a length no system's has.
        guard let suffix, claimedExtensionLengths & 1 << UInt64(min(suffix.count, 63)) != 0 else { return nil }
        let written = name.utf8.dropFirst(suffix.start)
        // The few extensions systems claim, compared in place, letters in either case (no lowercased copy).
        return byFileExtension.first { fileExtension, _ in
            fileExtension.utf8.elementsEqual(written) { claimed, written in
                claimed == (written >= UInt8(ascii: "A") && written <= UInt8(ascii: "Z") ? written | 0x20 : written)
            }
        }?.value
    }

    /// The systems' titles as a list in words, for messages ("node-apn, ADCK, …, or gorush").
    public var fieldsPhrase: String {
        others.filter { !$0.system.readsErlangTerms && $0.system.fileExtensions.isEmpty }.map(\.title).spokenList("or")
    }

    /// The docs' table of systems (Markdown), one row for each.
    public var docsTable: String {
        var lines = ["| `--dialect` | system | what a definition looks like | source of the mapping | page |", "|---|---|---|---|---|"]
        for dialect in dialects {
            let row = dialect.system.docsRow
            lines.append("| `\(dialect.rawValue)` | \(dialect.title) | \(row.writtenAs) | \(row.source) | [\(row.page.split(separator: "#").first ?? "")](\(row.page)) |")
        }
        return lines.joined(separator: "\n")
    }
}
