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
        let standardInput = paths.contains("-") ? try readStandardInput(named: stdinFilename) : nil
        if files.isEmpty && standardInput == nil && inputErrors.isEmpty { try discovery.nothingFound(in: paths) }
        // One file named alone prints as it always did; any more (or a directory's files) are told apart by headings.
        var printer = RequestPrinter(headed: paths.count > 1 || files.contains { $0.origin != .named }, renderer:
            Renderer(pretty: pretty, includeHeaders: headers, target: target))
        var failures = inputErrors
        let job: RunJob = fix || unsafeFixes ? .fix(FixOptions(includeUnsafe: unsafeFixes)) : .lint
        let inputs = files.map(Input.file) + (standardInput.map { [.standardInput($0)] } ?? [])
        // The records of the stream being rendered, if one is.
        var stream: StreamPrinter?
        let base = printer
        let skipped = try endingRunOnError {
            try workspace.run(inputs, headers: requestHeaders.headerOptions, role: input.role, job: job, transform: { base.render($0) }) { event in
                switch event {
                case .values:
                    let failed = failures.count
                    let values = event.batch(failures: &failures) ?? []
                    guard stream != nil else {
                        for rendered in values { printer.print(rendered) }
                        return
                    }
                    stream!.print(values, by: &printer)
                    // A stream that cannot be read on stops there.
                    if failures.count > failed { stream = nil }
                case .streamStarted(let name): stream = StreamPrinter(fileName: name)
                case .streamEnded:
                    stream?.finish(by: &printer)
                    stream = nil
                }
            }
        }
        for failure in failures { printError("apns-lint: error: \(failure)") }
        if printer.inputs == 0 && failures.isEmpty { try discovery.nothingLinted(in: paths, skipped: skipped) }
        if !failures.isEmpty { throw ExitCode(2) }
        if printer.failed { throw ExitCode(1) }
    }
}

extension RenderCommand {
    /// --target's values with what each prints.
    static let targets = HelpText.list(DeliveryTarget.allCases) { target in
        switch target {
        case .apns: "the APNs payload"
        case .fcm: "the FCM v1 message an FCM request sends, or a Skygear definition sends to Android"
        }
    }
}
