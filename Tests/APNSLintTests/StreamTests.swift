@testable import APNSLint
import APNSLintSyntax
import Foundation
import Testing

/// JSON Lines streams in the library: the record reader, positions in the file, and the writer that streams a report.
@Suite("Streams: JSON Lines read a batch at a time")
struct StreamTests {
    /// The records of `text` read with blocks of `blockSize` bytes: (number, line, offset, text) of each.
    private func records(_ text: String, kind: StreamKind = .jsonLines, blockSize: Int) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-stream-\(UUID().uuidString).jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = RecordReader(descriptor: descriptor, path: path, kind: kind, blockSize: blockSize)
        var out: [String] = []
        while let batch = try reader.nextBatch(limit: 3) {
            #expect(batch.count <= 3)
            out += batch.map { "\($0.number)@\($0.origin.line + 1):\($0.origin.offset) \(String(decoding: $0.bytes, as: UTF8.self))" }
        }
        return out
    }

    @Test("every block size reads the same records: blank lines skipped, CRLF and a last line without a break",
          arguments: [1, 2, 7, 64, 1 << 20])
    func recordsWhateverTheBlockSize(blockSize: Int) throws {
        let text = "{\"a\":1}\n\n  \r\n{\"b\":[1,\n2]}\r\n{\"c\":\"a long line \(String(repeating: "x", count: 100))\"}\n   {\"d\":4}"
        #expect(try records(text, blockSize: blockSize) == [
            "1@1:0 {\"a\":1}",
            "2@4:13 {\"b\":[1,",
            "3@5:22 2]}",
            "4@6:27 {\"c\":\"a long line \(String(repeating: "x", count: 100))\"}",
            "5@7:148    {\"d\":4}",
        ])
    }

    @Test("a YAML stream is cut at its document markers: comments and directives go with the document after them",
          arguments: [1, 5, 64, 1 << 20])
    func yamlDocuments(blockSize: Int) throws {
        let text = "# sent on Monday\naps:\n  alert: Hi\n---\naps:\n  alert: |\n    --- not a marker\n    ...\n...\n%YAML 1.2\n---\n"
            + "# only a comment\n--- {aps: {badge: 1}}\n---\n# trailing"
        #expect(try records(text, kind: .yamlDocuments, blockSize: blockSize) == [
            "1@1:0 # sent on Monday\naps:\n  alert: Hi\n",
            "2@4:34 ---\naps:\n  alert: |\n    --- not a marker\n    ...\n...\n",
            "3@10:87 %YAML 1.2\n---\n# only a comment\n",
            "4@13:118 --- {aps: {badge: 1}}\n",
            "5@14:140 ---\n# trailing",
        ])
        #expect(try records("# nothing but a comment\n\n", kind: .yamlDocuments, blockSize: blockSize).isEmpty)
    }

    @Test("a large YAML stream read a document at a time finds what reading it whole finds")
    func yamlStreamMatchesTheWholeFile() throws {
        let documents = (0..<40).map { index in
            index % 3 == 0 ? "aps:\n  badge: \"\(index)\"\n" : "# \(index)\naps:\n  alert: Hello \(index)\n  sound: ''\n"
        }
        let text = documents.joined(separator: "---\n")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-yaml-\(UUID().uuidString).yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = Linter().lint(text, fileName: path, format: .yaml)
        var streamed: [FileReport] = []
        let file = InputFile(path: path, format: .yaml, stream: .yamlDocuments)
        _ = try Workspace(source: .none).lint(stream: file, kind: .yamlDocuments, jobs: 3, transform: { $0 }, consume: { streamed += $0 })
        #expect(streamed.count == 40)
        let found = streamed.flatMap { report in report.diagnostics.map { "\($0.ruleID)@\(report.source.position(of: $0.range!.start)) #\($0.document!)" } }
        let expected = whole.diagnostics.map { "\($0.ruleID)@\(whole.source.position(of: $0.range!.start)) #\($0.document!)" }
        #expect(found == expected)
        #expect(found.count == 40)
        #expect(TextReporter().render(streamed[3]).contains("= note: in document 4\n"))
    }

    @Test("a file named by its path is a stream by its extension, or when it is a YAML file of 8 MiB or more")
    func aNamedFileIsAStreamByExtensionOrSize() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-named-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, size: Int) throws -> String {
            let path = directory.appendingPathComponent(name).path
            try Data(repeating: UInt8(ascii: "#"), count: size).write(to: URL(fileURLWithPath: path))
            return path
        }
        let large = StreamKind.largeYAMLBytes
        let cases: [(path: String, format: InputFormat, stream: StreamKind?)] = [
            (try write("big.yaml", size: large), .yaml, .yamlDocuments),
            (try write("just-under.yml", size: large - 1), .yaml, nil),
            (try write("big.json", size: large), .json, nil),
            (try write("small.jsonl", size: 3), .json, .jsonLines),
            (try write("log.ndjson", size: 0), .json, .jsonLines),
            (directory.appendingPathComponent("missing.yaml").path, .yaml, nil),
            (try write("notes.txt", size: 3), .json, nil),
        ]
        for (path, format, stream) in cases {
            let file = InputFile.named(path)
            #expect(file.path == path)
            #expect(file.format == format, "\(path)")
            #expect(file.stream == stream, "\(path)")
        }
    }

    @Test("a record that grows past the limit without ending stops the stream, named by its number and first line (a YAML document's is its ---)",
          arguments: [StreamKind.jsonLines, .yamlDocuments])
    func aRecordOverTheLimitStopsTheStream(kind: StreamKind) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-stream-\(UUID().uuidString)").path
        let separator = kind == .jsonLines ? "\n" : "\n---\n"
        let text = ["{\"a\":1}", "{\"b\":2}", "{\"c\":\"\(String(repeating: "x", count: 200))\"}", "{\"d\":4}"].joined(separator: separator)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var reader = RecordReader(descriptor: descriptor, path: path, kind: kind, blockSize: 16, maximumRecordBytes: 100)
        var numbers: [Int] = []
        #expect { while let batch = try reader.nextBatch() { numbers += batch.map(\.number) } } throws: { error in
            (error as? InputError)?.description == "cannot read '\(path)': \(kind.recordNoun) 3, from line \(kind == .jsonLines ? 3 : 4), "
                + ReadFileTests.tooLarge
        }
        #expect(numbers == [1, 2])
        // The same stream with room for the long record reads all four.
        lseek(descriptor, 0, SEEK_SET)
        var roomy = RecordReader(descriptor: descriptor, path: path, kind: kind, blockSize: 16, maximumRecordBytes: 240)
        var all: [Int] = []
        while let batch = try roomy.nextBatch() { all += batch.map(\.number) }
        #expect(all == [1, 2, 3, 4])
    }

    @Test func anEmptyStreamHasNoRecords() throws {
        #expect(try records("", blockSize: 4).isEmpty)
        #expect(try records("\n \n\t\n", blockSize: 4).isEmpty)
    }

    @Test("a record's positions are the file's: line, column and byte offset")
    func positionsAreTheFiles() {
        let source = SourceText(bytes: Array("{\"aps\":\n {\"badge\":\"x\"}}".utf8), origin: SourceOrigin(line: 41, offset: 1000))
        #expect(source.firstLine == 42 && source.lastLine == 43)
        #expect(source.position(of: 0) == SourcePosition(line: 42, column: 1, offset: 1000))
        #expect(source.position(of: 19) == SourcePosition(line: 43, column: 12, offset: 1019))
        #expect(source.lineRange(43) == SourceRange(start: 8, end: 23))
        #expect(source.lineRange(1) == SourceRange(start: 23, end: 23))
        #expect(source.offset(line: 43, column: 3) == 10)
    }

    @Test("a record's findings carry its number and the file's positions in every format")
    func recordFindings() {
        let record = StreamRecord(number: 120_311, origin: SourceOrigin(line: 120_400, offset: 9_000_000), bytes: Array(#"{"aps":{"badge":"x"}}"#.utf8))
        let linter = Linter()
        let report = linter.lint(record: record, kind: .jsonLines, fileName: "sent.jsonl", headers: [], settings: linter.settings(for: nil),
                                 role: .definition)
        #expect(report.streamRecord == 120_311)
        #expect(report.diagnostics.map(\.document) == [120_310])
        #expect(ConciseReporter(includeSummary: false).report([report], rules: []).hasPrefix("sent.jsonl:120401:17: error: "))
        #expect(TextReporter().render(report).contains("  = note: in record 120,311\n"))
        #expect(GitHubReporter().report([report], rules: []).contains("(record 120,311)"))
        let json = JSONReporter().report([report], rules: [])
        #expect(json.contains(#""document": 120310"#) && json.contains(#""offset": 9000016"#))
    }

    @Test("the summary counts records apart from files, in its streams' word for them (of both kinds: records)",
          arguments: [(StreamKind.jsonLines, "records"), (.yamlDocuments, "documents")])
    func summaryLine(kind: StreamKind, noun: String) {
        var summary = Summary()
        #expect(summary.line == "No problems found in 0 files.")
        summary.addStream(kind)
        summary.records = 1_000_000
        #expect(summary.line == "No problems found in 1,000,000 \(noun) in 1 file.")
        summary.recordsWithProblems = 2
        summary.errors = 3
        #expect(summary.line == "Found 3 errors in 2 of 1,000,000 \(noun) in 1 file.")
        summary.files = 12
        summary.filesWithProblems = 1
        summary.warnings = 1
        #expect(summary.line == "Found 3 errors and 1 warning in 1 of 12 files and 2 of 1,000,000 \(noun) in 1 file.")
        summary.addStream(kind == .jsonLines ? .yamlDocuments : .jsonLines)
        summary.records += 1
        #expect(summary.line == "Found 3 errors and 1 warning in 1 of 12 files and 2 of 1,000,001 records in 2 files.")
    }

    @Test("a report written as it arrives is the report written whole", arguments: ReportFormat.allCases)
    func writerMatchesReporter(format: ReportFormat) {
        let linter = Linter()
        let reports = [
            linter.lint(#"{"aps":{"badge":"x"}}"#, fileName: "a.json"),
            linter.lint(#"{"aps":{"alert":"Hi"}}"#, fileName: "b.json"),
            linter.lint("aps:\n  badge: -1\n---\naps:\n  sound: ''\n", fileName: "c.yaml", format: .yaml),
            linter.lint(#"{"aps":{"alert":{"loc-args":["x"]}}}"#, fileName: "d.json"),
        ]
        let whole = format.reporter().report(reports, rules: [])
        for split in [0, 1, 3, 4] {
            var written = ""
            let writer = ReportWriter(reporter: format.reporter(), keepReports: false, jobs: 2) { written += $0 }
            writer.add(Array(reports[..<split]))
            writer.add(Array(reports[split...]))
            writer.finish(rules: [])
            #expect(written == whole, "split at \(split)")
        }
    }

    @Test("--jobs: the same results on one thread and on several")
    func jobsKeepTheOrder() {
        let linter = Linter()
        let texts = (0..<200).map { index in index % 3 == 0 ? #"{"aps":{"badge":"\#(index)"}}"# : #"{"aps":{"alert":"\#(index)"}}"# }
        let one = Parallel.map(texts.indices, jobs: 1) { ConciseReporter().report([linter.lint(texts[$0], fileName: "\($0).json")], rules: []) }
        let many = Parallel.map(texts.indices, jobs: 7) { ConciseReporter().report([linter.lint(texts[$0], fileName: "\($0).json")], rules: []) }
        #expect(one == many)
        #expect(one[3].hasPrefix("3.json:1:17: error: "))
    }
}
