import Foundation

/// Workspaces made during a run, removed when the test process exits: a run leaves nothing behind in the temporary
/// directory, and a test can still look at its workspace after the CLI ran in it.
private final class WorkspaceRegistry: @unchecked Sendable {
    static let shared: WorkspaceRegistry = {
        atexit { WorkspaceRegistry.shared.removeAll() }
        return WorkspaceRegistry()
    }()
    private let lock = NSLock()
    private var directories: [URL] = []

    func add(_ directory: URL) { lock.withLock { directories.append(directory) } }

    func removeAll() {
        for directory in lock.withLock({ directories }) { try? FileManager.default.removeItem(at: directory) }
    }
}

/// A fresh directory with the given files (paths relative to it; their directories are made).
public func workspace(_ files: [String: Data]) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-cli-\(UUID().uuidString)")
    WorkspaceRegistry.shared.add(directory)
    for (path, data) in files {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

public func workspace(_ files: [String: String]) throws -> URL {
    try workspace(files.mapValues { Data($0.utf8) })
}
