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
        abstract: "Print the request each definition in a file produces: the payload exactly as it goes on the wire.",
        discussion: """
            Each definition's payload is printed as the bytes a sender puts on the wire (compact UTF-8 JSON, \
            the bytes payload-too-large counts), followed by a newline: one line per YAML document, and for an \
            Erlang term the request its library builds. --pretty indents it for people (that is not what is \
            sent). --headers prints :path and the apns-* header lines first, then an empty line. --target fcm \
            prints the FCM v1 request a Skygear definition sends to Android, {"message": {...}}, instead.

            A definition in a library's format (node-apn, ADCK, apns_json) is printed as that library sends it: \
            its keys, its numbers, its escapes, byte for byte (--serializer does not apply to it). --dialect \
            says which format, as on check.

            A file with syntax errors is not rendered: its errors go to standard error and the exit code is 1. \
            An unreadable path exits 2. A JSON Lines file (.jsonl, .ndjson, or - with --stdin-filename x.jsonl), \
            and a YAML file of 8 MiB or more, is read a record at a time, and each record's request printed in \
            order; a record that cannot be rendered is reported with its position or number, the others are \
            still printed, and the exit code is 1.
            """)

    @Argument(help: "The definition file, or - for standard input.")
    var file: String

    @Option(help: ArgumentHelp("The name to show for standard input (its extension picks the format; without one, the content does).", valueName: "name"))
    var stdinFilename: String?

    @Flag(help: "Indent the payload for people (2 spaces); not the bytes that are sent.")
    var pretty = false

    @Flag(help: "Print :path and the request headers before each payload.")
    var headers = false

    @Option(help: ArgumentHelp("Which request to print: \(RenderCommand.targets).", valueName: "target"))
    var target: DeliveryTarget = .apns

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

    @OptionGroup(title: "Configuration (headers by path, serializer)")
    var configuration: ConfigurationOptions

    func validate() throws {
        if stdinFilename != nil, file != "-" {
            throw ValidationError("--stdin-filename names standard input; pass - as the file to read it")
        }
        if headers, target == .fcm {
            throw ValidationError("--headers prints the APNs request headers; an FCM message has none (drop --headers or use --target apns)")
        }
    }

    func run() throws {
        let name = file == "-" ? stdinFilename ?? "<stdin>" : file
        let workspace = configuration.workspace(commandLine: Settings(serializer: serializer, dialect: dialect))
        let linter = try endingRunOnError { () throws(ConfigurationError) in try workspace.linter(for: name) }
        let path = file == "-" && stdinFilename == nil ? nil : workspace.absolutePath(name)
        let renderer = Renderer(style: linter.options(for: path).serializer, pretty: pretty, includeHeaders: headers, target: target)
        let fixing = fix || unsafeFixes ? FixOptions(includeUnsafe: unsafeFixes) : nil
        let role = input.role
        let named = file == "-" ? nil : InputFile.named(file)
        if let stream = named.map(\.stream) ?? stdinFilename.flatMap(StreamKind.detect(fileName:)) {
            try renderStream(stream, named: named, name: name, linter: linter, path: path, in: workspace, renderer: renderer, fixing: fixing)
            return
        }
        let bytes: [UInt8]
        if file == "-" {
            bytes = try StandardStreams.readInput(name: name)
        } else {
            bytes = try endingRunOnError { () throws(InputError) in try Inputs.readFile(file) }
        }
        let format = named?.format ?? standardInputFormat(bytes, stdinFilename: stdinFilename)
        let report = fixing.map { options in
            linter.fix(SourceText(bytes: bytes), fileName: name, format: format, path: path, options: options, role: role).report
        } ?? linter.lint(SourceText(bytes: bytes), fileName: name, format: format, path: path, role: role)
        switch renderer.render(report) {
        case .success(let output):
            StandardStreams.write(output, to: STDOUT_FILENO)
            for note in renderer.defaultNotes(for: report) { printError(note) }
        case .failure(let failure):
            for message in failure.messages { printError(message) }
            throw ExitCode(1)
        }
    }

    /// A stream (JSON Lines, a large YAML file) a batch of records at a time: each record's request as it is rendered,
    /// in order; a record that cannot be rendered is reported with its number and the rest go on (exit 1 at the end).
    private func renderStream(_ kind: StreamKind, named: InputFile?, name: String, linter: Linter, path: String?, in workspace: Workspace,
                              renderer: Renderer, fixing: FixOptions?) throws {
        var records = 0
        var failed = false
        func consume(_ results: [Result<[UInt8], Renderer.Failure>]) {
            var output: [UInt8] = []
            for result in results {
                records += 1
                switch result {
                case .success(let bytes):
                    output += bytes
                case .failure(let failure):
                    // What came before goes out first, so that a terminal shows the messages where they belong.
                    StandardStreams.write(output, to: STDOUT_FILENO)
                    output.removeAll()
                    for message in failure.messages { printError(message) }
                    failed = true
                }
            }
            StandardStreams.write(output, to: STDOUT_FILENO)
        }
        // What can be thrown here: the stream cannot be read (InputError), or its configuration cannot.
        try endingRunOnError { () throws in
            if let named {
                _ = try workspace.lint(stream: named, kind: kind, role: input.role, fixing: fixing, transform: { renderer.render($0) },
                                       consume: consume)
            } else {
                var reader = RecordReader(descriptor: STDIN_FILENO, path: name, kind: kind)
                try linter.lint(stream: &reader, kind: kind, fileName: name, path: path, role: input.role, fixing: fixing,
                                transform: { renderer.render($0) }, consume: consume)
            }
        }
        if records == 0 {
            printError(Renderer.noDefinitionMessage(fileName: name))
            failed = true
        }
        if failed { throw ExitCode(1) }
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
