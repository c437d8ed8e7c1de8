import APNSLintSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run does with each input.
public enum RunJob: Sendable {
    case lint
    /// Fixes each file and standard input (nothing is written: `RunItem.fix` holds the result); a stream's records are
    /// reported as their fixes leave them, and the stream is never rewritten.
    case fix(FixOptions)
}

/// One input (or one record of a stream) as a run made it, handed to the run's `transform` on the thread that made it.
public struct RunItem: Sendable {
    /// The report: of the fixed text, with a fix job.
    public let report: FileReport
    /// With a fix job, the fix of a file or of standard input; nil otherwise, and for a stream's record.
    public let fix: FixResult?
    /// The linter of the input's configuration, and the input's absolute path (nil: standard input given no name).
    public let linter: Linter
    public let path: String?
    /// Whether the input is standard input (whose fixed text is printed, not written).
    public var isStandardInput = false

    /// The rule options of the input's configuration (its serializer, for what writes the payload out).
    public var options: RuleOptions { linter.options(for: path) }
}

/// What a run hands its consumer, in the order of its inputs.
public enum RunEvent<Value> {
    /// The values of a run of files, or of records of the stream `streamStarted` began, in order; a failure is an input
    /// that could not be read (a stream that fails stops there: its failure comes instead of `streamEnded`).
    case values([Result<Value, InputError>])
    /// A stream's records follow.
    case streamStarted(name: String)
    /// Every record of the stream was handed over.
    case streamEnded(name: String, kind: StreamKind)
}

extension Workspace {
    /// Lints (or fixes) inputs in their order, each with its configuration: a run of files together, on `jobs` threads
    /// (nil: one per core); a stream a batch of records at a time; each result turned into a `Value` by `transform` on
    /// the thread that made it, and handed to `consume` as it is done. What `check`, `render` and `--fix` run.
    /// A file a walk found that does not look like a definition, or a stream whose first record does not, is skipped
    /// (`DefinitionSniff`) and returned. Throws when a configuration cannot be read, or what `consume` throws.
    // Compiled for the CLI's value too: unspecialized, the generic code copied every value through its witness table
    // (perf: a tenth of a 10,000-file run's serial part).
    @_specialize(where Value == ReportWriter.Prepared)
    public func run<Value: Sendable>(_ inputs: [Input], headers: [HeaderOption] = [], role: InputRole = .definition, job: RunJob = .lint,
                                     jobs: Int? = nil, transform: @Sendable (RunItem) -> Value,
                                     consume: (RunEvent<Value>) throws -> Void) throws -> [SkippedFile] {
        var skipped: [SkippedFile] = []
        var files: [InputFile] = []
        func runFiles() throws {
            guard !files.isEmpty else { return }
            defer { files.removeAll() }
            var failure: (any Error)?
            let sink: ([Result<Value, InputError>]) -> Void = { values in
                guard failure == nil else { return }
                do { try consume(.values(values)) } catch { failure = error }
            }
            switch job {
            case .lint:
                skipped += try each(files, jobs: jobs, consume: sink) { linter, source, file, path, parsed in
                    transform(RunItem(report: linter.lint(source, parsed: parsed, fileName: file.path, format: file.format, headers: headers,
                                                          path: path, role: role),
                                      fix: nil, linter: linter, path: path))
                }
            case .fix(let options):
                skipped += try each(files, jobs: jobs, consume: sink) { linter, source, file, path, parsed in
                    let fixed = linter.fix(source, parsed: parsed, fileName: file.path, format: file.format, headers: headers, path: path,
                                           options: options, role: role)
                    return transform(RunItem(report: fixed.report, fix: fixed, linter: linter, path: path))
                }
            }
            if let failure { throw failure }
        }
        var fixing: FixOptions? {
            if case .fix(let options) = job { return options }
            return nil
        }
        for input in inputs {
            switch input {
            case .file(let file) where file.stream == nil:
                files.append(file)
            case .file(let file):
                try runFiles()
                let linter = try linter(for: file.path)
                let path = absolutePath(file.path)
                // Started with its first records: a stream skipped as not a definition hands over nothing.
                var started = false
                func start() throws {
                    if !started { try consume(.streamStarted(name: file.path)) }
                    started = true
                }
                do {
                    if let skip = try lint(stream: file, kind: file.stream!, headers: headers, role: role, fixing: fixing, jobs: jobs,
                                           transform: { transform(RunItem(report: $0, fix: nil, linter: linter, path: path)) },
                                           consume: { try start(); try consume(.values($0.map { .success($0) })) }) {
                        skipped.append(skip)
                    } else {
                        try start()
                        try consume(.streamEnded(name: file.path, kind: file.stream!))
                    }
                } catch let error as InputError {
                    try consume(.values([.failure(error)]))
                }
            case .standardInput(let input):
                try runFiles()
                try run(input, headers: headers, role: role, fixing: fixing, jobs: jobs, transform: transform, consume: consume)
            }
        }
        try runFiles()
        return skipped
    }

    /// Standard input: whole, or a record at a time.
    private func run<Value: Sendable>(_ input: StandardInput, headers: [HeaderOption], role: InputRole, fixing: FixOptions?, jobs: Int?,
                                      transform: @Sendable (RunItem) -> Value, consume: (RunEvent<Value>) throws -> Void) throws {
        // Standard input takes the configuration of the place its name gives (else of the current directory).
        let linter = try linter(for: input.name)
        let path = input.givenName.map(absolutePath)
        guard let kind = input.stream else {
            let source = SourceText(bytes: input.bytes)
            let fixed = fixing.map { linter.fix(source, fileName: input.name, format: input.format, headers: headers, path: path, options: $0, role: role) }
            let report = fixed?.report ?? linter.lint(source, fileName: input.name, format: input.format, headers: headers, path: path, role: role)
            try consume(.values([.success(transform(RunItem(report: report, fix: fixed, linter: linter, path: path, isStandardInput: true)))]))
            return
        }
        try consume(.streamStarted(name: input.name))
        var reader = RecordReader(descriptor: STDIN_FILENO, path: input.name, kind: kind)
        do {
            try linter.lint(stream: &reader, kind: kind, fileName: input.name, headers: headers, path: path, role: role, fixing: fixing,
                            jobs: jobs, transform: { transform(RunItem(report: $0, fix: nil, linter: linter, path: path)) },
                            consume: { try consume(.values($0.map { .success($0) })) })
            try consume(.streamEnded(name: input.name, kind: kind))
        } catch let error as InputError {
            try consume(.values([.failure(error)]))
        }
    }
}
