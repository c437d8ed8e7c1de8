// apns-lint-benchmark: how fast apns-lint is, as a program to run (never a timed test).
//
//     swift build -c release && swift run -c release apns-lint-benchmark [--quick] [--files N] [--large-mb N]
//
// Everything is measured in the same run, on a corpus generated in a temporary directory (removed afterwards):
// the library on a typical payload against Foundation's JSONSerialization on the same bytes, the CLI over many
// small files, the CLI's start-up on one file, and its time and peak memory on one large JSON file.
import APNSLint
import Foundation

struct Settings {
    var files = 10_000
    var largeMegabytes = 100
    var batchSeconds = 0.1
    var rounds = 9
    var cliRuns = 5
    var startupRuns = 15
    /// `--lint-only N`, `--parse-only N`: lint (or parse with JSONSerialization) the typical payload N times and
    /// stop, for a profiler such as callgrind.
    var lintOnly: Int?
    var parseOnly: Int?
    /// `--keep DIR`: write the corpus to DIR and keep it (to run apns-lint on it by hand or under a profiler).
    var keep: String?
    /// `--library`: only the library figures (lint and JSONSerialization, interleaved), then stop.
    var libraryOnly = false

    init(arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                (files, largeMegabytes, batchSeconds, rounds, cliRuns, startupRuns) = (1_000, 10, 0.02, 5, 3, 5)
            case "--files": files = rest.popFirst().flatMap { Int($0) } ?? files
            case "--large-mb": largeMegabytes = rest.popFirst().flatMap { Int($0) } ?? largeMegabytes
            case "--lint-only": lintOnly = rest.popFirst().flatMap { Int($0) } ?? 1
            case "--parse-only": parseOnly = rest.popFirst().flatMap { Int($0) } ?? 1
            case "--keep": keep = rest.popFirst()
            case "--library": libraryOnly = true
            case "-h", "--help":
                print("usage: apns-lint-benchmark [--quick] [--files N] [--large-mb N] [--keep DIR] [--library | --lint-only N | --parse-only N]")
                exit(0)
            default: fatal("unknown argument '\(argument)' (try --help)")
            }
        }
    }
}

let settings = Settings(arguments: Array(CommandLine.arguments.dropFirst()))
let cli = executableDirectory() + "/apns-lint"
guard FileManager.default.isExecutableFile(atPath: cli) else {
    fatal("\(cli) is missing: build it first (swift build -c release), then run swift run -c release apns-lint-benchmark")
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data(("… " + message + "\n").utf8))
}

// MARK: Library: lint of a typical payload vs. JSONSerialization on the same bytes

progress("library: lint vs. JSONSerialization on a \(Corpus.typicalPayload.utf8.count)-byte payload")
let payloadBytes = Array(Corpus.typicalPayload.utf8)
let payloadData = Data(payloadBytes)
let headers = ["apns-push-type": "alert", "apns-topic": "com.example.shop"]
// One linter for every call, as a server holds one; the call a server makes before it sends a request body.
let linter = Linter()
func lintPayload() -> FileReport {
    linter.lint(payload: payloadData, headers: headers)
}
guard lintPayload().diagnostics.isEmpty else {
    fatal("the typical payload should lint clean, but: \(lintPayload().diagnostics.map(\.message))")
}
func parsePayload() -> Int {
    // swiftlint:disable:next force_try
    (try! JSONSerialization.jsonObject(with: payloadData) as? [String: Any])?.count ?? 0
}
if let count = settings.lintOnly {
    print("\((0..<count).reduce(0) { total, _ in total + lintPayload().diagnostics.count }) findings in \(count) lints")
    exit(0)
}
if let count = settings.parseOnly {
    print("\((0..<count).reduce(0) { total, _ in total + parsePayload() }) keys in \(count) parses")
    exit(0)
}
var lint = Sampler("lint") { lintPayload().diagnostics.count + 1 }
var parse = Sampler("parse") { parsePayload() }
lint.calibrate(batchSeconds: settings.batchSeconds)
parse.calibrate(batchSeconds: settings.batchSeconds)
for _ in 0..<settings.rounds {
    // Interleaved, so both see the same machine.
    lint.sample()
    parse.sample()
}
let lintRatio = lint.secondsPerCall / parse.secondsPerCall
if settings.libraryOnly {
    print("lint \(format(lint.secondsPerCall * 1e6, 2)) µs, JSONSerialization \(format(parse.secondsPerCall * 1e6, 2)) µs, ratio \(format(lintRatio, 2))")
    exit(0)
}

// MARK: Corpus

