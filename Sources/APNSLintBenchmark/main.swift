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
    var logLines = 1_000_000
    /// `--static PATH`: also measure the start-up of this build of apns-lint (scripts/install's, linked statically).
    var staticCLI: String?
    /// `--parse-file PATH`: parse PATH with JSONSerialization and stop (the baseline of the large file, run as a child
    /// so its peak memory is its own).
    var parseFile: String?
    var batchSeconds = 0.1
    var rounds = 9
    var cliRuns = 5
    /// Runs of each of `--jobs 1` and all cores on the many files: their ratio is a few percent from the target, and a
    /// shared VM's noise moves single runs by more.
    var fileRuns = 15
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
                (files, largeMegabytes, logLines, batchSeconds, rounds, cliRuns, fileRuns, startupRuns) = (1_000, 10, 100_000, 0.02, 5, 3, 3, 5)
            case "--files": files = rest.popFirst().flatMap { Int($0) } ?? files
            case "--log-lines": logLines = rest.popFirst().flatMap { Int($0) } ?? logLines
            case "--static": staticCLI = rest.popFirst()
            case "--parse-file": parseFile = rest.popFirst()
            case "--large-mb": largeMegabytes = rest.popFirst().flatMap { Int($0) } ?? largeMegabytes
            case "--lint-only": lintOnly = rest.popFirst().flatMap { Int($0) } ?? 1
            case "--parse-only": parseOnly = rest.popFirst().flatMap { Int($0) } ?? 1
            case "--keep": keep = rest.popFirst()
            case "--library": libraryOnly = true
            case "-h", "--help":
                print("usage: apns-lint-benchmark [--quick] [--files N] [--log-lines N] [--large-mb N] [--static PATH] [--keep DIR] [--library | --lint-only N | --parse-only N]")
                exit(0)
            default: fatal("unknown argument '\(argument)' (try --help)")
            }
        }
    }
}

let settings = Settings(arguments: Array(CommandLine.arguments.dropFirst()))
if let path = settings.parseFile {
    // swiftlint:disable:next force_try
    let object = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
    print((object as? [Any])?.count ?? (object as? [String: Any])?.count ?? 0)
    exit(0)
}
let cli = executableDirectory() + "/apns-lint"
guard FileManager.default.isExecutableFile(atPath: cli) else {
    fatal("\(cli) is missing: build it first (swift build -c release), then run swift run -c release apns-lint-benchmark")
}

func progress(_ message: String) {
    FileHandle.standardError.write(Data(("… " + message + "\n").utf8))
}

