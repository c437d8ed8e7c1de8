import APNSLintTestSupport
import Foundation
import Testing

// The apns-lint binary on inputs of many megabytes (moved from Tests/CLITests/CLITests.swift, assertions unchanged).

@Suite("apns-lint on YAML, end to end: a 50 MB file")
struct YAMLCommandTests {
    @Test func fiftyMegabyteYAML() throws {
        // 50 MB in one block scalar: read to the end, and the one finding is reported where it is.
        var text = "aps:\n  alert: |\n"
        let line = "    " + String(repeating: "lorem ipsum ", count: 8) + "\n"
        text.reserveCapacity(50 * 1024 * 1024 + 100)
        while text.utf8.count < 50 * 1024 * 1024 { text += line }
        text += "  badge: \"1\"\n"
        let dir = try workspace(["big.yaml": Data(text.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try run(["check", "--color", "never", "big.yaml"], in: dir)
        #expect(result.status == 1)
        let findings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("big.yaml:") }
        let lastLine = text.split(separator: "\n").count
        #expect(findings.count == 2)
        #expect(findings.first?.hasPrefix("big.yaml:1:1: error: the payload is ") == true)
        #expect(findings.first?.hasSuffix("[payload-too-large]") == true)
        #expect(findings.last?.hasPrefix("big.yaml:\(lastLine):10: error: \"badge\" must be a whole number (the count on the app icon), but it is a string (\"1\")") == true)
        #expect(findings.last?.hasSuffix("[badge-invalid]") == true)
    }
}

@Suite("apns-lint on garbage, 100 MB of it: a diagnostic at the right place, never a crash or a hang")
struct GarbageInputTests {
    @Test func hundredMegabytes() throws {
        // 100 MB of whitespace and one stray byte at the end: the error is reported at its real line and column.
        var bytes = [UInt8](repeating: 0x20, count: 100 * 1024 * 1024)
        for index in stride(from: 99, to: bytes.count - 200, by: 100) { bytes[index] = 0x0A }
        bytes[bytes.count - 1] = UInt8(ascii: "x")
        let lastBreak = bytes.lastIndex(of: 0x0A)!
        let line = bytes.count(where: { $0 == 0x0A }) + 1
        let column = bytes.count - 1 - lastBreak
        #expect(line == 1_048_575 && column == 200)
        try checkInvalidJSON(Data(bytes), expect: "\(line):\(column)", "unexpected word 'x'")
    }

    @Test func hundredMegabyteString() throws {
        var text = Data(#"{"aps": {"alert": ""#.utf8)
        text.append(Data(repeating: UInt8(ascii: "a"), count: 100 * 1024 * 1024))
        try checkInvalidJSON(text, expect: "1:19", "unterminated string")
    }
}
