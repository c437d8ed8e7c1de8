import APNSLint
import Foundation

/// What the client says about the configuration: in `initializationOptions` (or in `workspace/didChangeConfiguration`
/// under `settings["apns-lint"]`), every member optional:
///
///     {"configuration": "ci/.apns-lint.yml"}   // one file for every document, as `check --config` (relative to the root)
///     {"isolated": true}                      // no configuration file at all, as `check --isolated`
///
/// Without either, each document gets the nearest `.apns-lint.yml` (or `.apns-lint.yaml`) from its directory upwards.
struct ServerSettings {
    /// The workspace root (the client's first workspace folder, `rootUri` or `rootPath`), else the server's current
    /// directory.
    var root = FileManager.default.currentDirectoryPath
    var configurationPath: String?
    var isolated = false
    /// Whether the client registers file watchers when asked (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    var canRegisterWatcher = false

    mutating func apply(_ options: [String: Any]) {
        if let path = options["configuration"] as? String { configurationPath = path.isEmpty ? nil : path }
        if let isolated = options["isolated"] as? Bool { self.isolated = isolated }
    }

    /// A fresh workspace: configuration files are read again when a linter asks for them.
    func makeWorkspace() -> Workspace {
        let source: Workspace.ConfigurationSource = isolated ? .none : configurationPath.map { .file($0) } ?? .nearest
        return Workspace(source: source, currentDirectory: root)
    }
}
