import APNSLintSyntax
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("DescriptorOutput: every byte written, or the reason it was not")
struct DescriptorOutputTests {
    @Test func allTheBytesArriveInOrder() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Fewer bytes than a pipe holds (16 KiB on macOS, 64 KiB on Linux), so they are all written before any is read.
        let bytes = (0..<12_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let failure = bytes.withUnsafeBytes { DescriptorOutput.write($0, to: ends[1]) }
        close(ends[1])
        #expect(failure == nil)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            received += buffer[..<count]
        }
        #expect(received == bytes)
    }

    @Test func aFailureGivesTheSystemsReason() {
        #expect(Array("x".utf8).withUnsafeBytes { DescriptorOutput.write($0, to: -1) } == EBADF)
        // Nothing to write makes no call, so no failure either.
        #expect([UInt8]().withUnsafeBytes { DescriptorOutput.write($0, to: -1) } == nil)
    }
}
