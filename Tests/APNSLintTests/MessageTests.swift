import APNSLint
import Testing

/// Every finding must say how to fix it, including the readers' syntax errors on damaged input.
@Suite("Messages speak to the user")
struct MessageTests {
    static let valid = """
        {"headers": {"apns-push-type": "alert", "apns-priority": 10},
         "payload": {"aps": {"alert": {"title": "Caf\\u00e9 😀", "loc-args": ["a", "b"]}, "badge": 1.5e2}, "x": [true, false, null, -0.5]}}
        """

    /// Deterministic single-byte changes of a valid JSON definition, and of its YAML form.
    static let damaged: [(String, String)] = {
        let bytes = Array(valid.utf8)
        let replacements: [UInt8] = [0x00, 0x22, 0x27, 0x2C, 0x3A, 0x5B, 0x5D, 0x7B, 0x7D, 0x5C, 0x2F, 0x2B, 0x2E, 0x65, 0x0A, 0xFF, 0xC3]
        var cases: [(String, String)] = []
        for position in stride(from: 0, to: bytes.count, by: 3) {
            for replacement in replacements where bytes[position] != replacement {
                var copy = bytes
                copy[position] = replacement
                cases.append(("json", String(decoding: copy, as: UTF8.self)))
            }
            cases.append(("json", String(decoding: bytes[..<position], as: UTF8.self)))
        }
        let yaml = "aps:\n  alert:\n    title: \"Hi\"\n    loc-args: [a, b]\n  badge: 1\nextra: {k: v}\n"
        let yamlBytes = Array(yaml.utf8)
        for position in 0..<yamlBytes.count {
            for replacement: UInt8 in [0x22, 0x3A, 0x5B, 0x7B, 0x09, 0x2A, 0x26, 0x21, 0x25, 0xFF] {
                var copy = yamlBytes
                copy[position] = replacement
                cases.append(("yaml", String(decoding: copy, as: UTF8.self)))
            }
            cases.append(("yaml", String(decoding: yamlBytes[..<position], as: UTF8.self)))
        }
        return cases
    }()

    @Test func everyDiagnosticOnDamagedInputHasAPositionAndHelp() {
        var checked = 0
        for (format, text) in Self.damaged {
            let report = lint(text, fileExtension: format)
            for diagnostic in report.diagnostics {
                checked += 1
                #expect(diagnostic.help?.isEmpty == false, "\(diagnostic.ruleID): \(diagnostic.message) in \(text.debugDescription)")
                #expect(diagnostic.range != nil, "\(diagnostic.ruleID): \(diagnostic.message)")
                #expect(!diagnostic.message.isEmpty)
            }
        }
        #expect(checked > 1000)
    }
}

/// Issue 20: a binary file is said to be one, not reported as a JSON syntax error at its first odd byte.
@Suite("Binary files")
struct BinaryFileTests {
    static let help = "lint the definition's source (JSON, YAML or an Erlang term, as UTF-8 text); leave other files out of the paths or exclude them in the configuration"

    @Test("a file with NUL bytes is one finding of the format's syntax rule, for the whole file", arguments: [
        (InputFormat.json, "invalid-json"), (.yaml, "invalid-yaml"), (.erlang, "invalid-erlang-term"),
    ])
    func nulBytes(_ format: InputFormat, _ rule: String) throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]
        let report = Linter().lint(SourceText(bytes: png), fileName: "icon", format: format)
        let diagnostic = try #require(report.diagnostics.first)
        #expect(report.diagnostics.count == 1)
        #expect(diagnostic.ruleID == rule)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.range == nil)
        #expect(diagnostic.message == "this looks like a binary file, not a definition: it holds NUL bytes (the first at byte offset 8), which no JSON, YAML or Erlang text does")
        #expect(diagnostic.help == Self.help)
        #expect(report.definitions.isEmpty)
    }

    @Test func mostlyBytesOfNoUTF8CharacterIsBinaryToo() throws {
        let bytes: [UInt8] = (0..<100).map { $0 % 2 == 0 ? 0xFF : 0x41 }
        let report = Linter().lint(SourceText(bytes: bytes), fileName: "blob", format: .json)
        #expect(report.diagnostics.map(\.message) == ["this looks like a binary file, not a definition: 50 of its first 100 bytes are control characters or not UTF-8"])
    }

    @Test("a text with a stray NUL or control byte, or in Latin-1, stays text: its reader places the bad byte")
    func textWithAFewOddBytesIsText() {
        let nul = Linter().lint(SourceText(bytes: Array(#"{"aps": {"alert": "Hi"#.utf8) + [0] + Array(#""}}"#.utf8)), fileName: "a.json")
        #expect(nul.summary == ["invalid-json@1:22"])
        #expect(nul.diagnostics.first?.message == "control character U+0000 in string: JSON requires it to be escaped")
        let latin1 = Linter().lint(SourceText(bytes: Array("aps:\n  alert: Caf".utf8) + [0xE9] + Array("\n".utf8)), fileName: "a.yaml", format: .yaml)
        #expect(!latin1.diagnostics.contains { $0.message.contains("binary") })
    }

    @Test("a UTF-16 byte order mark is left to the reader, which names the encoding")
    func utf16IsNotCalledBinary() {
        let utf16: [UInt8] = [0xFF, 0xFE] + Array("aps: {}".utf8).flatMap { [$0, 0] }
        let report = Linter().lint(SourceText(bytes: utf16), fileName: "a.yaml", format: .yaml)
        #expect(report.diagnostics.first?.message == "the file is UTF-16; apns-lint reads YAML in UTF-8, the encoding APNs payloads use")
    }
}
