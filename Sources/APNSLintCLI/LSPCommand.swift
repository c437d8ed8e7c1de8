import APNSLintLSP
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `apns-lint lsp`: the Language Server over standard input and output (see docs/lsp.md). A thin shell: the protocol
/// lives in `APNSLintLSP`.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run the Language Server (LSP 3.17 over stdin/stdout) for live diagnostics and quick fixes in editors.",
        discussion: """
            Editors start it and talk JSON-RPC over its standard input and output; logs go to standard error. \
            Exit code 0 after shutdown and exit, 1 when exit (or the end of input) comes without shutdown. \
            See docs/lsp.md for the capabilities and initializationOptions.
            """)

    @Flag(name: .customLong("stdio"), help: "Talk over standard input and output (the default and only transport; accepted for clients that pass it).")
    var stdio = false

    func run() throws {
        // A client that goes away must not kill the server with SIGPIPE before it reads `exit` (or the end of input).
        signal(SIGPIPE, SIG_IGN)
        let code = LanguageServer(input: STDIN_FILENO, output: STDOUT_FILENO).run()
        throw ExitCode(code)
    }
}
