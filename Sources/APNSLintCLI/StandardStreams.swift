import APNSLint
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as bytes, through `Inputs.read` and `DescriptorOutput.write` (which retry an
/// interrupted call): what `FileHandle` gave, without loading Foundation.
enum StandardStreams {
    /// Writes every byte (a failed write, as to a closed pipe, is dropped: there is nowhere to report it).
    static func write<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to descriptor: Int32) {
        _ = Array(bytes).withUnsafeBytes { DescriptorOutput.write($0, to: descriptor) }
    }
}
