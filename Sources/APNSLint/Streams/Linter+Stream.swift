import APNSLintModel
import APNSLintSyntax

extension Linter {
    /// Lints the records of a stream a batch at a time: each batch's records in parallel on `jobs` threads (nil: one
    /// per core), each record's report turned into a `Value` by `transform` on the thread that linted it, and the
    /// values handed to `consume` in record order before the next batch is read. Memory holds one batch.
    ///
    /// Each record is linted as a definition of its own in `kind.recordFormat`, with the file's configuration
    /// (`path`); its positions are the file's, and each report says which record it is (`FileReport.streamRecord`).
    /// A record that cannot be read is reported like any file that cannot, and the stream goes on.
    public func lint<Value>(stream reader: inout RecordReader, kind: StreamKind, fileName: String, headers: [HeaderOption] = [],
                            path: String? = nil, role: InputRole = .definition, jobs: Int? = nil,
                            transform: @Sendable (FileReport) -> Value, consume: ([Value]) throws -> Void) throws {
        let settings = settings(for: path)
        while let records = try reader.nextBatch() {
            let values = Parallel.map(records.indices, jobs: jobs) { index in
                transform(lint(record: records[index], kind: kind, fileName: fileName, headers: headers, settings: settings, role: role))
            }
            try consume(values)
        }
    }

    /// One record of a stream, linted.
    func lint(record: StreamRecord, kind: StreamKind, fileName: String, headers: [HeaderOption], settings: ResolvedSettings,
              role: InputRole) -> FileReport {
        var report = lint(record.source, fileName: fileName, format: kind.recordFormat, headers: headers, settings: settings, role: role)
        report.streamRecord = record.number
        report.streamKind = kind
        if !report.diagnostics.isEmpty {
            for index in report.diagnostics.indices { report.diagnostics[index].document = record.number - 1 }
        }
        return report
    }
}
