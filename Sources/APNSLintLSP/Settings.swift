import APNSLint
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What the client says about the configuration: in `initializationOptions` (or in `workspace/didChangeConfiguration`
/// under `settings["apns-lint"]`), every member optional:
///
///     {"configuration": "ci/.apns-lint.yml"}   // one file for every document, as `check --config` (relative to the root)
///     {"isolated": true}                      // no configuration file at all, as `check --isolated`
///     {"settings": {"rules": {"badge-invalid": "warning"}, "platforms": ["ios"]}}   // on top, as command-line options
///
/// Without `configuration` or `isolated`, each document gets the nearest `.apns-lint.yml` (or `.apns-lint.yaml`) from
/// its directory upwards. `settings` holds what a configuration file's settings hold (`rules`, `select`,
/// `extend-select`, `ignore` with rule ids and categories, `headers`, `platforms`, `serializer`, `size-limit-profile`,
/// `dialect`), read as such a file is, and goes on top of every document's
/// configuration as the command line's options do.
struct ServerSettings {
    /// The workspace root (the client's first workspace folder, `rootUri` or `rootPath`), else the server's current
    /// directory.
    var root = FileManager.default.currentDirectoryPath
    var configurationPath: String?
    var isolated = false
    /// `settings`, as JSON text (nil: none).
    var inlineSettings: String?
    /// Whether the client registers file watchers when asked (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    var canRegisterWatcher = false

    /// The settings a configuration file may hold that `settings` may hold too.
    static let inlineKeys = ["rules", "select", "extend-select", "ignore", "headers", "platforms", "serializer", "size-limit-profile", "dialect"]
    /// How `settings` is named in messages.
    static let inlineName = "initializationOptions.settings"

    mutating func apply(_ options: ServerOptions) {
        if let path = options.configuration { configurationPath = path.isEmpty ? nil : path }
        if let isolated = options.isolated { self.isolated = isolated }
        if let settings = options.settings { inlineSettings = settings }
    }

    /// A fresh workspace (configuration files are read again when a linter asks for them), and what is wrong with
    /// `settings` (they are left out then).
    func makeWorkspace() -> (Workspace, ConfigurationError?) {
        let source: Workspace.ConfigurationSource = isolated ? .none : configurationPath.map { .file($0) } ?? .nearest
        var problem: ConfigurationError?
        var layer = Settings()
        if let inlineSettings {
            do {
                layer = try Self.parse(inlineSettings, root: root)
            } catch {
                problem = error
            }
        }
        return (Workspace(source: source, commandLine: layer, currentDirectory: root), problem)
    }

    /// `settings` read as a configuration file's settings.
    private static func parse(_ json: String, root: String) throws(ConfigurationError) -> Settings {
        guard json.hasPrefix("{") else {
            throw ConfigurationError(path: inlineName, position: nil, message: "must be an object, as a configuration file is")
        }
        let configuration = try ConfigurationFile.parse(SourceText(json), path: Paths.absolute(inlineName, relativeTo: root),
                                                        display: { _ in inlineName })
        guard configuration.include.isEmpty, configuration.exclude.isEmpty, configuration.overrides.isEmpty,
              configuration.ignore.isEmpty else {
            throw ConfigurationError(path: inlineName, position: nil,
                                     message: "may hold only \(inlineKeys.joined(separator: ", ")); put the rest in a configuration file")
        }
        return configuration.settings
    }
}
