import APNSLintApp
import APNSLintModel
import APNSLintSyntax

/// Where the facade gets the app: the projects a configuration or `--app` names, or the one a repository holds.
public enum AppReading {
    /// The app of `paths` (relative ones to the working directory), one context for several projects (an app and its
    /// watch app's project).
    public static func read(_ paths: [String], targets: [String] = []) throws(AppReader.Failure) -> AppContext {
        var contexts: [AppContext] = []
        for path in paths.map({ Paths.absolute($0, relativeTo: Paths.currentDirectory) }) {
            do {
                contexts.append(try AppReader.read(path, targets: targets.isEmpty ? nil : targets, base: Paths.currentDirectory))
            } catch let failure as AppReader.Failure {
                throw failure
            } catch {
                throw AppReader.Failure(description: "\(path): \(error)")
            }
        }
        guard contexts.count > 1 else {
            guard let context = contexts.first else { throw AppReader.Failure(description: "no project given") }
            return context
        }
        return merged(contexts)
    }

    /// What `--app PATH` (repeatable) and `--app-target NAME` say, as `apns-lint check` and `apns-lint-sandbox` take them:
    /// nil when no `--app` is given (the configuration's `app:`, else the project found, applies), `AppSetting.none`
    /// for `--app none`, else the projects read (relative paths to the working directory). A project that cannot be
    /// read is the error.
    public static func commandLineSetting(app paths: [String], targets: [String]) throws(AppReader.Failure) -> AppSetting? {
        if paths.isEmpty { return nil }
        if paths == ["none"] { return AppSetting.none }
        return .read(try read(paths, targets: targets), from: "--app")
    }

    /// Why `--app-target` cannot be given with these `--app` values, if it cannot.
    public static func commandLineProblem(app paths: [String], targets: [String]) -> String? {
        !targets.isEmpty && (paths.isEmpty || paths == ["none"]) ? "--app-target needs --app, the project whose targets it names" : nil
    }

    /// The app found where a project keeps its files: the Xcode projects under `root` (the configuration file's
    /// folder, else the repository's), read; nil when there is none or it cannot be read (`config` says which).
    static func discovered(under root: String) -> (setting: AppSetting?, problem: String?) {
        let projects = AppReader.discover(in: root)
        guard !projects.isEmpty else { return (nil, nil) }
        let shown = projects.map { Glob.relativePath($0, to: Paths.currentDirectory) ?? $0 }.joined(separator: ", ")
        do {
            return (.read(try read(projects), from: "found in the repository: \(shown)"), nil)
        } catch {
            return (nil, "the app found in the repository could not be read, so no app-aware rule runs: \(error.description)")
        }
    }

    /// The repository holding `directory`: the nearest folder upwards with a `.git`.
    static func repositoryRoot(of directory: String) -> String? {
        var current = Paths.normalize(directory)
        while true {
            if Paths.isDirectory(current == "/" ? "/.git" : current + "/.git") != nil { return current }
            if current == "/" { return nil }
            current = Paths.directory(of: current)
        }
    }

    private static func merged(_ contexts: [AppContext]) -> AppContext {
        var entries: [String: [LocalizedString]] = [:]
        var languages = Set<String>()
        var sounds: [String: AppSound] = [:]
        var categories: [String: ExternalLocation] = [:]
        for context in contexts {
            entries.merge(context.strings.entries) { $0 + $1 }
            languages.formUnion(context.strings.languages)
            sounds.merge(context.sounds) { first, _ in first }
            categories.merge(context.categories) { first, _ in first }
        }
        return AppContext(project: contexts[0].project, targets: contexts.flatMap(\.targets),
                          strings: LocalizedStrings(entries: entries, languages: languages.sorted()), sounds: sounds, categories: categories,
                          categoriesAreAllLiteral: contexts.allSatisfy(\.categoriesAreAllLiteral), activityTypes: contexts.flatMap(\.activityTypes))
    }
}
