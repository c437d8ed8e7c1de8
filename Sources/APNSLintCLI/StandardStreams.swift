import APNSLint
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as bytes, through `Inputs.read` and `Inputs.write` (which retry an interrupted
/// call): what `FileHandle` gave, without loading Foundation.
enum StandardStreams {
    /// Writes every byte (a failed write, as to a closed pipe, is dropped: there is nowhere to report it).
    static func write<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to descriptor: Int32) {
        _ = Array(bytes).withUnsafeBytes { Inputs.write($0, to: descriptor) }
    }

    /// Standard input to its end, named `name` in errors; a read that fails, or input over `Inputs.maximumTextBytes`,
    /// is reported and exits 2.
    static func readInput(name: String) throws -> [UInt8] {
        try endingRunOnError { () throws(InputError) in
            var bytes: [UInt8] = []
            try Inputs.readToEnd(STDIN_FILENO, appendingTo: &bytes, path: name)
            return bytes
        }
    }
}
