#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CSystemCalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding definition files and reading their bytes.
public enum Inputs {
    /// The most bytes apns-lint reads as one text: a file, standard input, or one record of a stream. A definition is a
    /// few kilobytes (APNs takes at most 5 KB); this leaves room for any real file, and stops reading something that
    /// never ends (`/dev/zero`, `yes |`) long before memory runs out.
    public static let maximumTextBytes = 256 << 20

    /// Why a text over `maximumTextBytes` is not read; `what` names it ("it", "record 3, from line 7,").
    static func tooLargeReason(_ what: String) -> String {
        "\(what) is over \(maximumTextBytes >> 20) MiB, the most apns-lint reads as one definition (APNs takes at most 5 KB; "
            + "a log of many definitions is read a line at a time as JSON Lines, .jsonl)"
    }

    /// `read(2)` into `buffer`, retried when a signal interrupts it: the count read (0 at the end), or -1 with `errno`.
    /// A direct system call, not a cancellation point (see CSystemCalls.h).
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let read = apns_read(descriptor, buffer, count)
            if read >= 0 || errno != EINTR { return read }
        }
    }

    /// The system's reason for `code`, as a message continues it: "permission denied".
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Files up to this size less one byte are read through the stack (`withUnsafeTemporaryAllocation` keeps 1 KiB
    /// there).
    private static let smallFileCapacity = 1024

    /// Reads into `buffer` until it is full or the file ends; the count read. A failure stops it, in `failure`. A regular
    /// file also ends once `size` bytes (what `fstat` gave) are read by a read that asked for more: a read of a regular
    /// file returns less than asked only at its end, and one more read only to see 0 was one in five of the system calls
    /// reading a file took.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, size: Int?, failure: inout Int32?) -> Int {
        var initialized = 0
        while initialized < buffer.count {
            let count = read(descriptor, into: buffer.baseAddress! + initialized, count: buffer.count - initialized)
            if count < 0 { failure = errno }
            if count <= 0 { break }
            initialized += count
            if initialized == size { break }
        }
        return initialized
    }

    /// Reads a whole file with POSIX calls, so errors carry the system's reason ("Permission denied").
    public static func readFile(_ path: String) throws(InputError) -> [UInt8] {
        let descriptor = apns_open_for_reading(path)
        guard descriptor >= 0 else { throw InputError(path: path, reason: reason(errno)) }
        defer { _ = apns_close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw InputError(path: path, reason: reason(errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw InputError(path: path, reason: "is a directory") }
        if status.st_size > maximumTextBytes { throw InputError(path: path, reason: tooLargeReason("it")) }
        // The file's size and one byte more, to see the end without another read.
        let capacity = Int(max(status.st_size, 0)) + 1
        let size = (status.st_mode & S_IFMT) == S_IFREG ? capacity - 1 : nil
        var failure: Int32?
        var filled = false
        var bytes: [UInt8]
        if capacity <= smallFileCapacity {
            // A small file is read into a buffer on the stack and copied into an array that specialized code makes:
            // `init(unsafeUninitializedCapacity:)` looks up its storage's metadata in the runtime's shared table on
            // every call (see `Array.init(specializedRepeating:count:)`), once for each file of a walk.
            bytes = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
                let count = readFully(descriptor, into: buffer, size: size, failure: &failure)
                filled = count == capacity
                return Array(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        } else {
            // A larger one straight into an array, not through a buffer copied from: the text is the one copy of it.
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                initialized = readFully(descriptor, into: buffer, size: size, failure: &failure)
                filled = initialized == capacity
            }
        }
        if let failure { throw InputError(path: path, reason: reason(failure)) }
        // More than its size said (a file that grew, or one whose size is not known, as a device's): the rest in chunks.
        if filled { try readToEnd(descriptor, appendingTo: &bytes, path: path) }
        return bytes
    }

    /// Reads what is left of `descriptor` to its end, in chunks, onto `bytes`; `path` names it in errors. Stops with an
    /// error when a read fails (what was read before is kept) or `bytes` would grow past `limit`.
    package static func readToEnd(_ descriptor: Int32, appendingTo bytes: inout [UInt8], path: String,
                                  limit: Int = maximumTextBytes) throws(InputError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, into: $0.baseAddress!, count: $0.count) }
            if count < 0 { throw InputError(path: path, reason: reason(errno)) }
            if count == 0 { return }
            guard bytes.count + count <= limit else { throw InputError(path: path, reason: tooLargeReason("it")) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}

extension Inputs {
    /// Replaces a file's contents atomically: the bytes go to a temporary file in the same directory, which
    /// gets the original's permissions and is then renamed over it. On any error the original is untouched
    /// and no temporary file is left.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(InputError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw InputError(path: path, reason: reason(errno), isWrite: true) }
        if let failure = writeThroughTemporaryFile(bytes, to: path, mode: status.st_mode & 0o7777) {
            throw InputError(path: path, reason: failure.created ? failure.reason : "no file can be created next to it (\(failure.reason))",
                             isWrite: true)
        }
    }

    /// Creates or replaces a file that apns-lint makes (a report): atomically, as `writeAtomically`, and with a reason
    /// that names what is wrong (a directory that does not exist, a path that is a directory) rather than the system's
    /// bare error text.
    public static func writeNewFile(_ bytes: [UInt8], to path: String) throws(InputError) {
        let directory = parts(of: path).directory
        var status = stat()
        if stat(directory, &status) != 0 {
            let why = errno == ENOENT ? "the directory '\(directory)' does not exist" : "'\(directory)': \(reason(errno))"
            throw InputError(path: path, reason: why, isWrite: true)
        }
        guard (status.st_mode & S_IFMT) == S_IFDIR else {
            throw InputError(path: path, reason: "'\(directory)' is not a directory", isWrite: true)
        }
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists, (existing.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(path: path, reason: "it is a directory", isWrite: true)
        }
        if exists {
            try writeAtomically(bytes, to: path)
            return
        }
        if let failure = writeThroughTemporaryFile(bytes, to: path, mode: nil) {
            throw InputError(path: path, reason: failure.created ? failure.reason : "no file can be created in '\(directory)' (\(failure.reason))",
                             isWrite: true)
        }
    }

    /// Writes `bytes` to a new file beside `path` and renames it to `path`, so that a reader finds the old file or the
    /// new one whole, never a part. `mode` (nil: 0o666 less the umask) is the new file's permissions. Nil, or the
    /// system's reason it failed and whether the temporary file was made at all; on failure none is left behind.
    private static func writeThroughTemporaryFile(_ bytes: [UInt8], to path: String, mode: mode_t?) -> (reason: String, created: Bool)? {
        let (directory, name) = parts(of: path)
        let temporary = "\(directory == "/" ? "" : directory)/.\(name).apns-lint-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode ?? 0o666)
        guard descriptor >= 0 else { return (reason(errno), false) }
        var failure = bytes.withUnsafeBytes { DescriptorOutput.write($0, to: descriptor) }.map(reason)
        // open(2) applies the umask; a replaced file keeps its permissions whole.
        if failure == nil, let mode, fchmod(descriptor, mode) != 0 { failure = reason(errno) }
        if failure == nil, fsync(descriptor) != 0 { failure = reason(errno) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = reason(errno) }
        guard let failure else { return nil }
        unlink(temporary)
        return (failure, true)
    }

    /// A path's directory ("." when it names none) and last component.
    private static func parts(of path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (slash == path.startIndex ? "/" : String(path[..<slash]), String(path[path.index(after: slash)...]))
    }
}
