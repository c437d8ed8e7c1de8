import Foundation
import Testing

/// Builds Examples/SendingService, a package that uses the APNSLint library as a server would, and runs it: it
/// sends a clean notification and refuses the others.
///
/// It compiles the library once more, in `.build-example/` at the package root (kept between runs, so later
/// runs are incremental; `.gitignore` ignores it). Serialized: the build blocks the thread that waits for it, and
/// one waiting test is enough.
@Suite("Examples/SendingService: the library used by a sending service", .serialized)
struct ExamplePackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `swift` that runs this test's toolchain: from PATH, else where toolchains are installed.
    static let swift: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/swift" } + ["/opt/swift/usr/bin/swift", "/usr/bin/swift"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// `swift` with the example's package path and scratch path.
    static func swiftPM(_ command: String, _ arguments: [String] = []) throws -> CLIResult {
        let swift = try #require(Self.swift, "no swift executable on PATH, in /opt/swift/usr/bin or /usr/bin")
        return try run([command, "--package-path", root.appendingPathComponent("Examples/SendingService").path,
                        "--scratch-path", root.appendingPathComponent(".build-example").path] + arguments,
                       in: root, executable: swift)
    }

    /// Built once for every test of the suite.
    static let build: Result<CLIResult, any Error> = Result { try swiftPM("build") }

    /// `swift run --skip-build SendingService NOTIFICATION`, after the build.
    static func send(_ notification: String) throws -> CLIResult {
        let build = try Self.build.get()
        try #require(build.status == 0, "swift build failed:\n\(build.stdout)\n\(build.stderr)")
        return try swiftPM("run", ["--skip-build", "SendingService", notification])
    }

    @Test func aCleanNotificationIsSent() throws {
        let result = try Self.send("order-shipped")
        #expect(result.stdout == """
            sent 198 bytes to 00fc13ad…: {"aps":{"alert":{"body":"Two items arrive on Tuesday.","title":"Order 10452 shipped"},"sound":"default","thread-id":"orders-10452"},"order-id":10452,"tracking-url":"https://example.com/track/10452"}

            """)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aNotificationWithErrorsIsRefused() throws {
        let result = try Self.send("inbox-refresh")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.stdout)")
        // Priority 10 on a background push is a warning (APNs accepts it); content-available true is the error.
        #expect(lines.first?.hasPrefix("warning: /headers/apns-priority: priority 10 on a background push: ") == true)
        #expect(lines.first?.hasSuffix(" [background-priority-10]") == true)
        #expect(lines.dropFirst().first?.hasPrefix(#"error: /aps/content-available: "content-available" is true, "#) == true)
        #expect(lines.dropFirst().first?.hasSuffix(" [content-available-not-1]") == true)
        #expect(lines.last == "refused: 1 error, not sent")
        #expect(result.status == 1)
    }

    @Test func aNotificationThatCannotBeEncodedIsRefused() throws {
        let result = try Self.send("ranked-story")
        #expect(result.stdout == """
            refused: cannot encode the payload at /aps/relevance-score: Unable to encode Double.nan directly in JSON.

            """)
        #expect(result.status == 1)
    }
}
