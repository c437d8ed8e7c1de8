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
        let (status, report) = try run(context.tool(named: "APNSLintCLI").url, ["check"] + arguments, in: directory)
        // SwiftPM prints a plugin's failure as it happens and the plugin's output when it ends, so a log (not a terminal)
        // would get the failure before the findings. The report's summary line is the failure, so whichever comes
        // first reads right: "error: Found 3 errors in 3 of 3 files." then the findings, or the other way round.
        var lines = report.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        if status == 1, let summary = lines.last, summary.hasPrefix("Found ") {
            print(lines.dropLast().map { $0 + "\n" }.joined(), terminator: "")
            throw PluginFailure(String(summary))
        }
        print(report, terminator: "")
        // 1: findings at the failing level; 2: the run itself failed. Either way the command fails.
        if status == 2, arguments.contains("--fix") {
            // What a sandbox that refuses writes looks like (macOS).
            throw PluginFailure("apns-lint check exited with status 2; if it could not write the fixes, run swift package --allow-writing-to-package-directory apns-lint --fix")
        }
        if status == 1 { throw PluginFailure("apns-lint check found problems at the failing level (exit 1)") }
        if status != 0 { throw PluginFailure("apns-lint check exited with status \(status)") }
    }
}

/// Runs `tool` with `arguments` in `directory`, its standard error passed through; its exit status and its standard
/// output.
func run(_ tool: URL, _ arguments: [String], in directory: URL) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let report = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: report, as: UTF8.self))
}

struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
