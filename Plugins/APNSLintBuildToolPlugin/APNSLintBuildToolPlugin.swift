import Foundation
import PackagePlugin

/// Lints a target's notification definitions as it builds: the files with a definition extension (`.apns`, JSON,
/// YAML, Erlang terms) among its sources and resources, again only when one of them (or its configuration) changed.
/// Findings print as the compiler's are (`path:line:column: error: message`), once each, which `swift build` and
/// Xcode show at the line; an error fails the build. A JSON, YAML or Erlang file that does not look like a definition is left alone, as a
/// directory walk of `apns-lint check` leaves it.
@main
struct APNSLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try commands(for: target.sourceFiles.map(\.url), tool: context.tool(named: "APNSLintCLI").url,
                            packageDirectory: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension APNSLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try commands(for: target.inputFiles.map(\.url), tool: context.tool(named: "APNSLintCLI").url,
                     packageDirectory: context.xcodeProject.directoryURL)
    }
}
#endif

/// The extensions of the files apns-lint reads as definitions (`InputFile.searchedExtensions` less the streams', which
/// a plugin cannot import: a test holds the two lists together).
let definitionExtensions: Set<String> = ["apns", "json", "yaml", "yml", "erl", "eterm", "term", "config"]

/// One command for the target's definition files: `apns-lint check` on all of them, its findings printed as the
/// compiler prints its own (`path:line:column: error: message [rule]`, which `swift build` shows and Xcode puts at the
/// line), exiting 1 on an error so the build fails after every file was linted. Each finding is printed once: the
/// command runs once, where `#error` and `#warning` directives in a compiled source were printed again by every
/// compiler job that parsed them. The command declares no output, so the build runs it again only when a definition
/// or a configuration that applies to one changed (SwiftPM and Xcode track its inputs).
func commands(for files: [URL], tool: URL, packageDirectory: URL) -> [Command] {
    let definitions = files.filter { definitionExtensions.contains($0.pathExtension.lowercased()) }
    guard !definitions.isEmpty else { return [] }
    var configurations: [URL] = []
    for file in definitions {
        if let configuration = nearestConfiguration(from: file.deletingLastPathComponent(), upTo: packageDirectory),
           !configurations.contains(configuration) {
            configurations.append(configuration)
        }
    }
    let count = definitions.count == 1 ? "1 file" : "\(definitions.count) files"
    return [.buildCommand(
        displayName: "apns-lint \(count)",
        executable: tool,
        arguments: ["check", "--format", "concise", "--quiet", "--color", "never", "--skip-non-definitions", "--no-errors-on-unmatched"]
            + definitions.map(\.path),
        inputFiles: definitions + configurations,
        outputFiles: [])]
}

/// The `.apns-lint.yml` that applies to files in `directory`: the nearest one upwards, up to the package's directory.
/// (The names are `ConfigurationFile.names`, which a plugin cannot import: a test holds the two lists together.)
func nearestConfiguration(from directory: URL, upTo packageDirectory: URL) -> URL? {
    var current = directory.standardizedFileURL
    let root = packageDirectory.standardizedFileURL.path
    while true {
        for name in [".apns-lint.yml", ".apns-lint.yaml"] {
            let candidate = current.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        if current.path == root || current.path == "/" || !current.path.hasPrefix(root) { return nil }
        current = current.deletingLastPathComponent()
    }
}
