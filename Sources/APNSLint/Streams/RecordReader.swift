import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a stream from a file descriptor a block at a time and hands out its records in batches: the lines of JSON
/// Lines, or the documents of a YAML stream. It holds one block and the record that crosses its end, so a record longer
/// than a block makes the buffer grow to that record: memory is bounded by the largest record, never by the file.
public struct RecordReader: Sendable {
    private let descriptor: Int32
    private let path: String
    private let kind: StreamKind
    /// How many bytes a read asks for.
    private let blockSize: Int
    /// The most bytes a record may have (`Inputs.maximumTextBytes`).
    private let maximumRecordBytes: Int
    /// Bytes read; the record being gathered starts at `recordStart`, which is at `recordOrigin` in the file, and
    /// `scan` is the start of the first line not yet looked at.
    private var buffer: [UInt8] = []
    private var recordStart = 0
    private var recordOrigin = SourceOrigin.start
    private var scan = 0
    /// How far the buffer was searched for the end of the line at `scan`: a long line is searched once, not again
    /// from its start after every read.
    private var searched = 0
    /// Lines between `recordStart` and `scan`.
    private var scannedLines = 0
    /// For a YAML document: whether it holds more than comments, blank lines and directives, or starts with `---`
    /// (then it is a document even when empty).
    private var isDocument = false
    private var recordCount = 0
    private var endOfFile = false
    /// A batch read ahead by `firstRecord()`.
    private var peeked: [StreamRecord]?

    /// Reads `kind` from `descriptor` (not closed here) `blockSize` bytes at a time; `path` names it in errors.
    ///
    /// A batch is what one block holds, and each batch is linted in parallel: its end is a point where every thread
    /// waits for the last one, and the thread for the next batch starts on a core that has just gone idle (on a
    /// virtual machine that can take a millisecond or more). Blocks of 4 MiB rather than 1 MiB made a 1,000,000-line
    /// log 7% faster (2.85 against 3.05 s, median of 7) for 46 rather than 24 MiB of memory at most.
    /// `start`: where the stream starts in its file (a part of a file on standard input), so its records' positions
    /// and numbers are the file's.
    public init(descriptor: Int32, path: String, kind: StreamKind = .jsonLines, blockSize: Int = 4 << 20, start: StreamStart = .start) {
        self.init(descriptor: descriptor, path: path, kind: kind, blockSize: blockSize, maximumRecordBytes: Inputs.maximumTextBytes)
        recordOrigin = start.origin
        recordCount = start.recordsBefore
    }

    /// The same, stopping at a record over `maximumRecordBytes` (a test's small limit).
    init(descriptor: Int32, path: String, kind: StreamKind, blockSize: Int, maximumRecordBytes: Int) {
        self.descriptor = descriptor
        self.path = path
        self.kind = kind
        self.blockSize = max(1, blockSize)
        self.maximumRecordBytes = maximumRecordBytes
    }

    /// The first record, read ahead (the next batch still holds it); nil for a stream with none.
    public mutating func firstRecord() throws(InputError) -> StreamRecord? {
        if peeked == nil { peeked = try nextBatch() ?? [] }
        return peeked?.first
    }

    /// The next records: what the buffer holds after one more read, up to `limit` records; nil at the end of the stream.
    public mutating func nextBatch(limit: Int = 32_768) throws(InputError) -> [StreamRecord]? {
        if let batch = peeked {
            peeked = nil
            return batch.isEmpty ? nil : batch
        }
        var records: [StreamRecord] = []
        while records.count < limit {
            if let record = nextRecord() {
                records.append(record)
                continue
            }
            if endOfFile {
                if let last = takeRest() { records.append(last) }
                break
            }
            // No whole record left in the buffer: hand out what there is, else read on.
            if !records.isEmpty { break }
            try fill()
        }
        return records.isEmpty && endOfFile ? nil : records
    }

