import APNSLintTestSupport
import Foundation
import Testing

/// `{"aps": …, "data": [ … ]}` of about `megabytes` MB: the benchmark's large file (`Corpus.largeJSON`) as the custom
/// data of a payload.
private func largeDefinition(megabytes: Int) -> Data {
    var output: [UInt8] = []
    output.reserveCapacity(megabytes * 1_000_000 + 256)
    output.append(contentsOf: #"{"aps":{"alert":"Hi","badge":"3"},"data":["#.utf8)
    var index = 0
    while output.count < megabytes * 1_000_000 {
        if index > 0 { output.append(contentsOf: ",\n".utf8) }
        output.append(contentsOf: #"{"id":\#(index),"name":"item \#(index)","price":\#(index % 1000).\#(index % 100),"tags":["a","b"],"ok":\#(index % 3 == 0)}"#.utf8)
        index += 1
    }
    output.append(contentsOf: "]}\n".utf8)
    return Data(output)
}

/// Runs the binary with `arguments` and returns its exit status, its standard output (written to `directory`) and its
/// peak resident memory in bytes, or nil where that cannot be read.
///
/// The peak is the child's own high-water mark (`VmHWM` in `/proc/PID/status`, read until it exits; it only grows, and
/// reading last just before the exit misses at most the last few milliseconds). Not `wait4`'s `ru_maxrss`: Linux
/// carries a process's peak across `exec`, so a child spawned from this test process reports this process's peak
/// when that is larger (the tests run side by side, some with hundreds of megabytes).
private func runMeasuringMemory(_ arguments: [String], writingTo directory: URL) throws -> (status: Int32, stdout: String, peakBytes: Int?) {
    let output = directory.appendingPathComponent("stdout.txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments + ["--color", "never"]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = FileHandle.nullDevice
    try process.run()
    var peak: Int?
    #if os(Linux)
    let status = "/proc/\(process.processIdentifier)/status"
    while process.isRunning {
        if let text = try? String(contentsOfFile: status, encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") {
            peak = max(peak ?? 0, kilobytes * 1024)
        }
        usleep(2_000)
    }
    #endif
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8), peak)
}

@Suite("apns-lint on a 100 MB definition: memory bounded by the text, the findings those of the whole text")
struct LargeDocumentMemoryTests {
    @Test func hundredMegabytesOfCustomData() throws {
        let data = largeDefinition(megabytes: 100)
        let dir = try workspace(["big.json": data])
        defer { try? FileManager.default.removeItem(at: dir) }
        // By its absolute path: the child runs in this process's directory.
        let path = dir.appendingPathComponent("big.json").path
        let result = try runMeasuringMemory(["check", path], writingTo: dir)
        #expect(result.status == 1)
        let findings = result.stdout.split(separator: "\n").filter { $0.hasPrefix(path + ":") }.map { $0.dropFirst(path.count - "big.json".count) }
        // The payload's exact size: its text without the line breaks between the items.
        let lineBreaks = data.count { $0 == 0x0A } - 1
        let size = data.count - 1 - lineBreaks
        #expect(findings.count == 2, "\(findings)")
        #expect(findings.first == "big.json:1:1: error: the payload is \(size) bytes as sent (compact UTF-8 JSON), \(size - 4096) over APNs's limit of 4096 bytes for a payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered [payload-too-large]")
        #expect(findings.last?.hasPrefix("big.json:1:30: error: \"badge\" must be a whole number") == true)
        // The text is in memory once; what the reader keeps of it is bounded (1 MiB of text in nodes), so the peak
        // is the text and little more. Reading it whole took about 9 bytes for each byte of text.
        if let peak = result.peakBytes {
            #expect(peak < data.count * 2, "peak \(peak / 1_000_000) MB for \(data.count / 1_000_000) MB of text")
        }
    }

    /// `--fix` writes the document out, so it reads it whole: a node for every value. docs/usage.md gives the figure
    /// this prints (the CI log has it); the bound catches a change that makes it much worse.
    @Test func fixReadsTheDocumentWhole() throws {
        let data = largeDefinition(megabytes: 50)
        let dir = try workspace(["big.json": data])
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.json").path
        let result = try runMeasuringMemory(["check", "--fix", "--format", "concise", "--quiet", path], writingTo: dir)
        #expect(result.status == 1)
        // The badge is fixed; the payload is still too large.
        let fixed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(fixed.starts(with: Data(#"{"aps":{"alert":"Hi","badge":3},"data":["#.utf8)))
        #expect(fixed.count == data.count - 2)
        if let peak = result.peakBytes {
            let ratio = Double(peak) / Double(data.count)
            print("--fix on \(data.count / 1_000_000) MB of JSON: peak \(peak / 1_000_000) MB, \((ratio * 10).rounded() / 10) times the file")
            #expect(ratio < 32, "peak \(peak / 1_000_000) MB for \(data.count / 1_000_000) MB of text")
        }
    }
}
