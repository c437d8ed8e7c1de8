import APNSLintTestSupport
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
    static let root = packageRoot

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

    /// Issue 38: the library's snippets in README.md and docs/library.md compile. They are built as the package
    /// their manifest fragment describes (its GitHub URL read as this checkout), each snippet's statements in a
    /// function of the `PushService` target, in the example's scratch path so that the library is built once.
    @Test func theDocsLibrarySnippetsBuild() throws {
        var manifest: String?
        var snippets: [String] = []
        for file in ["README.md", "docs/library.md"] {
            for block in try Self.swiftBlocks(in: file) {
                if block.hasPrefix("// Package.swift") {
                    manifest = block
                } else {
                    #expect(block.contains("import APNSLint"), "\(file): a Swift block that is neither a manifest nor uses APNSLint:\n\(block)")
                    snippets.append(block)
                }
            }
        }
        let fragment = try #require(manifest, "no Package.swift fragment in README.md or docs/library.md")
        #expect(snippets.count >= 3)
        let url = #".package(url: "https://github.com/apns-lint/apns-lint", branch: "main")"#
        #expect(fragment.contains(url))
        let package = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-snippets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: package) }
        let sources = package.appendingPathComponent("Sources/PushService")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        let dependency = fragment.replacingOccurrences(of: url, with: ".package(name: \"apns-lint\", path: \"\(Self.root.path)\")")
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "PushService",
                platforms: [.macOS(.v13)],
            \(dependency)
            )

            """.utf8).write(to: package.appendingPathComponent("Package.swift"))
        for (index, snippet) in snippets.enumerated() {
            // Imports stay at the top of the file; the rest becomes a function's body.
            let lines = snippet.components(separatedBy: "\n")
            let imports = lines.filter { $0.hasPrefix("import ") }
            let body = lines.filter { !$0.hasPrefix("import ") }.map { "    " + $0 }
            try Data((imports + ["", "func snippet\(index)() throws {"] + body + ["}", ""]).joined(separator: "\n").utf8)
                .write(to: sources.appendingPathComponent("Snippet\(index).swift"))
        }
        let swift = try #require(Self.swift)
        let build = try run(["build", "--package-path", package.path, "--scratch-path", Self.root.appendingPathComponent(".build-snippets").path],
                            in: Self.root, executable: swift)
        #expect(build.status == 0, "the docs' snippets do not build:\n\(build.stdout.suffix(4000))\n\(build.stderr.suffix(2000))")
    }

    /// The ```swift blocks of a Markdown file.
    static func swiftBlocks(in file: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var blocks: [String] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
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
