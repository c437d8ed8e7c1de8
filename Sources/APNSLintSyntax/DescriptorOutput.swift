#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Bytes written to a file descriptor: the one write loop of the linter (its files, standard output, the Language
/// Server's messages) and of what is built on it (the APNs sandbox's log). Public for the sandbox, a package of its own.
public enum DescriptorOutput {
    /// Writes all of `bytes` with `write(2)`, retried when a signal interrupts it: nil, or the `errno` it failed with
    /// (`EIO` when a write wrote nothing, which would otherwise loop for ever).
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }
}
