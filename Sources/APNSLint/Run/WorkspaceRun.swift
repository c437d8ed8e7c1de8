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
        let fixing: FixOptions? = if case .fix(let options) = job { options } else { nil }
        /// One text linted, or fixed when the job fixes; `parsed`, what its reader read already, if it did.
        @Sendable func item(_ linter: Linter, _ source: SourceText, name: String, format: InputFormat, path: String?, parsed: ParseResult?,
                            isStandardInput: Bool = false) -> RunItem {
            let fixed = fixing.map {
                linter.fix(source, parsed: parsed, fileName: name, format: format, headers: headers, path: path, options: $0, role: role)
            }
            let report = fixed?.report ?? linter.lint(source, parsed: parsed, fileName: name, format: format, headers: headers, path: path, role: role)
            return RunItem(report: report, fix: fixed, linter: linter, path: path, isStandardInput: isStandardInput)
        }
        /// A stream's records: `lint` lints them, handing each batch's values over; nil, or why it is skipped (nothing was
        /// handed over then). The stream starts with its first records, and a failure to read it on ends it.
        func stream(_ name: String, _ kind: StreamKind, lint: (([Value]) throws -> Void) throws -> SkippedFile?) throws {
            // `consume` is handed on inside another closure, which a non-escaping parameter may not be.
            try withoutActuallyEscaping(consume) { consume in
                var started = false
                func start() throws {
                    if !started { try consume(.streamStarted(name: name)) }
                    started = true
                }
                do {
                    if let skip = try lint({ try start(); try consume(.values($0.map { .success($0) })) }) {
                        skipped.append(skip)
                    } else {
                        try start()
                        try consume(.streamEnded(name: name, kind: kind))
                    }
                } catch let error as InputError {
                    try consume(.values([.failure(error)]))
                }
            }
        }
        func runFiles() throws {
            guard !files.isEmpty else { return }
            defer { files.removeAll() }
            var failure: (any Error)?
            skipped += try each(files, jobs: jobs, consume: { values in
                guard failure == nil else { return }
                do { try consume(.values(values)) } catch { failure = error }
            }) { linter, source, file, path, parsed in
                transform(item(linter, source, name: file.path, format: file.format, path: path, parsed: parsed))
            }
            if let failure { throw failure }
        }
        for input in inputs {
            switch input {
            case .file(let file) where file.stream == nil:
                files.append(file)
            case .file(let file):
                try runFiles()
                let linter = try linter(for: file.path)
                let path = absolutePath(file.path)
                try stream(file.path, file.stream!) { consume in
                    try lint(stream: file, kind: file.stream!, linter: linter, headers: headers, role: role, fixing: fixing, jobs: jobs,
                             transform: { report in transform(RunItem(report: consume report, fix: nil, linter: linter, path: path)) }, consume: consume)
                }
            case .standardInput(let input):
                try runFiles()
                // Standard input takes the configuration of the place its name gives (else of the current directory).
                let linter = try linter(for: input.name)
                let path = input.givenName.map(absolutePath)
                guard let kind = input.stream else {
                    let made = item(linter, SourceText(bytes: input.bytes), name: input.name, format: input.format, path: path, parsed: nil,
                                    isStandardInput: true)
                    try consume(.values([.success(transform(made))]))
                    continue
                }
                try stream(input.name, kind) { consume in
                    var reader = RecordReader(descriptor: STDIN_FILENO, path: input.name, kind: kind, start: input.start)
                    try linter.lint(stream: &reader, kind: kind, fileName: input.name, headers: headers, path: path, role: role, fixing: fixing,
                                    jobs: jobs, transform: { report in transform(RunItem(report: consume report, fix: nil, linter: linter, path: path)) }, consume: consume)
                    return nil
                }
            }
        }
        try runFiles()
        return skipped
    }
}
