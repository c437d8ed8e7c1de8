import Foundation
import PackagePlugin

/// Lints a target's notification definitions as it builds: one build command per file with a definition extension
/// (`.apns`, JSON, YAML, Erlang terms) among its sources and resources, so that an unchanged file is not linted again.
/// Findings print as the compiler's are (`path:line:column: error: message`), which `swift build` and Xcode show at the
/// line; an error fails the build. A JSON, YAML or Erlang file that does not look like a definition is left alone, as a
/// directory walk of `apns-lint check` leaves it.
@main
struct APNSLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try commands(for: target.sourceFiles.map(\.url), tool: context.tool(named: "APNSLintCLI").url,
                            workDirectory: context.pluginWorkDirectoryURL, packageDirectory: context.package.directoryURL)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension APNSLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try commands(for: target.inputFiles.map(\.url), tool: context.tool(named: "APNSLintCLI").url,
                     workDirectory: context.pluginWorkDirectoryURL, packageDirectory: context.xcodeProject.directoryURL)
    }
}
#endif

/// The extensions of the files apns-lint reads as definitions (`InputFile.searchedExtensions` less the streams', which
/// a plugin cannot import: a test holds the two lists together).
let definitionExtensions: Set<String> = ["apns", "json", "yaml", "yml", "erl", "eterm", "term", "config"]

/// One command per definition file: `apns-lint check` on it, its findings written as Swift `#error` and `#warning`
/// directives at their lines (`--format swift`) into a source file the target then compiles. So the compiler reports
/// each finding at its file, line and column (Xcode shows it there), an error fails the build, and every file is linted
/// before that (a command that failed would stop the build at the first file). The source file is the command's
/// output: the command runs again only when the file or its configuration changed.
func commands(for files: [URL], tool: URL, workDirectory: URL, packageDirectory: URL) -> [Command] {
    files.filter { definitionExtensions.contains($0.pathExtension.lowercased()) }.map { file in
        let findings = workDirectory.appendingPathComponent(generatedName(for: file, in: packageDirectory))
        let configuration = nearestConfiguration(from: file.deletingLastPathComponent(), upTo: packageDirectory)
        return .buildCommand(
            displayName: "apns-lint \(file.lastPathComponent)",
            executable: tool,
            arguments: ["check", "--format", "swift", "--output-file", findings.path, "--exit-zero", "--skip-non-definitions",
                        "--no-errors-on-unmatched", file.path],
            inputFiles: [file] + (configuration.map { [$0] } ?? []),
            outputFiles: [findings])
    }
}

/// The generated source's name: the file's path in the package, flattened (`Payloads/a.json` → `Payloads_a.json.swift`).
func generatedName(for file: URL, in packageDirectory: URL) -> String {
    let path = file.standardizedFileURL.path
    let root = packageDirectory.standardizedFileURL.path + "/"
    let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    return relative.replacingOccurrences(of: "/", with: "_") + ".swift"
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
