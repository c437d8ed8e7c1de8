import APNSLintTestSupport
import Foundation
import Testing

@Suite("apns-lint on a JSON Lines log of 100,000 records: memory bounded by a record, not by the file")
struct StreamStressTests {
    /// Record `index`: a payload of about 300 bytes; every 1,000th has a string badge.
    static func line(_ index: Int) -> String {
        let badge = index % 1_000 == 999 ? "\"\(index % 7)\"" : String(index % 7)
        return #"{"aps":{"alert":{"title":"Order \#(index)","body":"Your order \#(index) is on its way and arrives on Tuesday."},"badge":\#(badge),"sound":"default"},"order":"\#(index)","pad":"\#(String(repeating: "p", count: 150))"}"#
    }

    /// Peak resident memory in KiB of `apns-lint ARGS` (GNU time's %M), with its exit status and standard output.
    func measured(_ arguments: [String], in directory: URL) throws -> (status: Int32, stdout: String, peakKiB: Int)? {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else { return nil }
        let result = try run(["-f", "peak %M", binary.path] + arguments, in: directory, executable: time)
        guard let peak = result.stderr.split(separator: "\n").last(where: { $0.hasPrefix("peak ") }).flatMap({ Int($0.dropFirst(5)) }) else {
            return nil
        }
        return (result.status, result.stdout, peak)
    }

    @Test func logTwiceOverKeepsThePeak() throws {
        var text = ""
        text.reserveCapacity(35_000_000)
        for index in 0..<100_000 { text += Self.line(index) + "\n" }
        let dir = try workspace(["sent.jsonl": Data(text.utf8), "twice.jsonl": Data((text + text).utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let measuredOnce = try measured(["check", "--format", "concise", "sent.jsonl"], in: dir)
        let once = try measuredOnce.map { ($0.status, $0.stdout) } ?? {
            let result = try run(["check", "--format", "concise", "sent.jsonl"], in: dir)
            return (result.status, result.stdout)
        }()
        #expect(once.0 == 1)
        let findings = once.1.split(separator: "\n")
        #expect(findings.count == 101)
        #expect(findings.first == #"sent.jsonl:1000:109: error: "badge" must be a whole number (the count on the app icon), but it is a string ("5"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]"#)
        #expect(findings.last == "Found 100 errors in 100 of 100,000 records in 1 file.")
        // Without GNU time there is no peak to read; the findings above still hold.
        guard let one = measuredOnce, let two = try measured(["check", "--format", "concise", "twice.jsonl"], in: dir) else { return }
        #expect(two.stdout.hasSuffix("Found 200 errors in 200 of 200,000 records in 1 file.\n"))
        // The files are 35 MB and 70 MB; a run holds a batch of records (a few MB) and the binary.
        #expect(one.peakKiB < 150 * 1024, "peak \(one.peakKiB) KiB")
        #expect(Double(two.peakKiB) <= Double(one.peakKiB) * 1.15 + 8 * 1024, "peak \(two.peakKiB) KiB on twice the log, \(one.peakKiB) KiB on one")
    }
}

@Suite("apns-lint on a YAML file of 8 MiB or more: a stream of documents, checked and rendered a batch at a time")
struct LargeYAMLStreamTests {
    static let count = 60_000

    /// Document `index`: 6 lines of about 150 bytes; every 10,000th has a string badge.
    static func document(_ index: Int) -> String {
        let badge = index % 10_000 == 9_999 ? "'\(index % 7)'" : String(index % 7)
        return "aps:\n  alert: Order \(index) is on its way and arrives on Tuesday, as planned\n  badge: \(badge)\n  sound: default\n"
            + "order: '\(index)'\nsent-by: the nightly batch\n"
    }

    static let text = (0..<count).map(document).joined(separator: "---\n")

    @Test func checkNamesEachDocumentAndCountsDocuments() throws {
        #expect(Self.text.utf8.count >= 8 << 20)
        let dir = try workspace(["big.yaml": Data(Self.text.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try run(["check", "--format", "concise", "big.yaml"], in: dir)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 7)
        // Document 10,000 starts after 9,999 documents of 6 lines and a "---" each; its badge is on its third line.
        #expect(lines.first == #"big.yaml:69996:10: error: "badge" must be a whole number (the count on the app icon), but it is a string ("3"); senders drop or coerce such a value, so the icon does not show the count you meant [badge-invalid]"#)
        #expect(lines.last == "Found 6 errors in 6 of 60,000 documents in 1 file.")
    }

    @Test func renderPrintsEachDocumentsPayload() throws {
        let dir = try workspace(["big.yaml": Data(Self.text.utf8)])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try run(["render", "big.yaml"], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == Self.count + 1)
        #expect(lines[0] == #"{"aps":{"alert":"Order 0 is on its way and arrives on Tuesday, as planned","badge":0,"sound":"default"},"order":"0","sent-by":"the nightly batch"}"#)
        #expect(lines[9_999] == #"{"aps":{"alert":"Order 9999 is on its way and arrives on Tuesday, as planned","badge":"3","sound":"default"},"order":"9999","sent-by":"the nightly batch"}"#)
        #expect(lines[Self.count] == "")
    }
}
