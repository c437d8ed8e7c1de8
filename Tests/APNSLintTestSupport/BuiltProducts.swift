import Foundation

// Where the package and its built products are, for the tests that read its files or run its commands.

/// The package root, found from this file's path (Tests/APNSLintTestSupport/).
public let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The built executable `name`: next to the test runner in the build products directory, or up to two directories
/// above it (the runner may sit in a bundle); else the debug build's.
public func builtProduct(_ name: String) -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<3 {
        let candidate = directory.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory.deleteLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/\(name)")
}

/// The built `apns-lint`.
public let binary: URL = builtProduct("apns-lint")
