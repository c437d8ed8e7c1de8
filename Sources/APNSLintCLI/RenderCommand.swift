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

extension WireSerializer.Style: ExpressibleByArgument {}
extension DeliveryTarget: ExpressibleByArgument {}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print the request each definition produces: the payload exactly as it goes on the wire.",
        discussion: """
            Each definition's payload is printed as the bytes a sender puts on the wire (compact UTF-8 JSON, \
            the bytes payload-too-large counts), followed by a newline: one line per YAML document, and for an \
            Erlang term the request its library builds. --pretty indents it for people (that is not what is \
            sent). --headers prints :path and the apns-* header lines first, then an empty line (also when there \
            is no header: a note on standard error then says so). --target fcm prints the FCM v1 request a Skygear \
            definition sends to Android, {"message": {...}}, instead.

            PATHS are files or directories; a directory is searched as check searches it (--show-files lists what \
            is rendered). With more than one path, or a directory, each file's requests are headed by a line \
            "==> PATH <==", in the order check lints them (standard input last); a file named alone is printed \
            without it.

            A definition in a library's format (node-apn, ADCK, apns_json) is printed as that library sends it: \
            its keys, its numbers, its escapes, byte for byte (--serializer does not apply to it). --dialect \
            says which format, as on check.

            \(HeaderOptions.discussion)

            A file with syntax errors is not rendered: its errors go to standard error, the other files are still \
            printed, and the exit code is 1. A path that cannot be read exits 2. A JSON Lines file (.jsonl, .ndjson, \
            or - with --stdin-filename x.jsonl), and a YAML file of 8 MiB or more, is read a record at a time, and \
            each record's request printed in order; a record that cannot be rendered is reported with its position \
            or number, the others are still printed, and the exit code is 1.
            """)

    @Argument(help: "Definition files or directories, or - for standard input.")
    var paths: [String]

    @Option(help: ArgumentHelp("The name to show for standard input (its extension picks the format; without one, the content does).", valueName: "name"))
    var stdinFilename: String?

    @Flag(help: "Indent the payload for people (2 spaces); not the bytes that are sent.")
    var pretty = false

    @Flag(help: "Print :path and the request headers before each payload.")
    var headers = false

    @Option(help: ArgumentHelp("Which request to print: \(RenderCommand.targets).", valueName: "target"))
    var target: DeliveryTarget = .apns

    @OptionGroup(title: HeaderOptions.title)
    var requestHeaders: HeaderOptions

    @OptionGroup
    var input: InputRoleOption

    @Flag(help: "Render the definition as it would be after the safe fixes (the file is not changed).")
    var fix = false

    @Flag(help: "With --fix: apply unsafe fixes too.")
    var unsafeFixes = false

    @Option(help: "How strings are escaped: \(HelpText.serializerStyles()); default: the configuration's serializer, else compact. A library's definition is written as the library writes it.")
    var serializer: WireSerializer.Style?

    @Option(help: ArgumentHelp("The system format of the definition: \(HelpText.list(Dialect.allCases)) (default: detected from its keys; the definition's own \"dialect\" key wins).", valueName: "dialect"))
    var dialect: Dialect?

    @OptionGroup(title: "Configuration (headers by path, serializer) and files")
    var discovery: DiscoveryOptions

    func validate() throws {
        try DiscoveryOptions.validate(stdinFilename: stdinFilename, paths: paths)
        if headers, target == .fcm {
            throw ValidationError("--headers prints the APNs request headers; an FCM message has none (drop --headers or use --target apns)")
        }
    }

    func run() throws {
        let workspace = discovery.workspace(commandLine: Settings(serializer: serializer, dialect: dialect))
        let (files, inputErrors) = try discovery.collect(paths.filter { $0 != "-" }, in: workspace)
        if discovery.showFiles {
            try discovery.printFiles(files, errors: inputErrors, in: workspace)
            return
        }
        let readsStandardInput = paths.contains("-")
        if files.isEmpty && !readsStandardInput && inputErrors.isEmpty { try discovery.nothingFound(in: paths) }
        // One file named alone prints as it always did; any more (or a directory's files) are told apart by headings.
        var printer = RequestPrinter(headed: paths.count > 1 || files.contains { $0.origin != .named }, renderer:
            Renderer(pretty: pretty, includeHeaders: headers, target: target))
        var failures = inputErrors
        var skipped: [SkippedFile] = []
        let headerOptions = requestHeaders.headerOptions
        let role = input.role
        let fixing = fix || unsafeFixes ? FixOptions(includeUnsafe: unsafeFixes) : nil
        // The files in order, as check lints them: each run of files between streams together, on every core; a stream
        // a batch of records at a time.
        var pendingStart = 0
        func renderPending(upTo end: Int) throws {
            defer { pendingStart = end + 1 }
            guard pendingStart < end else { return }
            let pending = Array(files[pendingStart..<end])
            if let fixing {
                let (results, skips) = try endingRunOnError { () throws(ConfigurationError) in
                    try workspace.fix(files: pending, headers: headerOptions, options: fixing, role: role)
                }
                skipped += skips
                for result in results {
                    switch result {
                    case .success(let fixed): printer.print(printer.render(fixed.report, in: workspace))
                    case .failure(let error): failures.append(error)
                    }
                }
                return
            }
            let base = printer
            skipped += try endingRunOnError { () throws(ConfigurationError) in
                try workspace.lint(files: pending, headers: headerOptions, role: role, transform: { base.render($0, in: workspace) }) { results in
                    for result in results {
                        switch result {
                        case .success(let rendered): printer.print(rendered)
                        case .failure(let error): failures.append(error)
                        }
                    }
                }
            }
        }
        for index in files.indices {
            guard let kind = files[index].stream else { continue }
            let file = files[index]
            try renderPending(upTo: index)
            let linter = try endingRunOnError { () throws(ConfigurationError) in try workspace.linter(for: file.path) }
            var stream = printer.stream(file.path, linter: linter, path: workspace.absolutePath(file.path))
            do {
                if let skip = try workspace.lint(stream: file, kind: kind, headers: headerOptions, role: role, fixing: fixing,
                                                 transform: { [stream] in stream.render($0) }, consume: { stream.print($0, by: &printer) }) {
                    skipped.append(skip)
                } else {
                    stream.finish(by: &printer)
                }
            } catch let error as InputError {
                failures.append(error)
            } catch let error as ConfigurationError {
                _ = try endingRunOnError { () throws(ConfigurationError) in throw error }
            }
        }
        try renderPending(upTo: files.count)
        if readsStandardInput {
            try renderStandardInput(printer: &printer, headers: headerOptions, fixing: fixing, in: workspace)
        }
        for failure in failures { printError("apns-lint: error: \(failure)") }
        if printer.inputs == 0 && failures.isEmpty { try discovery.nothingLinted(in: paths, skipped: skipped) }
        if !failures.isEmpty { throw ExitCode(2) }
        if printer.failed { throw ExitCode(1) }
    }

    /// Standard input: whole, or a record at a time when `--stdin-filename` names a stream.
    private func renderStandardInput(printer: inout RequestPrinter, headers: [HeaderOption], fixing: FixOptions?, in workspace: Workspace) throws {
        let name = stdinFilename ?? "<stdin>"
        let linter = try endingRunOnError { () throws(ConfigurationError) in try workspace.linter(for: name) }
        let path = stdinFilename.map(workspace.absolutePath)
        if let kind = stdinFilename.flatMap(StreamKind.detect(fileName:)) {
            var stream = printer.stream(name, linter: linter, path: path)
            var reader = RecordReader(descriptor: STDIN_FILENO, path: name, kind: kind)
            try endingRunOnError { () throws in
                try linter.lint(stream: &reader, kind: kind, fileName: name, headers: headers, path: path, role: input.role, fixing: fixing,
                                transform: { [stream] in stream.render($0) }, consume: { stream.print($0, by: &printer) })
            }
            stream.finish(by: &printer)
            return
        }
        let bytes = try StandardStreams.readInput(name: name)
        let format = standardInputFormat(bytes, stdinFilename: stdinFilename)
        let report = fixing.map { options in
            linter.fix(SourceText(bytes: bytes), fileName: name, format: format, headers: headers, path: path, options: options, role: input.role).report
        } ?? linter.lint(SourceText(bytes: bytes), fileName: name, format: format, headers: headers, path: path, role: input.role)
        printer.print(printer.render(report, renderer: printer.renderer(linter: linter, path: path)))
    }
}