/// Writes what the benchmark wrote out to the disk before anything is timed: the kernel otherwise writes the fresh
/// files back during the runs (the log and its double are 700 MB), and the runs share the disk and a core with that.
func settleWrites() {
    sync()
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
settleWrites()

// MARK: CLI over many small files: one core, then all

progress("CLI: apns-lint check over \(settings.files) files, --jobs 1 and all cores, \(settings.fileRuns) runs each after a warm-up")
let cores = ProcessInfo.processInfo.activeProcessorCount
// Every run's report is read through a pipe and compared with the first --jobs 1 run's, byte for byte.
let referenceOutput = runChildReadingOutput(cli, ["check", "--jobs", "1", corpusDirectory]).output
var sameOutput = !referenceOutput.isEmpty
var oneCoreRuns: [Double] = [], allCoreRuns: [Double] = []
// The static build (what scripts/install installs), when given: the same runs, interleaved with this build's.
var staticOneCoreRuns: [Double] = [], staticAllCoreRuns: [Double] = []
if let staticCLI = settings.staticCLI { _ = runChildReadingOutput(staticCLI, ["check", corpusDirectory]) }
for _ in 0..<settings.fileRuns {
    // Interleaved, so both see the same machine.
    for jobs in [["--jobs", "1"], []] {
        let run = runChildReadingOutput(cli, ["check"] + jobs + [corpusDirectory])
        guard run.exitCode == 1 else { fatal("apns-lint check \(jobs.joined(separator: " ")) over the corpus exited \(run.exitCode), expected 1 (some files are bad)") }
        sameOutput = sameOutput && run.output == referenceOutput
        if jobs.isEmpty { allCoreRuns.append(run.seconds) } else { oneCoreRuns.append(run.seconds) }
        if let staticCLI = settings.staticCLI {
            let run = runChildReadingOutput(staticCLI, ["check"] + jobs + [corpusDirectory])
            sameOutput = sameOutput && run.output == referenceOutput
            if jobs.isEmpty { staticAllCoreRuns.append(run.seconds) } else { staticOneCoreRuns.append(run.seconds) }
        }
    }
}
let oneCoreSeconds = median(oneCoreRuns), allCoresSeconds = median(allCoreRuns)

// MARK: Start-up on one file, against /bin/true

progress("CLI: start-up on one file, \(settings.startupRuns) runs, and /bin/true")
func startup(_ executable: String, _ arguments: [String]) -> Double {
    _ = runChild(executable, arguments)
    return median((0..<settings.startupRuns).map { _ in
        let run = runChild(executable, arguments)
        guard run.exitCode == 0 else { fatal("\(executable) \(arguments.joined(separator: " ")) exited \(run.exitCode), expected 0") }
        return run.seconds
    })
}
let trueSeconds = startup("/bin/true", [])
let startupSeconds = startup(cli, ["check", oneFile])
let staticStartupSeconds = settings.staticCLI.map { startup($0, ["check", oneFile]) }

// MARK: A send log in JSON Lines, and the same log twice over

progress("writing a send log of \(settings.logLines) lines (JSON Lines), and the same log twice over")
let logPath = directory + "/send-log.jsonl", doubledPath = directory + "/send-log-twice.jsonl"
var logBytes = 0
var logMistakes = 0
do {
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    guard let handle = FileHandle(forWritingAtPath: logPath) else { fatal("cannot write \(logPath)") }
    var chunk = ""
    for index in 0..<settings.logLines {
        chunk += Corpus.logLine(index) + "\n"
        if Corpus.logMistakeRule(index) != nil { logMistakes += 1 }
        if chunk.utf8.count > 1 << 20 || index == settings.logLines - 1 {
            handle.write(Data(chunk.utf8))
            logBytes += chunk.utf8.count
            chunk = ""
        }
    }
    try handle.close()
    // The log twice over, copied a megabyte at a time.
    _ = FileManager.default.createFile(atPath: doubledPath, contents: nil)
    guard let doubled = FileHandle(forWritingAtPath: doubledPath) else { fatal("cannot write \(doubledPath)") }
    for _ in 0..<2 {
        guard let source = FileHandle(forReadingAtPath: logPath) else { fatal("cannot read \(logPath)") }
        while case let block = source.readData(ofLength: 1 << 20), !block.isEmpty { doubled.write(block) }
        try source.close()
    }
    try doubled.close()
}
// The log is what it claims: the library finds each mistake (on a sample, in-process).
for index in 0..<min(settings.logLines, 2_000) {
    let found = Set(Linter().lint(Corpus.logLine(index), fileName: "log").diagnostics.map(\.ruleID))
    let expected = Corpus.logMistakeRule(index).map { Set([$0]) } ?? []
    guard found.isSuperset(of: expected), Corpus.logMistakeRule(index) != nil || found.isEmpty else {
        fatal("log line \(index) should find \(expected.sorted()), found \(found.sorted()): \(Corpus.logLine(index))")
    }
}
settleWrites()
progress("CLI: apns-lint check on the log (\(format(Double(logBytes) / 1_048_576, 0)) MiB), then on the log twice over")
let logRuns = (0..<max(1, settings.cliRuns / 2)).map { _ in runChild(cli, ["check", "--format", "concise", logPath]) }
guard logRuns.allSatisfy({ $0.exitCode == 1 }) else { fatal("apns-lint check on the log exited \(logRuns.map(\.exitCode)), expected 1") }
let logSeconds = median(logRuns.map(\.seconds))
let logPeak = logRuns.map(\.maxResidentBytes).max()!
let doubledRun = runChild(cli, ["check", "--format", "concise", doubledPath])
guard doubledRun.exitCode == 1 else { fatal("apns-lint check on the doubled log exited \(doubledRun.exitCode), expected 1") }
let jq = ["/usr/bin/jq", "/usr/local/bin/jq", "/opt/homebrew/bin/jq"].first { FileManager.default.isExecutableFile(atPath: $0) }
let jqLogRun = jq.map { runChild($0, ["empty", logPath]) }

// MARK: One large JSON file, against JSONSerialization (and jq) on the same bytes

progress("CLI: one \(settings.largeMegabytes) MB JSON file; JSONSerialization and jq on the same bytes")
let largePath = directory + "/large.json"
_ = FileManager.default.createFile(atPath: largePath, contents: nil)
guard let largeHandle = FileHandle(forWritingAtPath: largePath) else { fatal("cannot write \(largePath)") }
let largeBytes = Corpus.writeLargeJSON(megabytes: settings.largeMegabytes) { largeHandle.write(Data($0)) }
try largeHandle.close()
settleWrites()
let largeRun = runChild(cli, ["check", largePath])
guard largeRun.exitCode == 0 || largeRun.exitCode == 1 else { fatal("apns-lint check on the large file exited \(largeRun.exitCode)") }
let foundationRun = runChild(CommandLine.arguments[0], ["--parse-file", largePath])
guard foundationRun.exitCode == 0 else { fatal("JSONSerialization on the large file exited \(foundationRun.exitCode)") }
let jqLargeRun = jq.map { runChild($0, ["empty", largePath]) }

// MARK: In-process baselines, last: what this process holds would count in its children's peak memory

progress("baseline: JSONSerialization on each line of the log")
let logParseSeconds: Double = {
    let sample = (0..<min(settings.logLines, 50_000)).map { Data(Corpus.logLine($0).utf8) }
    let start = now()
    var keys = 0
    for line in sample {
        // swiftlint:disable:next force_try
        keys += (try! JSONSerialization.jsonObject(with: line) as? [String: Any])?.count ?? 0
    }
    guard keys > 0 else { fatal("JSONSerialization read no keys") }
    return (now() - start) / Double(sample.count)
}()

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
func mebibytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, 0) + " MiB" }
func row(_ what: String, _ figure: String, _ target: String = "", _ met: Bool? = nil) {
    row(what, figure, target, met.map { $0 ? "yes" : "NO" } ?? "")
}
func row(_ what: String, _ figure: String, _ target: String, _ mark: String) {
    print(what.padding(toLength: 50, withPad: " ", startingAt: 0) + figure.padding(toLength: 48, withPad: " ", startingAt: 0)
        + target.padding(toLength: 14, withPad: " ", startingAt: 0) + mark)
}
/// Targets are for the full-size run only (`--quick` prints the figures without them).
let fullSize = settings.files >= 10_000 && settings.logLines >= 1_000_000 && settings.largeMegabytes >= 100

