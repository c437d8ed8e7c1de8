import APNSLint
import APNSLintFuzzing
import Foundation

// The fuzz harness. A plain build replays inputs through the invariants (what the tests and a found crash need);
// `scripts/fuzz` builds it with libFuzzer and AddressSanitizer, where `fuzz` runs the fuzzer.

let usage = """
    usage: apns-lint-fuzz check FORMAT PATH...          replay files (or every file under a directory) through the
                                                       invariants, read as FORMAT; exit 1 on a violation
           apns-lint-fuzz seeds FORMAT DIR ROOT...      write the seed corpus into DIR: the rule examples in FORMAT,
                                                       then the FORMAT files under each ROOT
           apns-lint-fuzz dictionary FORMAT             print the libFuzzer dictionary for FORMAT
           apns-lint-fuzz fuzz FORMAT [FLAGS] [DIR...]  fuzz with libFuzzer (a build made by scripts/fuzz)
    FORMAT is json, yaml or erlang.
    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data("apns-lint-fuzz: \(message)\n".utf8))
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("missing arguments\n\(usage)") }
let command = arguments.removeFirst()
guard let format = InputFormat(rawValue: arguments.removeFirst()) else {
    fail("the format is json, yaml or erlang\n\(usage)")
}

switch command {
case "check":
    guard !arguments.isEmpty else { fail("check needs a file or directory\n\(usage)") }
    let checker = InvariantChecker()
    var inputs = 0, violations = 0
    for path in arguments {
        guard FileManager.default.fileExists(atPath: path) else { fail("no such file or directory: \(path)") }
        for file in FuzzSeeds.files(under: path) {
            guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
            inputs += 1
            for violation in checker.check([UInt8](data), format: format) {
                violations += 1
                print("\(file): \(violation)")
            }
        }
    }
    print("\(inputs) \(inputs == 1 ? "input" : "inputs") read as \(format.rawValue): \(violations) \(violations == 1 ? "violation" : "violations")")
    exit(violations == 0 ? 0 : 1)
case "seeds":
    guard let directory = arguments.first else { fail("seeds needs a directory to write\n\(usage)") }
    do {
        let count = try FuzzSeeds.write(for: format, roots: Array(arguments.dropFirst()), to: directory)
        print("\(count) seeds for \(format.rawValue) in \(directory)")
    } catch {
        fail("cannot write the seeds: \(error)")
    }
case "dictionary":
    print(FuzzSeeds.dictionary(for: format), terminator: "")
case "fuzz":
    #if APNS_LINT_FUZZER
    exit(FuzzerDriver.run(format: format, arguments: [CommandLine.arguments[0]] + arguments))
    #else
    fail("this build has no libFuzzer in it: run scripts/fuzz \(format.rawValue) SECONDS, which builds one")
    #endif
default:
    fail("unknown command \(command)\n\(usage)")
}
