import Foundation
import Testing

// Runs of a built command (`apns-lint`, `apns-lint-fuzz`, `swift`) as a user runs it: its exit status, standard output
// and standard error.

/// What a run printed, and how it ended.
public struct CLIResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// Runs `executable` (the built `apns-lint` when nil) with `arguments`, in `directory`, with `stdin` on its standard
/// input and `environment` over this process's (less `GITHUB_ACTIONS`).
public func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil, environment: [String: String] = [:],
                executable: String? = nil) throws -> CLIResult {
    let process = Process()
    process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "GITHUB_ACTIONS")
    env.merge(environment) { $1 }
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
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return CLIResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self))
}

/// `apns-lint check` on `data` as `in.json`: it must end with a diagnostic at `location` (`line:column`) whose message
/// holds `message`, never with a crash or a hang.
public func checkInvalidJSON(_ data: Data, expect location: String, _ message: String,
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
    let dir = try workspace(["in.json": data])
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try run(["check", "--color", "never", "in.json"], in: dir)
    #expect(result.status == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("in.json:\(location): error: "), "\(first.prefix(200))", sourceLocation: sourceLocation)
    #expect(first.contains(message), "\(first.prefix(200))", sourceLocation: sourceLocation)
    #expect(first.hasSuffix("[invalid-json]"), sourceLocation: sourceLocation)
}
