import Foundation
import PackagePlugin

/// `swift package apns-lint [check options] [paths]`: runs `apns-lint check` in the package's directory, so its
/// `.apns-lint.yml` applies; on the whole package unless paths (or `--target NAME`) say what. It declares no write
/// permission: `--fix` needs `swift package --allow-writing-to-package-directory apns-lint --fix` (on macOS the plugin
/// sandbox refuses writes otherwise).
@main
struct APNSLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targets = extractor.extractOption(named: "target")
        var arguments = extractor.remainingArguments
        let directory = context.package.directoryURL
        // A target's files, as its build sees them; those that do not look like definitions are left alone.
        let paths = try targets.flatMap { name -> [String] in
            guard let target = context.package.targets.first(where: { $0.name == name }) as? SourceModuleTarget else {
                throw PluginFailure("the package has no source target named '\(name)'")
            }
            return target.sourceFiles.map(\.url.path)
        }
        if !paths.isEmpty { arguments.append("--skip-non-definitions") }
        // An argument that names an existing file or directory is a path to lint; without one, the whole package.
        let namesPath = arguments.contains { argument in
            argument == "-" || (!argument.hasPrefix("-") && FileManager.default.fileExists(atPath: directory.appendingPathComponent(argument).path))
        }
        arguments += paths
        if !namesPath && paths.isEmpty { arguments.append(".") }
        let status = try run(context.tool(named: "APNSLintCLI").url, ["check"] + arguments, in: directory)
        // 1: findings at the failing level; 2: the run itself failed. Either way the command fails.
        if status == 2, arguments.contains("--fix") {
            // What a sandbox that refuses writes looks like (macOS).
            throw PluginFailure("apns-lint check exited with status 2; if it could not write the fixes, run swift package --allow-writing-to-package-directory apns-lint --fix")
        }
        if status != 0 { throw PluginFailure("apns-lint check exited with status \(status)") }
    }
}

/// Runs `tool` with `arguments` in `directory`, its output passed through; its exit status.
func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
