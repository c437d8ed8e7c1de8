import APNSLint
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `apns-lint init`: a commented `.apns-lint.yml` for the current directory, saying what `check` finds in it.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented .apns-lint.yml for the current directory.",
        discussion: """
            Searches the current directory as check does (with no configuration file: the one written replaces any), \
            and writes what it found (how many definition files, in which formats and dialects), an include for the \
            folders that hold them when they are a few, and the main settings as commented examples. An existing \
            configuration file is left alone unless --force.
            """)

    @Flag(help: "Overwrite the configuration file in the current directory.")
    var force = false

    func run() throws {
        let existing = ConfigurationFile.names.first { Paths.isDirectory($0) != nil }
        if let existing, !force {
            printError("apns-lint: error: \(existing) already exists; --force overwrites it (apns-lint config shows what it sets)")
            throw ExitCode(2)
        }
        let name = existing ?? ConfigurationFile.names[0]
        let workspace = Workspace(source: .none)
        let (files, errors) = try endingRunOnError { () throws(ConfigurationError) in try workspace.collect(["."]) }
        let (results, _) = try endingRunOnError { () throws(ConfigurationError) in
            try workspace.lint(files: files.filter { $0.stream == nil })
        }
        var found: [StarterConfiguration.Found] = []
        var unreadable = errors
        for result in results {
            switch result {
            case .success(let report): found.append(StarterConfiguration.Found(report))
            case .failure(let error): unreadable.append(error)
            }
        }
        // A log is not read whole here: counted, not linted.
        found += files.filter { $0.stream != nil }.map { StarterConfiguration.Found(path: $0.path, format: $0.format, dialects: [], isStream: true) }
        for failure in unreadable { printError("apns-lint: note: not counted: \(failure)") }
        do {
            try Inputs.writeNewFile(Array(StarterConfiguration.text(for: found).utf8), to: name)
        } catch {
            printError("apns-lint: error: cannot write \(name): \(error.reason)")
            throw ExitCode(2)
        }
        let count = found.count == 1 ? "1 definition file" : "\(found.count) definition files"
        print("Wrote \(name) (\(count) found); uncomment the settings you need, and `apns-lint config` shows what applies.")
    }
}
