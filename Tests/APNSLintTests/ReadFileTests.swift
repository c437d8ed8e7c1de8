@testable import APNSLint
import Foundation
import Testing

/// `Inputs.readFile`: small files go through the stack, larger ones straight into their array, and a file whose size
/// the system does not know (or that grew) is read to its end.
@Suite("Inputs.readFile")
struct ReadFileTests {
    @Test("every byte, at the sizes around the small-file limit and beyond", arguments: [0, 1, 1_022, 1_023, 1_024, 1_025, 70_001])
    func readsEveryByte(size: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        #expect(try Inputs.readFile(path) == bytes)
    }

    @Test("a file whose size is not known ahead (procfs says 0) is read to its end")
    func sizeNotKnown() throws {
        #if os(Linux)
        let bytes = try Inputs.readFile("/proc/self/status")
        #expect(bytes.count > 100)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Name:"))
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\n"))
        #endif
    }

    @Test("a named pipe (its size says 0, and a read may return less than is coming) is read to its end")
    func namedPipe() throws {
        #if os(Linux)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-fifo-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        // The writer writes in pieces, so the reader sees short reads before the end.
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            for start in stride(from: 0, to: bytes.count, by: 30_000) {
                bytes[start..<min(start + 30_000, bytes.count)].withUnsafeBytes { _ = write(descriptor, $0.baseAddress!, $0.count) }
                usleep(1_000)
            }
            close(descriptor)
        }
        writer.start()
        #expect(try Inputs.readFile(path) == bytes)
        #endif
    }

    @Test("a directory and a missing file are errors with the path and the reason")
    func errors() {
        let directory = FileManager.default.temporaryDirectory.path
        #expect { try Inputs.readFile(directory) } throws: { error in
            (error as? InputError).map { $0.path == directory && $0.reason == "is a directory" } ?? false
        }
        let missing = directory + "/apns-lint-missing-\(UUID().uuidString).json"
        #expect { try Inputs.readFile(missing) } throws: { error in
            (error as? InputError).map { $0.path == missing && $0.reason == "no such file or directory" } ?? false
        }
    }

    static let tooLarge = "is over 256 MiB, the most apns-lint reads as one definition (APNs takes at most 5 KB; "
        + "a log of many definitions is read a line at a time as JSON Lines, .jsonl)"

    @Test("a file over the limit is refused before it is read: its size says so")
    func aFileOverTheLimitIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-huge-\(UUID().uuidString).json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Sparse: no disk is used, and nothing is read.
        #expect(truncate(path, off_t(Inputs.maximumTextBytes) + 1) == 0)
        #expect { try Inputs.readFile(path) } throws: { error in
            (error as? InputError).map { $0.path == path && $0.reason == "it " + Self.tooLarge } ?? false
        }
        #expect(truncate(path, off_t(Inputs.maximumTextBytes)) == 0)
        #expect(try Inputs.readFile(path).count == Inputs.maximumTextBytes)
    }

    @Test("what has no end (a device, a pipe) is read up to the limit and no further")
    func readToEndStopsAtTheLimit() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let written = [UInt8](repeating: UInt8(ascii: "x"), count: 3_000)
        written.withUnsafeBytes { _ = write(ends[1], $0.baseAddress!, $0.count) }
        close(ends[1])
        var bytes: [UInt8] = []
        #expect { try Inputs.readToEnd(ends[0], appendingTo: &bytes, path: "<stdin>", limit: 2_999) } throws: { error in
            (error as? InputError)?.description == "cannot read '<stdin>': it " + Self.tooLarge
        }
        #expect(bytes.count <= 2_999)
        #if os(Linux)
        var all: [UInt8] = []
        let zero = open("/dev/zero", O_RDONLY)
        defer { close(zero) }
        #expect { try Inputs.readToEnd(zero, appendingTo: &all, path: "/dev/zero", limit: 1 << 20) } throws: { error in
            (error as? InputError)?.reason == "it " + Self.tooLarge
        }
        #expect(all.count == 1 << 20)
        #endif
    }
}
