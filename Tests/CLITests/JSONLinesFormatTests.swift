import APNSLintTestSupport
import Foundation
import Testing

/// `check --format json-lines` (a diagnostic a line, as found, for pipes) and `check - --stdin-origin` (a part of a log
/// on standard input, reported at the file's positions): what a pipe reads, byte for byte.
@Suite("check: --format json-lines and --stdin-origin")
struct JSONLinesFormatTests {
    /// A send log with a blank line and a CRLF line, so lines, records and byte offsets all differ.
    static let log = "{\"aps\":{\"alert\":\"Hi\",\"badge\":1}}\n\n{\"aps\":{\"badge\":\"x\"}}\r\n{\"aps\":{\"alert\":\"\"}}\n"
        + "{\"aps\":{\"badge\":\"y\"}}\n"

    @Test func oneCompactDiagnosticALineWithItsRecordAndNothingElse() throws {
        let dir = try workspace(["sent.jsonl": Self.log])
        let result = try run(["check", "--format", "json-lines", "sent.jsonl"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == EXPECTED)
    }

    /// The same objects as `json`'s diagnostics, with `record` added: one encoding.
    @Test func sameObjectsAsJSONsDiagnostics() throws {
        let dir = try workspace(["sent.jsonl": Self.log, "bad.json": "{\"aps\": {\"badge\": \"5\"}}\n"])
        let lines = try run(["check", "--format", "json-lines", "bad.json", "sent.jsonl"], in: dir).stdout
        let json = try run(["check", "--format", "json", "bad.json", "sent.jsonl"], in: dir).stdout
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let objects = try lines.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.count == diagnostics.count && objects.count == 4)
        for (object, diagnostic) in zip(objects, diagnostics) {
            var rest = object
            let record = rest.removeValue(forKey: "record")
            #expect(NSDictionary(dictionary: rest) == NSDictionary(dictionary: diagnostic))
            #expect((record as? Int).map { $0 - 1 } == diagnostic["document"] as? Int)
        }
        #expect(objects[0]["record"] is NSNull)
    }

    @Test func noFindingsWriteNothing() throws {
        let dir = try workspace(["sent.jsonl": "{\"aps\":{\"alert\":\"Hi\"}}\n", "good.json": "{\"aps\":{\"alert\":\"Hi\"}}\n"])
        let result = try run(["check", "--format", "json-lines", "good.json", "sent.jsonl"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "")
    }

    /// A pipe reads a record's findings while the run still waits for the next record: each read's findings are
    /// written (and so flushed: standard output is written with write(2), unbuffered) before the next is read.
    @Test func writtenAsFoundOnAPipe() throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["check", "-", "--stdin-filename", "sent.jsonl", "--format", "json-lines"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        input.fileHandleForWriting.write(Data("{\"aps\":{\"badge\":\"x\"}}\n".utf8))
        // Standard input stays open: the line must come all the same.
        let line = Locked(Data())
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                let whole = line.withLock { $0.append(chunk); return $0.contains(0x0A) }
                if whole { break }
            }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(process.isRunning)
        let first = String(decoding: line.withLock { $0 }, as: UTF8.self)
        #expect(first.hasPrefix("{\"rule\":\"badge-invalid\","))
        #expect(first.hasSuffix(",\"record\":1}\n"))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
    }

    /// The log cut in two, the second part piped on its own with where it starts: the two runs write what one run of the
    /// whole file does, byte for byte.
    @Test func stdinOriginGivesTheFilesPositionsAndRecords() throws {
        let dir = try workspace(["sent.jsonl": Self.log])
        let whole = try run(["check", "--format", "json-lines", "sent.jsonl"], in: dir)
        let cut = Self.log.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(3)
            .reduce(0) { $0 + $1.count + 1 }
        let first = String(decoding: Array(Self.log.utf8)[..<cut], as: UTF8.self)
        let second = String(decoding: Array(Self.log.utf8)[cut...], as: UTF8.self)
        let arguments = ["check", "-", "--stdin-filename", "sent.jsonl", "--format", "json-lines"]
        let one = try run(arguments, stdin: Data(first.utf8), in: dir)
        let two = try run(arguments + ["--stdin-origin", "4:\(cut):3"], stdin: Data(second.utf8), in: dir)
        #expect(two.stderr == "")
        #expect(one.stdout + two.stdout == whole.stdout)
        #expect(two.stdout.contains("\"start\":{\"line\":4,\"column\":9,\"offset\":\(cut + 8)}"))
    }

    @Test func stdinOriginIsCheckedAndNeedsAStream() throws {
        let dir = try workspace(["sent.jsonl": Self.log])
        for (arguments, message) in [
            (["--stdin-filename", "sent.jsonl", "--stdin-origin", "4:10"], "--stdin-origin takes LINE:OFFSET:RECORD"),
            (["--stdin-filename", "sent.jsonl", "--stdin-origin", "0:0:1"], "--stdin-origin takes LINE:OFFSET:RECORD"),
            (["--stdin-filename", "push.json", "--stdin-origin", "1:0:1"], "--stdin-origin places a JSON Lines stream"),
        ] {
            let result = try run(["check", "-"] + arguments, stdin: Data(), in: dir)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}

/// A value behind a lock, for the reading thread and the test.
private final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

private let EXPECTED = #"""
{"rule":"badge-invalid","severity":"error","message":"\"badge\" must be a whole number (the count on the app icon), but it is a string (\"x\"); senders drop or coerce such a value, so the icon does not show the count you meant","help":"write the count as a number, such as 1 (0 removes the badge)","file":"sent.jsonl","pointer":"/aps/badge","document":1,"start":{"line":3,"column":17,"offset":50},"end":{"line":3,"column":20,"offset":53},"externalLocation":null,"url":"https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md","notes":[],"fix":null,"dialect":{"name":"apns","title":"APNs request","because":"its top level has \"aps\"","weighed":[],"certain":true},"record":2}
{"rule":"alert-empty","severity":"warning","message":"\"alert\" is an empty string, so the notification has no text to show; what the device does with an empty alert is not documented","help":"write the text to show, or remove \"alert\" for a push that only updates the badge or plays a sound","file":"sent.jsonl","pointer":"/aps/alert","document":2,"start":{"line":4,"column":9,"offset":65},"end":{"line":4,"column":16,"offset":72},"externalLocation":null,"url":"https://github.com/apns-lint/apns-lint/blob/main/Rules/alert-empty.md","notes":[],"fix":null,"dialect":{"name":"apns","title":"APNs request","because":"its top level has \"aps\"","weighed":[],"certain":true},"record":3}
{"rule":"badge-invalid","severity":"error","message":"\"badge\" must be a whole number (the count on the app icon), but it is a string (\"y\"); senders drop or coerce such a value, so the icon does not show the count you meant","help":"write the count as a number, such as 1 (0 removes the badge)","file":"sent.jsonl","pointer":"/aps/badge","document":3,"start":{"line":5,"column":17,"offset":94},"end":{"line":5,"column":20,"offset":97},"externalLocation":null,"url":"https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md","notes":[],"fix":null,"dialect":{"name":"apns","title":"APNs request","because":"its top level has \"aps\"","weighed":[],"certain":true},"record":4}
"""# + "\n"