let megabytes = Double(corpusBytes) / 1_000_000
print("apns-lint benchmark: release build, \(cores) cores, \(settings.rounds) interleaved rounds; CLI figures are medians")
row("measure", "figure", "target", "met" as String)
row("lint, \(payloadBytes.count)-byte alert payload (library)",
    "\(grouped(1 / lint.secondsPerCall))/s (\(format(lint.secondsPerCall * 1e6, 2)) µs)")
row("JSONSerialization.jsonObject, same bytes",
    "\(grouped(1 / parse.secondsPerCall))/s (\(format(parse.secondsPerCall * 1e6, 2)) µs)")
row("  lint time / parse time", format(lintRatio, 2), "≤ 1.0", lintRatio <= 1.0)

let speedUp = oneCoreSeconds / allCoresSeconds
row("check \(grouped(Double(settings.files))) files (\(badFiles) bad, \(format(megabytes, 1)) MB), --jobs 1",
    "\(format(oneCoreSeconds, 3)) s, \(grouped(Double(settings.files) / oneCoreSeconds)) files/s")
row("  the same, all \(cores) cores (default)",
    "\(format(allCoresSeconds, 3)) s, \(grouped(Double(settings.files) / allCoresSeconds)) files/s", "< 1 s", fullSize ? allCoresSeconds < 1 : nil)
