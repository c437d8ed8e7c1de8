import APNSLint
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Renders an input's (or a stream record's) report, on the thread that linted it, with the serializer its
    /// configuration (or --serializer) picks. A record's notes are not printed: a log may hold millions.
    func render(_ item: RunItem) -> RenderedInput {
        var renderer = renderer
        renderer.style = item.options.serializer
        let report = item.report
        let output = renderer.render(report)
        let succeeded = if case .success = output { true } else { false }
        return RenderedInput(fileName: report.fileName, output: output,
                             notes: succeeded && report.streamRecord == nil ? renderer.readingNotes(for: report) + renderer.defaultNotes(for: report) : [],
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
    private var records = 0
    private var wroteAny = false
    /// The first record printed without headers, and how many were (not each one: a log may hold millions).
    private var firstHeaderless: Renderer.HeaderlessRequest?
    private var headerlessCount = 0

    init(fileName: String) {
        self.fileName = fileName
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