/// What render prints of one input (a file, or a record of a stream): its requests or why there are none, and the
/// notes for standard error.
struct RenderedInput: Sendable {
    let fileName: String
    let output: Result<[UInt8], Renderer.Failure>
    /// The values the sending system sets by default (FCM's apns-priority 10), as `path:line:col: note: …` lines.
    let notes: [String]
    let headerless: [Renderer.HeaderlessRequest]
}

/// Prints rendered inputs in order: their requests on standard output, each input's headed by `==> PATH <==` when
/// there are several, and their errors and notes on standard error.
struct RequestPrinter: Sendable {
    /// Whether each input's requests are headed by its path.
    let headed: Bool
    /// --pretty, --headers and --target; each file's serializer is its configuration's.
    let renderer: Renderer
    /// How many inputs were rendered or failed to render (not those skipped as not definitions).
    private(set) var inputs = 0
    /// Some input, or record, could not be rendered: exit 1.
    private(set) var failed = false

    init(headed: Bool, renderer: Renderer) {
        self.headed = headed
        self.renderer = renderer
    }

    /// `renderer` with the serializer the file's configuration (or --serializer) picks.
    func renderer(linter: Linter, path: String?) -> Renderer {
        var renderer = renderer
        renderer.style = linter.options(for: path).serializer
        return renderer
    }

