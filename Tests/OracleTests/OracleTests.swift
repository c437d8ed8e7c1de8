import APNSLint
import Foundation
import Testing

// The outputs recorded from the real libraries (node-apn 7.1.0, ADCK 0.2.0, apns_json / apns_erlv3 / jsx 2.8.0,
// Erlang/OTP 25's file:consult/1), copied from ../shared/oracles (seed 1) into Corpora/. Each case is linted and
// rendered in process, as `apns-lint render --isolated --headers FILE` and `apns-lint check --isolated FILE` do,
// and compared with what the real code did: the payload byte for byte, the headers, and an error wherever the
// real code raised or refused to send. ../shared/oracles/README.md says how each record was made.

/// One line of a corpus's expected.jsonl.
private struct Record: Decodable {
    let file: String
    let body: String?
    let headers: [String: String]?
    let error: String?
    let headers_error: String?
    let random_headers: [String]?
    let device_token_hex: String?
    // erlang-syntax
    let consult: String?
}

private let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpora")

private func records(_ system: String) throws -> [Record] {
    let text = try String(contentsOf: corpora.appendingPathComponent("\(system)/expected.jsonl"), encoding: .utf8)
    return try text.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
}

/// The case's report, as `check --isolated` makes it.
private func report(_ system: String, _ file: String) throws -> FileReport {
    let bytes = try [UInt8](Data(contentsOf: corpora.appendingPathComponent("\(system)/cases/\(file)")))
    return Linter().lint(SourceText(bytes: bytes), fileName: file, format: try #require(InputFormat.detect(fileName: file)))
}

/// What `render --headers` prints: the header lines as a dictionary, and the payload line; nil when it fails.
private func rendered(_ report: FileReport) -> (headers: [String: String], payload: [UInt8])? {
    guard case .success(let output) = Renderer(includeHeaders: true).render(report) else { return nil }
    let lines = output.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard let blank = lines.firstIndex(where: \.isEmpty), blank + 1 < lines.count else { return nil }
    var headers: [String: String] = [:]
    for line in lines[..<blank] {
        let text = String(decoding: line, as: UTF8.self)
        guard let separator = text.range(of: ": ", options: [], range: text.index(after: text.startIndex)..<text.endIndex) else { continue }
        headers[String(text[..<separator.lowerBound])] = String(text[separator.upperBound...])
    }
    return (headers, Array(lines[blank + 1]))
}

private func clip(_ text: String) -> String { text.count > 160 ? String(text.prefix(160)) + "…" : text }

/// Compares every case of a library's corpus; returns one line per disagreement.
private func disagreements(_ system: String) throws -> (cases: Int, lines: [String]) {
    var lines: [String] = []
    let all = try records(system)
    for record in all {
        let report = try report(system, record.file)
        let errors = report.diagnostics.filter { $0.severity == .error }
        let raised = record.error ?? record.headers_error
        if let raised {
            if errors.isEmpty {
                lines.append("\(record.file): the real code raised \(clip(raised)); apns-lint reports no error (\(Set(report.diagnostics.map(\.ruleID)).sorted()))")
            }
        } else if let invented = errors.first(where: { $0.ruleID == "dialect-library-error" }) {
            lines.append("\(record.file): the real code sent the payload; apns-lint says it raises: \(clip(invented.message))")
        }
        guard let body = record.body else { continue }
        guard let output = rendered(report) else {
            lines.append("\(record.file): the real code sent \(clip(body)); render fails")
            continue
        }
        if output.payload != Array(body.utf8) {
            lines.append("\(record.file): payload differs\n    real:      \(clip(body))\n    apns-lint: \(clip(String(decoding: output.payload, as: UTF8.self)))")
        }
        guard record.headers_error == nil else { continue }
        var expected = record.headers ?? [:]
        var actual = output.headers
        if let hex = record.device_token_hex {
            // ADCK writes the token into a binary frame: compared with the token of apns-lint's :path.
            expected = [":path": "/3/device/" + hex]
            actual[":path"] = actual[":path"]?.lowercased()
        }
        for name in record.random_headers ?? [] {
            expected[name] = nil
            actual[name] = nil
        }
        if expected != actual {
            let show = { (headers: [String: String]) in headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") }
            lines.append("\(record.file): headers differ\n    real:      \(show(expected))\n    apns-lint: \(show(actual))")
        }
    }
    return (all.count, lines)
}

private func expectAgreement(_ system: String) throws {
    let (count, lines) = try disagreements(system)
    if !lines.isEmpty {
        Issue.record("\(system): \(lines.count) disagreement(s) in \(count) cases with the real code:\n\(lines.prefix(40).joined(separator: "\n"))")
    }
}

@Suite("Oracles: each dialect sends what its library sends")
struct OracleTests {
    @Test func nodeAPN() throws { try expectAgreement("node-apn") }

    @Test func adck() throws { try expectAgreement("adck") }

    @Test func apnsJSON() throws { try expectAgreement("apns-json") }

    @Test func erlangSyntaxIsFileConsult() throws {
        var lines: [String] = []
        for record in try records("erlang-syntax") {
            let report = try report("erlang-syntax", record.file)
            let rejected = report.diagnostics.first { $0.ruleID == "invalid-erlang-term" }
            let consult = try #require(record.consult)
            if consult.hasPrefix("error"), rejected == nil {
                lines.append("\(record.file): file:consult/1 says \(consult); apns-lint accepts it")
            } else if consult == "ok", let rejected {
                lines.append("\(record.file): file:consult/1 reads it; apns-lint rejects it: \(rejected.message)")
            }
        }
        if !lines.isEmpty {
            Issue.record("erlang-syntax: \(lines.count) verdict(s) differ from file:consult/1:\n\(lines.joined(separator: "\n"))")
        }
    }
}
