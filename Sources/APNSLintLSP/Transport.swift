import APNSLint
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them: a header part of `Name: value` lines,
/// each ended by `\r\n`, an empty line, then `Content-Length` bytes of UTF-8 JSON.
///
/// Reads from a file descriptor a block at a time, so a server can be driven over pipes in-process (the tests) or by
/// a real editor over standard input.
final class MessageReader {
    /// What one read produced.
    enum Frame {
        /// A message's content (the JSON text, not yet parsed).
        case message([UInt8])
        /// A header part the reader could not use (no `Content-Length`, or one that is not a number): it was skipped,
        /// and reading goes on after it.
        case badHeader(String)
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// How long to wait for input before taking it as ended, in milliseconds; nil waits for ever (a server does; a
    /// test reading the server's output does not).
    var timeout: Int32?
    /// The most a message may hold (a larger `Content-Length` is a framing error: the bytes are skipped, not kept).
    static let maximumLength = 256 << 20

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next frame, or nil at the end of input.
    func next() -> Frame? {
        var contentLength: Int?
        var problems: [String] = []
        var sawHeaderLine = false
        // The header part: lines up to an empty one.
        while true {
            guard let line = readLine() else { return nil }
            if line.isEmpty {
                // Blank lines between messages are tolerated.
                if !sawHeaderLine { continue }
                break
            }
            sawHeaderLine = true
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("a header line without ':' (\(Self.excerpt(line)))")
                continue
            }
            let name = line[..<colon].trimmingSpaces().lowercased()
            let value = String(line[line.index(after: colon)...].trimmingSpaces())
            if name == "content-length" {
                if let length = Int(value), length >= 0 { contentLength = length } else {
                    problems.append("Content-Length is not a number of bytes: '\(Self.excerpt(value))'")
                }
            }
        }
        guard let length = contentLength else {
            return .badHeader("no usable Content-Length header" + (problems.isEmpty ? "" : ": " + problems.joined(separator: "; ")))
        }
        guard length <= Self.maximumLength else {
            guard skip(length) else { return nil }
            return .badHeader("a message of \(length) bytes is larger than \(Self.maximumLength) bytes; it was skipped")
        }
        guard let content = read(length) else { return nil }
        return .message(content)
    }

    /// The most bytes of a header line kept ("Content-Length: 123" is 19): the rest of a longer one is read and dropped.
    static let maximumHeaderLine = 8 << 10

    /// A line without its `\r\n` (or `\n`), decoded leniently; nil at the end of input. Of a line longer than
    /// `maximumHeaderLine` (garbage, not a header), only the start is kept, so memory stays bounded whatever comes.
    private func readLine() -> String? {
        var longLineStart: [UInt8]?
        // What after `start` has been searched for the line's end already: a long line is searched once.
        var searched = 0
        while true {
            if let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                let line = longLineStart.map { String(decoding: $0, as: UTF8.self) + "…" } ?? String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            searched = buffer.count - start
            if searched > Self.maximumHeaderLine {
                if longLineStart == nil { longLineStart = Array(buffer[start..<(start + 40)]) }
                start = buffer.count
                searched = 0
            }
            guard fill() else { return nil }
        }
    }

    private func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let content = Array(buffer[start..<(start + count)])
        start += count
        return content
    }

    private func skip(_ count: Int) -> Bool {
        var remaining = count
        while remaining > 0 {
            if start == buffer.count, !fill() { return false }
            let taken = min(remaining, buffer.count - start)
            start += taken
            remaining -= taken
        }
        return true
    }

    /// Reads more bytes into the buffer; false at the end of input (or on an error other than an interruption).
    private func fill() -> Bool {
        if atEnd { return false }
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            if let timeout {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, timeout)
                if ready < 0, errno == EINTR { continue }
                if ready <= 0 {
                    atEnd = true
                    return false
                }
            }
            let count = chunk.withUnsafeMutableBytes { Inputs.read(descriptor, into: $0.baseAddress!, count: $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            atEnd = true
            return false
        }
    }

    private static func excerpt(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

/// Writes framed messages to a file descriptor; safe to use from several threads (a message is written whole).
final class MessageWriter: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = Lock()
    /// False once a write failed (the client went away): later messages are dropped.
    private var isOpen = true

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes one message: `message` serialized as JSON (keys sorted as `JSONSerialization` sorts them, so the output
    /// is stable whatever order a message's members are given in).
    func send(_ message: JSONValue) {
        let content = message.bytes(.sortedCompact)
        var bytes = Array("Content-Length: \(content.count)\r\n\r\n".utf8)
        bytes.append(contentsOf: content)
        lock.withLock {
            guard isOpen else { return }
            if bytes.withUnsafeBytes({ DescriptorOutput.write($0, to: descriptor) }) != nil { isOpen = false }
        }
    }
}

/// Logs go to standard error, never to standard output (which carries only protocol messages).
enum Log {
    static func error(_ message: String) {
        _ = Array(("apns-lint lsp: " + message + "\n").utf8).withUnsafeBytes { DescriptorOutput.write($0, to: 2) }
    }
}
