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
