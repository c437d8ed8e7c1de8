import APNSLintModel
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

extension Linter {
    /// Lints the records of a stream a batch at a time: each batch's records in parallel on `jobs` threads (nil: one
    /// per core), each record's report turned into a `Value` by `transform` on the thread that linted it, and the
    /// values handed to `consume` in record order, a run at a time, as they are done. Memory holds one batch.
    ///
    /// Each record is linted as a definition of its own in `kind.recordFormat`, with the file's configuration
    /// (`path`); its positions are the file's, and each report says which record it is (`FileReport.streamRecord`).
    /// A record that cannot be read is reported like any file that cannot, and the stream goes on. With `fixing`, each
    /// record's report is that of the record as its fixes leave it (`Linter.fix`; the file is never rewritten).
    // Compiled for the CLI's value too: unspecialized, the generic code copied every value through its witness table
    // (perf: a tenth of a 10,000-file run's serial part).
    @_specialize(where Value == ReportWriter.Prepared)
    public func lint<Value>(stream reader: inout RecordReader, kind: StreamKind, fileName: String, headers: [HeaderOption] = [],
                            path: String? = nil, role: InputRole = .definition, fixing: FixOptions? = nil, jobs: Int? = nil,
                            transform: @Sendable (consuming FileReport) -> Value, consume: ([Value]) throws -> Void) throws {
        let settings = settings(for: path)
        // On several threads, the next batch is read while this one is linted (reading is the part that cannot be
        // shared); on one, everything stays on the calling thread.
        let prefetch = (jobs ?? Parallel.defaultJobs) > 1 ? BatchPrefetch(reader) : nil
        defer { prefetch?.stop() }
        func nextBatch() throws(InputError) -> [StreamRecord]? {
            if let prefetch { return try prefetch.next() }
            return try reader.nextBatch()
        }
        // Each batch's reports are consumed (written) a run at a time while the rest of the batch is linted.
        var failure: (any Error)?
        while failure == nil, let records = try nextBatch() {
            Parallel.forEachRun(records.indices, jobs: jobs, { index in
                let record = records[index]
                return transform(fixing.map { options in
                    fix(record.source, fileName: fileName, format: kind.recordFormat, headers: headers, path: path, options: options,
                        role: role).report.inStream(kind, record: record.number)
                } ?? lint(record: record, kind: kind, fileName: fileName, headers: headers, settings: settings, role: role))
            }, consume: { values in
                guard failure == nil else { return }
                do { try consume(values) } catch { failure = error }
            })
        }
        if let failure { throw failure }
    }

    /// One record of a stream, linted.
    func lint(record: StreamRecord, kind: StreamKind, fileName: String, headers: [HeaderOption], settings: ResolvedSettings,
              role: InputRole) -> FileReport {
        lint(record.source, fileName: fileName, format: kind.recordFormat, headers: headers, settings: settings, role: role)
            .inStream(kind, record: record.number)
    }
}

extension FileReport {
    /// The report as the report of record `number` of a stream of `kind`.
    /// Consuming: the report of each record is made into it, not copied (a retain and a release of each part).
    consuming func inStream(_ kind: StreamKind, record number: Int) -> FileReport {
        var report = self
        report.streamRecord = number
        report.streamKind = kind
        if !report.diagnostics.isEmpty {
            for index in report.diagnostics.indices { report.diagnostics[index].document = number - 1 }
        }
        if let whole = report.wholeReport {
            report.wholeReport = { @Sendable in whole().inStream(kind, record: number) }
        }
        return report
    }
}

/// Reads a stream's batches on a thread of its own, at most two ahead of the one being linted.
private final class BatchPrefetch: @unchecked Sendable {
    private let condition = Condition()
    private var ready: [Result<[StreamRecord]?, InputError>] = []
    private var stopped = false
    private static let ahead = 2

    init(_ reader: RecordReader) {
        Parallel.detachThread { [self] in
            var reader = reader
            while true {
                let batch = Result { () throws(InputError) in try reader.nextBatch() }
                condition.lock()
                while ready.count >= Self.ahead && !stopped { condition.wait() }
                if stopped {
                    condition.unlock()
                    return
                }
                ready.append(batch)
                condition.broadcast()
                condition.unlock()
                // The end of the stream, or an error: nothing more to read.
                if case .success(let records) = batch, records != nil { continue }
                return
            }
        }
    }

    /// The next batch, waiting for it; nil at the end of the stream.
    func next() throws(InputError) -> [StreamRecord]? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty { condition.wait() }
        let batch = ready.removeFirst()
        condition.broadcast()
        if case .success(nil) = batch { ready.insert(batch, at: 0) }
        return try batch.get()
    }

    /// Lets the reading thread end (when linting stops early).
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
