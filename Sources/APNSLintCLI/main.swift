import APNSLint
import ArgumentParser
import Foundation

// Exit codes: 0 no errors, 1 errors found, 2 usage error, unreadable input or internal error.
// ArgumentParser's own usage errors exit 64; apns-lint promises 2, so errors are mapped here.
do {
    var command = try APNSLintCommand.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
    try command.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch {
    let code = APNSLintCommand.exitCode(for: error)
    let message = APNSLintCommand.fullMessage(for: error)
    if code.isSuccess {
        print(message)
        Foundation.exit(0)
    }
    FileHandle.standardError.write(Data((message + "\n").utf8))
    Foundation.exit(2)
}
