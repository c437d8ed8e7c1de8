import APNSLint
import ArgumentParser

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the configuration that applies to a file or directory.",
        discussion: """
            Shows which configuration file applies (the nearest .apns-lint.yml from the path upwards, or \
            --config), what it extends, and the settings that result for PATH: the app the payloads are checked \
            against, every rule's severity, headers, platforms, serializer, size-limit profile and ignore entries.
            """)

    @Argument(help: "The file or directory to show the configuration of.")
    var path = "."

    @OptionGroup var options: ConfigurationOptions

    func run() throws {
        let workspace = options.workspace()
        var configuration = try endingRunOnError { () throws(ConfigurationError) in try workspace.configuration(for: path) }
        // The app a check would use: the configuration's, else the project found as check finds it.
        var problem: String?
        if configuration.settings.app == nil {
            let found = workspace.discoveredApp(for: path)
            configuration.settings.app = found.setting
            problem = found.problem
        }
        print(configuration.describe(for: workspace.absolutePath(path), shownAs: path, appProblem: problem), terminator: "")
    }
}