let directory = settings.keep ?? FileManager.default.temporaryDirectory
    .appendingPathComponent("apns-lint-benchmark-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
defer { if settings.keep == nil { try? FileManager.default.removeItem(atPath: directory) } }
let corpusDirectory = directory + "/definitions"
progress("writing \(settings.files) definition files under \(corpusDirectory)")
var corpusBytes = 0
var badFiles = 0
var mistakes: [String] = []
var oneFile = ""
for index in 0..<settings.files {
    let file = Corpus.file(index)
    let folder = corpusDirectory + "/team-\(index / 100)"
    if index % 100 == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    let path = folder + "/push-\(index).\(file.fileExtension)"
    let bytes = Data(file.text.utf8)
    try bytes.write(to: URL(fileURLWithPath: path))
    corpusBytes += bytes.count
    if oneFile.isEmpty, file.expectedRule == nil { oneFile = path }
    // The corpus is what it claims: good files lint clean, each bad one breaks its rule.
    let report = Linter().lint(SourceText(bytes: Array(file.text.utf8)), fileName: path,
                               format: file.fileExtension == "yaml" ? .yaml : .json)
    let found = Set(report.diagnostics.map(\.ruleID))
    if let rule = file.expectedRule {
        badFiles += 1
        if !found.contains(rule) { mistakes.append("\(path): expected \(rule), found \(found.sorted())") }
    } else if !found.isEmpty {
        mistakes.append("\(path): expected no finding, found \(found.sorted())")
    }
}
guard mistakes.isEmpty else { fatal("the corpus is not as intended:\n" + mistakes.prefix(10).joined(separator: "\n")) }

// MARK: CLI over many small files

progress("CLI: apns-lint check over \(settings.files) files, \(settings.cliRuns) runs after a warm-up")
_ = runChild(cli, ["check", corpusDirectory])
var corpusRuns: [ChildRun] = []
for _ in 0..<settings.cliRuns {
    let run = runChild(cli, ["check", corpusDirectory])
    guard run.exitCode == 1 else { fatal("apns-lint check over the corpus exited \(run.exitCode), expected 1 (some files are bad)") }
    corpusRuns.append(run)
}
let corpusSeconds = median(corpusRuns.map(\.seconds))

// MARK: Start-up on one file

progress("CLI: start-up on one file, \(settings.startupRuns) runs")
var startupRuns: [Double] = []
for _ in 0..<settings.startupRuns {
    let run = runChild(cli, ["check", oneFile])
    guard run.exitCode == 0 else { fatal("apns-lint check \(oneFile) exited \(run.exitCode), expected 0") }
    startupRuns.append(run.seconds)
}
let startupSeconds = median(startupRuns)

// MARK: One large JSON file

progress("CLI: one \(settings.largeMegabytes) MB JSON file")
let largePath = directory + "/large.json"
let large = Corpus.largeJSON(megabytes: settings.largeMegabytes)
try Data(large).write(to: URL(fileURLWithPath: largePath))
let largeRun = runChild(cli, ["check", largePath])
guard largeRun.exitCode == 0 || largeRun.exitCode == 1 else { fatal("apns-lint check on the large file exited \(largeRun.exitCode)") }

// MARK: Report

func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
func grouped(_ value: Double) -> String {
    let text = String(Int(value.rounded()))
    var result = ""
    for (offset, character) in text.reversed().enumerated() {
        if offset > 0, offset % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return String(result.reversed())
}
func row(_ what: String, _ figure: String, _ target: String = "", _ met: Bool? = nil) {
    row(what, figure, target, met.map { $0 ? "yes" : "NO" } ?? "")
}
func row(_ what: String, _ figure: String, _ target: String, _ mark: String) {
    print(what.padding(toLength: 46, withPad: " ", startingAt: 0) + figure.padding(toLength: 40, withPad: " ", startingAt: 0)
        + target.padding(toLength: 10, withPad: " ", startingAt: 0) + mark)
}

let megabytes = Double(corpusBytes) / 1_000_000
let cores = ProcessInfo.processInfo.activeProcessorCount
print("apns-lint benchmark: release build, \(cores) cores, \(settings.rounds) interleaved rounds; CLI figures are medians")
row("measure", "figure", "target", "met")
row("lint, \(payloadBytes.count)-byte alert payload (library)",
    "\(grouped(1 / lint.secondsPerCall))/s (\(format(lint.secondsPerCall * 1e6, 2)) µs)")
row("JSONSerialization.jsonObject, same bytes",
    "\(grouped(1 / parse.secondsPerCall))/s (\(format(parse.secondsPerCall * 1e6, 2)) µs)")
row("lint time / parse time", format(lintRatio, 2), "≤ 1.0", lintRatio <= 1.0)
row("CLI check, \(grouped(Double(settings.files))) files (\(badFiles) bad, \(format(megabytes, 1)) MB)",
    "\(format(corpusSeconds, 3)) s, \(grouped(Double(settings.files) / corpusSeconds)) files/s, \(format(megabytes / corpusSeconds, 1)) MB/s",
    "< 1 s", settings.files == 10_000 ? corpusSeconds < 1 : Bool?.none)
row("CLI start-up, one file (median of \(settings.startupRuns))", "\(format(startupSeconds * 1000, 1)) ms", "< 30 ms", startupSeconds < 0.030)
row("CLI check, one \(format(Double(large.count) / 1_000_000, 0)) MB JSON file",
    "\(format(largeRun.seconds, 2)) s, peak RSS \(format(Double(largeRun.maxResidentBytes) / 1_048_576, 0)) MiB")