row("  speed-up, all cores / one", format(speedUp, 2) + "×", cores >= 2 ? "≥ 1.8×" : "", cores >= 2 && fullSize ? speedUp >= 1.8 : nil)
row("  output of every run = the first --jobs 1 run's", sameOutput ? "byte-identical" : "DIFFERENT", "identical", sameOutput)
if !staticOneCoreRuns.isEmpty {
    let one = median(staticOneCoreRuns), all = median(staticAllCoreRuns)
    row("  static build (--static): --jobs 1 / all cores", "\(format(one, 3)) s / \(format(all, 3)) s: \(format(one / all, 2))×",
        cores >= 2 ? "≥ 1.8×" : "", cores >= 2 && fullSize ? one / all >= 1.8 : nil)
}

row("start-up: /bin/true (median of \(settings.startupRuns))", "\(format(trueSeconds * 1000, 1)) ms")
row("  check one file, this build", "\(format(startupSeconds * 1000, 1)) ms (\(format(startupSeconds / trueSeconds, 1))× /bin/true)",
    "< 10 ms", startupSeconds < 0.010)
if let staticStartupSeconds {
    row("  check one file, static build (--static)",
        "\(format(staticStartupSeconds * 1000, 1)) ms (\(format(staticStartupSeconds / trueSeconds, 1))× /bin/true)", "< 10 ms", staticStartupSeconds < 0.010)
}

let logRate = Double(settings.logLines) / logSeconds
row("check a \(grouped(Double(settings.logLines)))-line JSON Lines log (\(mebibytes(logBytes)))",
    "\(format(logSeconds, 2)) s, \(grouped(logRate)) payloads/s", "≥ 300,000/s", fullSize ? logRate >= 300_000 : nil)
row("  JSONSerialization on each line (1 thread)", "\(grouped(1 / logParseSeconds)) lines/s; lint / parse \(format(logRate * logParseSeconds, 2))×")
if let jqLogRun {
    row("  jq empty on the log", "\(format(jqLogRun.seconds, 2)) s; lint time / jq time \(format(logSeconds / jqLogRun.seconds, 2))")
}
row("  peak memory", mebibytes(logPeak), "< 150 MiB", logPeak < 150 << 20)
row("  peak memory, the log twice over (\(mebibytes(2 * logBytes)))",
    "\(mebibytes(doubledRun.maxResidentBytes)) (\(format(Double(doubledRun.maxResidentBytes) / Double(logPeak), 2))× one log)",
    "same peak", Double(doubledRun.maxResidentBytes) <= Double(logPeak) * 1.1)

let largeRatio = Double(largeRun.maxResidentBytes) / Double(largeBytes)
row("check one \(format(Double(largeBytes) / 1_000_000, 0)) MB JSON file",
    "\(format(largeRun.seconds, 2)) s, peak \(mebibytes(largeRun.maxResidentBytes)) (\(format(largeRatio, 2))× input)",
    "peak ≤ 2×", largeRatio <= 2)
row("  JSONSerialization, same bytes (a child)",
    "\(format(foundationRun.seconds, 2)) s, peak \(mebibytes(foundationRun.maxResidentBytes)); lint / parse \(format(largeRun.seconds / foundationRun.seconds, 2))×")
if let jqLargeRun {
    let jqRatio = largeRun.seconds / jqLargeRun.seconds
    row("  jq empty, same bytes", "\(format(jqLargeRun.seconds, 2)) s, peak \(mebibytes(jqLargeRun.maxResidentBytes)); lint / jq \(format(jqRatio, 2))×",
        "≤ 0.25×", jqRatio <= 0.25)
}
