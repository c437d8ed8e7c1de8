#if APNS_LINT_FUZZER
import APNSLint
import APNSLintFuzzing
import Foundation

// Linked by `-sanitize=fuzzer`. SwiftPM on Linux links an executable with `--defsym main=<module>_main`, and the
// fuzzer runtime brings a `main` of its own: scripts/fuzz links with lld and --allow-multiple-definition, so this
// program's main runs and hands over to libFuzzer here.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The input format and checker of this run: the callback is a C function and cannot capture them. Set once,
/// before libFuzzer starts, and only read after.
nonisolated(unsafe) private var target: (format: InputFormat, checker: InvariantChecker)?

/// libFuzzer's entry for one input (also referenced by the fuzzer runtime's own main, which is not used).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let target else { return 0 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = target.checker.check(bytes, format: target.format)
    guard violations.isEmpty else {
        // abort() makes libFuzzer save the input as a crash artifact.
        let text = violations.map { "invariant broken: \($0)\n" }.joined()
        FileHandle.standardError.write(Data(text.utf8))
        abort()
    }
    return 0
}

enum FuzzerDriver {
    static func run(format: InputFormat, arguments: [String]) -> Int32 {
        target = (format, InvariantChecker())
        var argc = CInt(arguments.count)
        let pointers = arguments.map { strdup($0) } + [nil]
        let argv = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: pointers.count)
        argv.initialize(from: pointers, count: pointers.count)
        var argvPointer = argv
        return LLVMFuzzerRunDriver(&argc, &argvPointer, fuzzOneInput)
    }
}
#endif
