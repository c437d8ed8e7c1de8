import APNSLintModel
import APNSLintRules
import APNSLintSyntax
import Foundation

/// Files to lint and the configuration of each: finds the nearest `.apns-lint.yml` for every file (or uses the
/// one given, or none), searches directories with its `include` and `exclude`, and builds one linter per
/// configuration. Safe to use from several threads; configurations are read once.
public final class Workspace: Sendable {
    public enum ConfigurationSource: Sendable, Hashable {
        /// The nearest `.apns-lint.yml` from each file's directory upwards.
        case nearest
        /// This file for every input (`--config`).
        case file(String)
        /// No configuration file at all (`--isolated`).
        case none
    }

    public let source: ConfigurationSource
    /// Settings from the command line, on top of every configuration.
    public let commandLine: Settings
    public let currentDirectory: String
    private let rules: [any Rule.Type]
    private let cache = Cache()

    public init(source: ConfigurationSource = .nearest, commandLine: Settings = Settings(),
                currentDirectory: String = FileManager.default.currentDirectoryPath, rules: [any Rule.Type] = RuleRegistry.all) {
        self.source = source
        self.commandLine = commandLine
        self.currentDirectory = Paths.normalize(currentDirectory)
        self.rules = rules
    }

    /// The absolute, normalized form of a path as the user wrote it.
    public func absolutePath(_ path: String) -> String {
        Paths.absolute(path, relativeTo: currentDirectory)
    }

    /// How a path is shown: relative to the current directory when it is inside it.
    public func displayPath(_ absolute: String) -> String {
        Glob.relativePath(absolute, to: currentDirectory).map { $0.isEmpty ? "." : $0 } ?? absolute
    }

    /// The configuration file that applies to files in `directory` (absolute), if any.
    public func configurationFile(forDirectory directory: String) -> String? {
        switch source {
        case .none: return nil
        case .file(let path): return absolutePath(path)
        case .nearest: return cache.nearestFile(from: directory)
        }
    }

