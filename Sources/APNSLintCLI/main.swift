import APNSLint
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

// For the test that a lint builds no rule documentation (`RuleDocs.builtCount`).
if getenv("APNS_LINT_COUNT_RULE_DOCS") != nil {
    atexit { StandardStreams.write("apns-lint: rule documentation built \(RuleDocs.builtCount) times\n".utf8, to: STDERR_FILENO) }
}

// Exit codes: 0 no errors, 1 errors found, 2 usage error, unreadable input or internal error.
// ArgumentParser's own usage errors exit 64; apns-lint promises 2, so errors are mapped here.
do {
    var command = try APNSLintCommand.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    let code = APNSLintCommand.exitCode(for: error)
    let message = APNSLintCommand.fullMessage(for: error)
    if code.isSuccess {
        print(message)
        exit(0)
    }
    StandardStreams.write((message + "\n").utf8, to: STDERR_FILENO)
    exit(2)
}
