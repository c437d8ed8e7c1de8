import APNSLintModel
import APNSLintRules
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

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
                currentDirectory: String = Paths.currentDirectory, rules: [any Rule.Type] = RuleRegistry.all) {
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
        let directory = Paths.isDirectory(absolute) == true ? absolute : Paths.directory(of: absolute)
        guard let file = configurationFile(forDirectory: directory) else { return Configuration() }
        return try cache.configuration(at: file, rules: rules, display: displayPath)
    }

    /// The linter for the file at `path`: its configuration with the command line on top.
    public func linter(for path: String) throws(ConfigurationError) -> Linter {
        cache.linter(at: try linterSlot(forDirectory: Paths.directory(of: absolutePath(path))))
    }

    /// The linter of the files in `directory` (absolute), made once per configuration: its position among the linters
    /// this workspace made (`Cache.linter(at:)`).
    func linterSlot(forDirectory directory: String) throws(ConfigurationError) -> Int32 {
        let file = configurationFile(forDirectory: directory)
        return try cache.linterSlot(for: file) { () throws(ConfigurationError) in
            var configuration = try file.map { path throws(ConfigurationError) in try cache.configuration(at: path, rules: rules, display: displayPath) } ?? Configuration()
            if configuration.settings.app == nil, commandLine.app == nil {
                configuration.settings.app = discoveredApp(forDirectory: directory, configurationFile: file).setting
            }
            return Linter(configuration: configuration.applying(commandLine), rules: rules)
        }
    }

    /// The app found for the file or directory at `path` (as the user wrote it), as `discoveredApp(forDirectory:…)`.
    public func discoveredApp(for path: String) -> (setting: AppSetting?, problem: String?) {
        let absolute = absolutePath(path)
        let directory = Paths.isDirectory(absolute) == true ? absolute : Paths.directory(of: absolute)
        return discoveredApp(forDirectory: directory, configurationFile: configurationFile(forDirectory: directory))
    }

    /// The app a configuration that names none gets: the Xcode project under the configuration file's folder, else
    /// under the repository holding `directory`; none outside a repository. Read once per folder.
    public func discoveredApp(forDirectory directory: String, configurationFile file: String?) -> (setting: AppSetting?, problem: String?) {
        guard let root = file.map(Paths.directory(of:)) ?? AppReading.repositoryRoot(of: directory) else { return (nil, nil) }
        return cache.discoveredApp(under: root)
    }

    /// The reason given for a path that does not exist.
    public static let missingReason = "no such file or directory"

    /// Expands paths into files to lint, in a deterministic order without duplicates. A directory is searched
    /// recursively (hidden entries skipped) for files its configuration includes and does not exclude: a file
    /// `include` matches is linted as it is; without `include`, a file with a known extension is linted when its
    /// content looks like a definition (`InputOrigin.found`: `lint` and `triage` decide, see `DefinitionSniff`).
    /// A file named explicitly is linted as given, unless `forceExclude` and its configuration excludes it (as
    /// pre-commit passes every changed file by name). Nothing is lost silently: a directory or an entry that cannot
    /// be read is an error with its path and the system's reason, and the walk goes on. A walk lists directories on
    /// up to `jobs` threads (nil: `Parallel.defaultJobs`).
    public func collect(_ paths: [String], forceExclude: Bool = false, jobs: Int? = nil) throws(ConfigurationError)
        -> (files: [InputFile], errors: [InputError]) {
        var files: [InputFile] = []
        var errors: [InputError] = []
        var seen = Set<String>()
        for path in paths {
            let absolute = absolutePath(path)
            var status = stat()
            guard stat(absolute, &status) == 0 else {
                errors.append(InputError(path: path, reason: errno == ENOENT ? Self.missingReason : Inputs.reason(errno)))
                continue
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                if forceExclude, try configuration(for: Paths.directory(of: absolute)).excludes(absolute) { continue }
                let (found, walkErrors) = try walk(path, absolute: absolute, jobs: jobs)
                // A walk finds each file once: only another path can name it again (one path: its files, not a copy).
                if paths.count == 1 {
                    files = found
                } else {
                    for file in found where seen.insert(absolutePath(file.path)).inserted { files.append(file) }
                }
                errors += walkErrors
            } else {
                // A configuration file is never a definition; hooks pass every changed YAML file.
                if forceExclude {
                    if ConfigurationFile.names.contains(Paths.name(of: absolute)) { continue }
                    if try configuration(for: absolute).excludes(absolute) { continue }
                }
                if seen.insert(absolute).inserted { files.append(InputFile.named(path)) }
            }
        }
        return (files, errors)
    }

    /// Depth first, in the order of the paths, skipping hidden entries and excluded directories; symbolic links to
    /// directories are not followed (no cycles). A directory that cannot be listed, or a link to a file that cannot be
    /// reached, is an error; the rest of the tree is still searched. Directories are listed on several threads (a
    /// walk of a large tree was most of the serial start of a run), then put in order.
    private func walk(_ start: String, absolute: String, jobs: Int?) throws(ConfigurationError) -> (files: [InputFile], errors: [InputError]) {
        let prefix = start == "." ? "" : (start.hasSuffix("/") ? start : start + "/")
        let listings = Parallel.visitTree(WalkedDirectory(relative: "", absolute: absolute), jobs: jobs) { directory in
            let listing = list(directory, walkedFrom: start, prefix: prefix)
            return (listing, listing.subdirectories)
        }
        // Each listing's entries are in path order: a depth-first visit gives the files in order, and the first
        // configuration error in that order, as a walk on one thread meets it.
        var files: [InputFile] = []
        files.reserveCapacity(listings.reduce(0) { $0 + $1.value.entries.count })
        var errors: [InputError] = []
        var stack: [(listing: Int, entry: Int)] = [(0, 0)]
        while let (position, first) = stack.popLast() {
            // Read in place: a copy of a listing for each entry counted its arrays ten thousand times.
            if first == 0 {
                if let failure = listings[position].value.failure { throw failure }
                errors += listings[position].value.errors
            }
            var entry = first
            while entry < listings[position].value.entries.count {
                switch listings[position].value.entries[entry] {
                case .file(let file):
                    files.append(file)
                    entry += 1
                    continue
                case .directory(let index):
                    stack.append((position, entry + 1))
                    stack.append((listings[position].children.lowerBound + index, 0))
                }
                break
            }
        }
        return (files, errors.sorted { $0.path < $1.path })
    }

    /// A directory a walk lists: its path from the walk's start, and its absolute path.
    private struct WalkedDirectory: Sendable {
        let relative: String
        let absolute: String
    }

    /// What a walk found in one directory.
    private struct DirectoryListing: Sendable {
        enum Entry: Sendable {
            case file(InputFile)
            /// The subdirectory `subdirectories[index]`.
            case directory(Int)
        }

        /// Files and subdirectories, in path order.
        var entries: [Entry] = []
        var subdirectories: [WalkedDirectory] = []
        var errors: [InputError] = []
        /// The directory's configuration could not be read: the walk stops there.
        var failure: ConfigurationError?
    }

    /// The files and subdirectories of one directory of a walk from `start` (as the user wrote it; `prefix` is what
    /// the paths found start with).
    private func list(_ directory: WalkedDirectory, walkedFrom start: String, prefix: String) -> DirectoryListing {
        var listing = DirectoryListing()
        let (relative, current) = (directory.relative, directory.absolute)
        let configuration: Configuration
        // The linter of the directory's files, made here (on the walk's threads) rather than looked up per file later.
        let linterSlot: Int32
        do {
            configuration = try self.configuration(for: current + "/")
            linterSlot = try self.linterSlot(forDirectory: current)
        } catch {
            listing.failure = error
            return listing
        }
        guard let stream = opendir(current) else {
            listing.errors.append(InputError(path: relative.isEmpty ? start : prefix + relative, reason: Inputs.reason(errno)))
            return listing
        }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var children: [(key: String, name: String, kind: mode_t)] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 {
                    listing.errors.append(InputError(path: relative.isEmpty ? start : prefix + relative, reason: Inputs.reason(errno)))
                }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { String(cString: $0) }
            }
            // Hidden entries (and "." and "..") are skipped.
            if name.utf8.first == UInt8(ascii: ".") { continue }
            // The entry's type from the listing when the file system gives it; else lstat, relative to the directory.
            let kind: mode_t
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = S_IFREG
            case Int32(DT_DIR): kind = S_IFDIR
            default:
                var status = stat()
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
                    listing.errors.append(InputError(path: prefix + (relative.isEmpty ? name : relative + "/" + name), reason: Inputs.reason(errno)))
                    continue
                }
                kind = status.st_mode & S_IFMT
            }
            // A directory's key ends in "/", so that sorting names sorts the paths below them ("a.json" < "a/x.json"
            // < "a0.json").
            children.append((kind == S_IFDIR ? name + "/" : name, name, kind))
        }
        children.sort { $0.key < $1.key }
        let filtered = !configuration.include.isEmpty || !configuration.exclude.isEmpty
        for (_, name, kind) in children {
            let childAbsolute = filtered || kind != S_IFREG ? (current == "/" ? "/" + name : current + "/" + name) : ""
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            if kind == S_IFDIR {
                if !configuration.excludes(childAbsolute) {
                    listing.entries.append(.directory(listing.subdirectories.count))
                    listing.subdirectories.append(WalkedDirectory(relative: childRelative, absolute: childAbsolute))
                }
                continue
            }
            let known = InputFile.kind(ofFileName: name)
            var status = stat()
            if kind == S_IFLNK {
                guard fstatat(descriptor, name, &status, 0) == 0 else {
                    // A link that leads nowhere (or in a circle) is an error when it stands for a file to lint.
                    let reason = Inputs.reason(errno)
                    if configuration.includes(childAbsolute, hasKnownExtension: known != nil) {
                        listing.errors.append(InputError(path: prefix + childRelative, reason: reason))
                    }
                    continue
                }
                guard status.st_mode & S_IFMT == S_IFREG else { continue }
            } else if kind != S_IFREG {
                continue
            }
            let origin = filtered ? configuration.origin(ofFound: childAbsolute, hasKnownExtension: known != nil) : known.map { _ in .found }
            guard let origin else { continue }
            let file = InputFile(path: prefix + childRelative, format: known?.format ?? .json, origin: origin, stream: known?.stream,
                                 linterSlot: linterSlot)
            // A link's target was looked at above.
            listing.entries.append(.file(file.readingLargeYAMLAsAStream {
                kind == S_IFLNK || fstatat(descriptor, name, &status, 0) == 0 ? status.st_size : nil
            }))
        }
        return listing
    }

    /// Lints files in parallel, each with its configuration; the results keep the order of `files`. A file a walk
    /// found (`InputOrigin.found`) that does not look like a definition is not linted but listed in `skipped`;
    /// its text is read and parsed once either way. (`run` does the same with standard input and streams, handing the
    /// results over as they are done.) `jobs` is the number of threads (nil: one per core); the results are the same
    /// whatever it is.
    public func lint(files: [InputFile], headers: [HeaderOption] = [], role: InputRole = .definition, jobs: Int? = nil)
        throws(ConfigurationError) -> (results: [Result<FileReport, InputError>], skipped: [SkippedFile]) {
        var results: [Result<FileReport, InputError>] = []
        results.reserveCapacity(files.count)
        let skipped = try each(files, jobs: jobs, consume: { results.append(contentsOf: $0) }) { linter, source, file, path, parsed in
            linter.lint(source, parsed: parsed, fileName: file.path, format: file.format, headers: headers, path: path, role: role)
        }
        return (results, skipped)
    }

    /// Runs `body` on each file with its linter, in parallel, handing the results to `consume` in order; a file a walk
    /// found is parsed first (`body` gets what was read) and skipped when it does not look like a definition.
    func each<Value: Sendable>(_ files: [InputFile], jobs: Int?, consume: ([Result<Value, InputError>]) -> Void,
                             _ body: @Sendable (Linter, SourceText, InputFile, String, ParseResult?) -> Value)
        throws(ConfigurationError) -> [SkippedFile] {
        let linters = try linters(for: files)
        var skipped: [SkippedFile] = []
        var next = 0
        Linter.each(files, linters: linters, absolutePath: absolutePath, jobs: jobs, { linter, source, file, path -> Sniffed<Value> in
            switch Admission.of(source, origin: file.origin, format: file.format, fileName: file.path) {
            case .lint(let parsed): .linted(body(linter, source, file, path, parsed))
            case .skip(let reason): .skipped(reason)
            }
        }, consume: { outcomes in
            var results: [Result<Value, InputError>] = []
            results.reserveCapacity(outcomes.count)
            for outcome in outcomes {
                switch outcome {
                case .success(.linted(let value)): results.append(.success(value))
                case .success(.skipped(let reason)): skipped.append(SkippedFile(path: files[next].path, reason: reason))
                case .failure(let error): results.append(.failure(error))
                }
                next += 1
            }
            if !results.isEmpty { consume(results) }
        })
        return skipped
    }

    /// The linter of each file: the one the walk that found it gave it, else looked up once per directory, since every
    /// file of a directory has the same nearest configuration.
    private func linters(for files: [InputFile]) throws(ConfigurationError) -> LinterTable {
        guard let first = files.first else { return LinterTable(linters: [], choice: []) }
        // One configuration for every file: one linter, nothing to look up per file.
        if source != .nearest { return LinterTable(try linter(for: first.path)) }
        // Files a walk found: their linters are known (most often one for all).
        var known = true, sameLinter = true
        for file in files {
            if file.linterSlot < 0 {
                known = false
                break
            }
            if file.linterSlot != first.linterSlot { sameLinter = false }
        }
        if known {
            return sameLinter ? LinterTable(cache.linter(at: first.linterSlot)) : LinterTable(linters: cache.allLinters, choice: files.map(\.linterSlot))
        }
        // Files come sorted, so a directory's files are together: compare each path's directory with the last one's
        // (as bytes: this runs for every file, before any is linted), and a directory's configuration file with the
        // last one's.
        var linters: [Linter] = []
        var choice: [Int32] = []
        choice.reserveCapacity(files.count)
        var lastDirectory: [UInt8]?
        var lastConfiguration: String??
        for file in files {
            let isSameDirectory = file.path.utf8.withContiguousStorageIfAvailable { path in
                let length = path.lastIndex(of: UInt8(ascii: "/")) ?? 0
                guard let lastDirectory, lastDirectory.count == length,
                      length == 0 || lastDirectory.withUnsafeBufferPointer({ memcmp($0.baseAddress!, path.baseAddress!, length) == 0 }) else {
                    lastDirectory = Array(path[..<length])
                    return false
                }
                return true
            } ?? false
            if !isSameDirectory {
                let configuration = configurationFile(forDirectory: Paths.directory(of: absolutePath(file.path)))
                if lastConfiguration == nil || configuration != lastConfiguration {
                    lastConfiguration = configuration
                    linters.append(try linter(for: file.path))
                }
            }
            choice.append(Int32(linters.count - 1))
        }
        return LinterTable(linters: linters, choice: choice)
    }

    /// Which files would be linted: those a walk found are read and parsed to see whether they look like
    /// definitions (what `--show-files` prints); named and included files are not read.
    public func triage(_ files: [InputFile]) -> (files: [InputFile], skipped: [SkippedFile], errors: [InputError]) {
        let verdicts = Parallel.map(files.indices) { index -> Result<String?, InputError> in
            let file = files[index]
            guard file.origin == .found else { return .success(nil) }
            if let kind = file.stream { return Result { () throws(InputError) in try Self.streamSkipReason(file, kind: kind) } }
            return Result { () throws(InputError) in try Inputs.readFile(file.path) }.map { bytes in
                if case .skip(let reason) = Admission.of(SourceText(bytes: bytes), origin: file.origin, format: file.format, fileName: file.path) {
                    return reason
                }
                return nil
            }
        }
        var kept: [InputFile] = [], skipped: [SkippedFile] = [], errors: [InputError] = []
        for (file, verdict) in zip(files, verdicts) {
            switch verdict {
            case .failure(let error): errors.append(error)
            case .success(let reason?): skipped.append(SkippedFile(path: file.path, reason: reason))
            case .success(nil): kept.append(file)
            }
        }
        return (kept, skipped, errors)
    }
}