    /// The configuration for the file (or directory) at `path`, without the command line's settings.
    public func configuration(for path: String) throws(ConfigurationError) -> Configuration {
        let absolute = absolutePath(path)
        var isDirectory: ObjCBool = false
        let directory = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) && isDirectory.boolValue
            ? absolute : Paths.directory(of: absolute)
        guard let file = configurationFile(forDirectory: directory) else { return Configuration() }
        return try cache.configuration(at: file, rules: rules, display: displayPath)
    }

    /// The linter for the file at `path`: its configuration with the command line on top.
    public func linter(for path: String) throws(ConfigurationError) -> Linter {
        let directory = Paths.directory(of: absolutePath(path))
        let file = configurationFile(forDirectory: directory)
        return try cache.linter(for: file, rules: rules) { () throws(ConfigurationError) in
            let configuration = try file.map { path throws(ConfigurationError) in try cache.configuration(at: path, rules: rules, display: displayPath) } ?? Configuration()
            return Linter(configuration: configuration.applying(commandLine), rules: rules)
        }
    }

    /// Expands paths into files to lint, in a deterministic order without duplicates. A directory is searched
    /// recursively (hidden entries skipped) for files its configuration includes and does not exclude; a file
    /// named explicitly is linted as given, unless `forceExclude` and its configuration excludes it (as
    /// pre-commit passes every changed file by name).
    public func collect(_ paths: [String], forceExclude: Bool = false) throws(ConfigurationError) -> (files: [InputFile], errors: [InputError]) {
        var files: [InputFile] = []
        var errors: [InputError] = []
        var seen = Set<String>()
        for path in paths {
            let absolute = absolutePath(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
                errors.append(InputError(path: path, reason: "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                if forceExclude, try configuration(for: Paths.directory(of: absolute)).excludes(absolute) { continue }
                for file in try walk(path, absolute: absolute) where seen.insert(absolutePath(file.path)).inserted { files.append(file) }
            } else {
                // A configuration file is never a definition; hooks pass every changed YAML file.
                if forceExclude {
                    if ConfigurationFile.names.contains(Paths.name(of: absolute)) { continue }
                    if try configuration(for: absolute).excludes(absolute) { continue }
                }
                if seen.insert(absolute).inserted {
                    files.append(InputFile(path: path, format: InputFormat.detect(fileName: path) ?? .json))
                }
            }
        }
        return (files, errors)
    }

    /// Depth first, sorted, skipping hidden entries and excluded directories; symbolic links to directories are
    /// not followed (no cycles).
    private func walk(_ directory: String, absolute: String) throws(ConfigurationError) -> [InputFile] {
        var found: [InputFile] = []
        let prefix = directory == "." ? "" : (directory.hasSuffix("/") ? directory : directory + "/")
        var pending: [(relative: String, absolute: String)] = [("", absolute)]
        let manager = FileManager.default
        while let (relative, current) = pending.popLast() {
            let configuration = try configuration(for: current + "/")
            guard let names = try? manager.contentsOfDirectory(atPath: current) else { continue }
            var subdirectories: [(String, String)] = []
            for name in names.sorted() where !name.hasPrefix(".") {
                let childAbsolute = current == "/" ? "/" + name : current + "/" + name
                let childRelative = relative.isEmpty ? name : relative + "/" + name
                // lstat, not FileManager's attribute dictionary: this runs once per file of the tree.
                var status = stat()
                guard lstat(childAbsolute, &status) == 0 else { continue }
                let kind = status.st_mode & S_IFMT
                if kind == S_IFDIR {
                    if !configuration.excludes(childAbsolute) { subdirectories.append((childRelative, childAbsolute)) }
                    continue
                }
                if kind == S_IFLNK {
                    guard stat(childAbsolute, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
                } else if kind != S_IFREG {
                    continue
                }
                let format = InputFormat.detect(fileName: name)
                guard configuration.includes(childAbsolute, hasKnownExtension: format != nil) else { continue }
                found.append(InputFile(path: prefix + childRelative, format: format ?? .json))
            }
            pending += subdirectories.reversed()
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Lints files in parallel, each with its configuration; the results keep the order of `files`.
    public func lint(files: [InputFile], headers: [HeaderOption] = [], role: InputRole = .definition) throws(ConfigurationError)
        -> [Result<FileReport, InputError>] {
        let linters = try files.map { file throws(ConfigurationError) in try linter(for: file.path) }
        return Linter.each(files, linters: { linters[$0] }, absolutePath: absolutePath) { linter, source, file, path in
            linter.lint(source, fileName: file.path, format: file.format, headers: headers, path: path, role: role)
        }
    }

    /// Fixes files in parallel (nothing is written), each with its configuration; the results keep the order of `files`.
    public func fix(files: [InputFile], headers: [HeaderOption] = [], options: FixOptions, role: InputRole = .definition)
        throws(ConfigurationError) -> [Result<FixResult, InputError>] {
        let linters = try files.map { file throws(ConfigurationError) in try linter(for: file.path) }
        return Linter.each(files, linters: { linters[$0] }, absolutePath: absolutePath) { linter, source, file, path in
            linter.fix(source, fileName: file.path, format: file.format, headers: headers, path: path, options: options, role: role)
        }
    }
}

/// Configurations and linters built once per configuration file, shared by threads.
private final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var nearest: [String: String?] = [:]
    private var configurations: [String: Result<Configuration, ConfigurationError>] = [:]
    private var linters: [String: Linter] = [:]

    /// The nearest configuration file from `directory` upwards.
    func nearestFile(from directory: String) -> String? {
        var visited: [String] = []
        var current = Paths.normalize(directory)
        var found: String?
        while true {
            if let known = lock.withLock({ nearest[current] }) {
                found = known
                break
            }
            visited.append(current)
            if let name = ConfigurationFile.names.first(where: { isFile(current == "/" ? "/" + $0 : current + "/" + $0) }) {
                found = current == "/" ? "/" + name : current + "/" + name
                break
            }
            if current == "/" { break }
            current = Paths.directory(of: current)
        }
        lock.withLock { for directory in visited { nearest[directory] = .some(found) } }
        return found
    }

    func configuration(at path: String, rules: [any Rule.Type], display: @escaping ConfigurationFile.PathDisplay) throws(ConfigurationError) -> Configuration {
        if let known = lock.withLock({ configurations[path] }) { return try known.get() }
        let loaded = Result { () throws(ConfigurationError) in try ConfigurationFile.load(path: path, rules: rules, display: display) }
        lock.withLock { configurations[path] = loaded }
        return try loaded.get()
    }

    func linter(for file: String?, rules: [any Rule.Type], make: () throws(ConfigurationError) -> Linter) throws(ConfigurationError) -> Linter {
        let key = file ?? ""
        if let known = lock.withLock({ linters[key] }) { return known }
        let linter = try make()
        lock.withLock { linters[key] = linter }
        return linter
    }

    private func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}