    /// Renders a file's report, on the thread that linted it.
    func render(_ report: FileReport, in workspace: Workspace) -> RenderedInput {
        // The file was just linted with this linter, so its configuration reads: the fallback is never taken.
        let linter = try? workspace.linter(for: report.fileName)
        return render(report, renderer: linter.map { renderer(linter: $0, path: workspace.absolutePath(report.fileName)) } ?? renderer)
    }

    func render(_ report: FileReport, renderer: Renderer) -> RenderedInput {
        let output = renderer.render(report)
        let succeeded = if case .success = output { true } else { false }
        return RenderedInput(fileName: report.fileName, output: output, notes: succeeded ? renderer.defaultNotes(for: report) : [],
                             headerless: succeeded ? renderer.headerlessRequests(in: report) : [])
    }

    /// Prints one input: its requests under its heading, then its notes; or why it could not be rendered.
    mutating func print(_ rendered: RenderedInput) {
        inputs += 1
        switch rendered.output {
        case .success(let output):
            write(output, of: rendered.fileName)
            for note in rendered.notes { printError(note) }
            if let first = rendered.headerless.first {
                printError(Self.headerlessNote(first: first, count: rendered.headerless.count, fileName: rendered.fileName))
            }
        case .failure(let failure):
            fail(failure.messages)
        }
    }

    /// Prints why an input, or a record, could not be rendered.
    mutating func fail(_ messages: [String]) {
        for message in messages { printError(message) }
        failed = true
    }

    /// Counts a stream as an input rendered (or failed).
    mutating func countStream() {
        inputs += 1
    }