/// What became of a file: linted (or fixed), or skipped as not a definition.
private enum Sniffed<Value: Sendable>: Sendable {
    case linted(Value)
    case skipped(String)
}

/// Configurations and linters built once per configuration file, shared by threads.
private final class Cache: @unchecked Sendable {
    private let lock = Lock()
    private var nearest: [String: String?] = [:]
    private var configurations: [String: Result<Configuration, ConfigurationError>] = [:]
    /// The linters made, one per configuration file, and each one's position by its file's path ("" for none).
    private var linters: [Linter] = []
    private var linterSlots: [String: Int32] = [:]

    private var apps: [String: (setting: AppSetting?, problem: String?)] = [:]

    func discoveredApp(under root: String) -> (setting: AppSetting?, problem: String?) {
        if let known = lock.withLock({ apps[root] }) { return known }
        let found = AppReading.discovered(under: root)
        lock.withLock { apps[root] = found }
        return found
    }

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

    /// The position in `linters` of the linter for configuration file `file` (nil: none), made by `make` the first time.
    func linterSlot(for file: String?, make: () throws(ConfigurationError) -> Linter) throws(ConfigurationError) -> Int32 {
        let key = file ?? ""
        if let known = lock.withLock({ linterSlots[key] }) { return known }
        let linter = try make()
        return lock.withLock {
            // Another thread may have made it meanwhile: the first one made is the one kept.
            if let known = linterSlots[key] { return known }
            linters.append(linter)
            linterSlots[key] = Int32(linters.count - 1)
            return Int32(linters.count - 1)
        }
    }

    func linter(at slot: Int32) -> Linter {
        lock.withLock { linters[Int(slot)] }
    }

    /// Every linter made so far, in slot order.
    var allLinters: [Linter] {
        lock.withLock { linters }
    }

    private func isFile(_ path: String) -> Bool {
        Paths.isDirectory(path) == false
    }
}