    /// Drops what was handed out, then reads one block onto the end of the buffer. A record that has grown past
    /// `Inputs.maximumTextBytes` without ending stops the stream (a line that never ends, as `/dev/zero`'s).
    private mutating func fill() throws(InputError) {
        if recordStart > 0 {
            buffer.removeSubrange(..<recordStart)
            scan -= recordStart
            searched = max(0, searched - recordStart)
            recordStart = 0
        }
        // Checked before the buffer grows again, so it never holds (or reserves) much more than the limit.
        if buffer.count >= maximumRecordBytes {
            throw InputError(path: path, reason: Inputs.tooLargeReason("\(kind.recordNoun) \(FileReport.grouped(recordCount + 1)), from line \(recordOrigin.line + 1),"))
        }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: blockSize))
        let count = buffer.withUnsafeMutableBytes { Inputs.read(descriptor, into: $0.baseAddress! + start, count: blockSize) }
        buffer.removeLast(blockSize - max(count, 0))
        if count < 0 { throw InputError(path: path, reason: Inputs.reason(errno)) }
        if count == 0 { endOfFile = true }
    }

    /// The end of the line that starts at `start` (the index of its `\n`), or nil when the buffer does not hold it whole.
    private func lineEnd(from start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard start < bytes.count, let base = bytes.baseAddress else { return nil }
            return memchr(base + start, 0x0A, bytes.count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
        }
    }

    /// The next record that ends in the buffer, or nil.
    private mutating func nextRecord() -> StreamRecord? {
        while let end = lineEnd(from: max(scan, searched)) {
            let line = scan..<end
            switch kind {
            case .jsonLines:
                scan = end + 1
                if let record = take(upTo: line.upperBound, lines: 1, isRecord: !isBlank(line)) { return record }
            case .yamlDocuments:
                switch yamlLine(line) {
                case .documentStart where isDocument:
                    // `---` starts the next document: the one gathered so far ends before it.
                    let record = take(upTo: line.lowerBound, lines: scannedLines, isRecord: true)
                    scan = end + 1
                    scannedLines = 1
                    isDocument = true
                    return record
                case .directive where isDocument:
                    let record = take(upTo: line.lowerBound, lines: scannedLines, isRecord: true)
                    scan = end + 1
                    scannedLines = 1
                    return record
                case .documentEnd where isDocument:
                    scan = end + 1
                    scannedLines += 1
                    return take(upTo: scan, lines: scannedLines, isRecord: true)
                case .documentStart, .content:
                    isDocument = true
                    fallthrough
                default:
                    scan = end + 1
                    scannedLines += 1
                }
            }
        }
        // No line ends in the rest of the buffer: the next search starts where this one stopped.
        searched = buffer.count
        return nil
    }

    /// The last record, when the stream does not end with a line break after it.
    private mutating func takeRest() -> StreamRecord? {
        let rest = scan..<buffer.count
        let isRecord: Bool
        switch kind {
        case .jsonLines:
            isRecord = !isBlank(rest)
        case .yamlDocuments:
            if !rest.isEmpty, [.documentStart, .content].contains(yamlLine(rest)) { isDocument = true }
            isRecord = isDocument
        }
        scan = buffer.count
        return take(upTo: buffer.count, lines: 0, isRecord: isRecord)
    }

    /// Hands out `recordStart..<end` as a record when `isRecord` (a JSON line's `\n` and `\r` are left out), and starts
    /// the next record at `scan`, `lines` lines further on.
    private mutating func take(upTo end: Int, lines: Int, isRecord: Bool) -> StreamRecord? {
        var record: StreamRecord?
        if isRecord {
            var bytes = buffer[recordStart..<end]
            if kind == .jsonLines {
                while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
            }
            recordCount += 1
            record = StreamRecord(number: recordCount, origin: recordOrigin, bytes: Array(bytes))
        }
        if isRecord || kind == .jsonLines {
            recordOrigin = SourceOrigin(line: recordOrigin.line + lines, offset: recordOrigin.offset + scan - recordStart)
            recordStart = scan
            if kind == .yamlDocuments { isDocument = false; scannedLines = 0 }
        }
        return record
    }

    private func isBlank(_ line: Range<Int>) -> Bool {
        buffer[line].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    private enum YAMLLine { case documentStart, documentEnd, directive, comment, content }

    /// What a line of a YAML stream is. `---` and `...` at the start of a line (then a space or the end of the line)
    /// are document markers wherever they stand: YAML forbids them inside any scalar, so a stream can be cut there
    /// without reading it.
    private func yamlLine(_ line: Range<Int>) -> YAMLLine {
        let bytes = buffer[line]
        func marker(_ byte: UInt8) -> Bool {
            bytes.count >= 3 && bytes.prefix(3).allSatisfy { $0 == byte }
                && (bytes.count == 3 || [0x20, 0x09, 0x0D].contains(bytes[bytes.startIndex + 3]))
        }
        if marker(UInt8(ascii: "-")) { return .documentStart }
        if marker(UInt8(ascii: ".")) { return .documentEnd }
        if bytes.first == UInt8(ascii: "%") { return .directive }
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }
        return first == nil || first == UInt8(ascii: "#") ? .comment : .content
    }
}
