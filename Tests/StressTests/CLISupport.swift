import Foundation
import Testing

// What the CLI stress tests and ExamplePackageTests need of Tests/CLITests/CLITests.swift's helpers, copied (test
// targets cannot share code) and cut to the arguments used here.

struct CLIResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// The binary sits next to the test runner in the build products directory.
let binary: URL = {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [products, products.deletingLastPathComponent(), products.deletingLastPathComponent().deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("apns-lint")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/apns-lint")
}()

func run(_ arguments: [String], in directory: URL? = nil, executable: String? = nil) throws -> CLIResult {
    let process = Process()
    process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "GITHUB_ACTIONS")
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    // Read both pipes concurrently so a large output cannot block the child.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self))
}

/// A fresh directory with the given files; the test removes it.
func workspace(_ files: [String: Data]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-cli-\(UUID().uuidString)")
    for (path, data) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