    /// Writes requests of the input `fileName` to standard output, after its heading when there are several inputs.
    func write(_ output: [UInt8], of fileName: String, headingFirst: Bool = true) {
        guard !output.isEmpty else { return }
        StandardStreams.write(headed && headingFirst ? Self.heading(fileName) + output : output, to: STDOUT_FILENO)
    }

    /// `==> push/a.json <==`, as head and tail head each file: no definition prints a line like it (a payload starts
    /// with `{`, a header line with its lowercase name).
    static func heading(_ fileName: String) -> [UInt8] {
        Array("==> \(fileName) <==\n".utf8)
    }

    /// The stream `fileName`, about to be rendered a batch of records at a time.
    func stream(_ fileName: String, linter: Linter, path: String?) -> StreamPrinter {
        StreamPrinter(fileName: fileName, renderer: renderer(linter: linter, path: path))
    }

    /// Says that requests are printed with an empty header block, why, and how to give them headers: for the first
    /// such request of a file, and how many there are in all.
    static func headerlessNote(first: Renderer.HeaderlessRequest, count: Int, fileName: String) -> String {
        let part = first.part.map { " in \($0)" } ?? ""
        let more = count > 1 ? " (and \(count - 1) more)" : ""
        let why = first.isBarePayload ? "the definition is a bare payload" : "the definition sets none"
        let orElse = first.isBarePayload ? "or write a headers/payload envelope" : "or set them in the definition"
        return "\(fileName): note: no request headers\(part)\(more): \(why) and no option or configuration gives any, so the header "
            + "block is empty; give them with \(HelpText.list(HeaderOptions.flags)) (or headers: in .apns-lint.yml), \(orElse)"
    }
}

/// One stream's records as they are rendered: printed in order, under one heading, with one note at the end for
/// all its records without headers.
struct StreamPrinter: Sendable {
    let fileName: String
    let renderer: Renderer
    private var records = 0
    private var wroteAny = false
    /// The first record printed without headers, and how many were (not each one: a log may hold millions).
    private var firstHeaderless: Renderer.HeaderlessRequest?
    private var headerlessCount = 0

    init(fileName: String, renderer: Renderer) {
        self.fileName = fileName
        self.renderer = renderer
    }

    /// Renders a record's report, on the thread that linted it.
    func render(_ report: FileReport) -> RenderedInput {
        let output = renderer.render(report)
        let succeeded = if case .success = output { true } else { false }
        return RenderedInput(fileName: fileName, output: output, notes: [], headerless: succeeded ? renderer.headerlessRequests(in: report) : [])
    }

    /// Prints a run of records: what a record that cannot be rendered says goes to standard error after the records
    /// before it, so that a terminal shows it where it belongs.
    mutating func print(_ results: [RenderedInput], by printer: inout RequestPrinter) {
        var output: [UInt8] = []
        func flush() {
            printer.write(output, of: fileName, headingFirst: !wroteAny)
            if !output.isEmpty { wroteAny = true }
            output.removeAll()
        }
        for result in results {
            records += 1
            switch result.output {
            case .success(let bytes):
                output += bytes
                if firstHeaderless == nil { firstHeaderless = result.headerless.first }
                headerlessCount += result.headerless.count
            case .failure(let failure):
                flush()
                printer.fail(failure.messages)
            }
        }
        flush()
    }

    /// Ends the stream: an empty one holds nothing to render; records without headers get one note.
    func finish(by printer: inout RequestPrinter) {
        printer.countStream()
        if records == 0 {
            printer.fail([Renderer.noDefinitionMessage(fileName: fileName)])
        } else if let firstHeaderless {
            printError(RequestPrinter.headerlessNote(first: firstHeaderless, count: headerlessCount, fileName: fileName))
        }
    }
}

extension RenderCommand {
    /// --target's values with what each prints.
    static let targets = HelpText.list(DeliveryTarget.allCases) { target in
        switch target {
        case .apns: "the APNs payload"
        case .fcm: "the FCM v1 message a Skygear definition sends to Android"
        }
    }
}
