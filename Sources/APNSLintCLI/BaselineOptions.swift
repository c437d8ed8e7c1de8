import APNSLint
import ArgumentParser

/// `check --baseline FILE` and `--write-baseline FILE`: accept today's findings, fail only on new ones (see
/// docs/baseline.md).
struct BaselineOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Report only findings that are not in this baseline file; when it does not exist, write it with every current finding and exit 0.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Write every current finding to this baseline file (replacing it) and exit 0: a refresh after fixing or accepting findings.", valueName: "file"))
    var writeBaseline: String?

    func validate() throws {
        if baseline != nil && writeBaseline != nil {
            throw ValidationError("--baseline and --write-baseline cannot be combined: --write-baseline FILE refreshes the file --baseline FILE reads")
        }
    }

    /// What the run does with the baseline: nil without one.
    func state() throws -> BaselineState? {
        if let writeBaseline { return BaselineState(path: writeBaseline, baseline: Baseline(for: writeBaseline), writes: true) }
        guard let baseline else { return nil }
        if let read = try endingRunOnError({ () throws(InputError) in try Baseline.read(from: baseline) }) {
            return BaselineState(path: baseline, baseline: read, writes: false)
        }
        return BaselineState(path: baseline, baseline: Baseline(for: baseline), writes: true)
    }
}

/// A run's baseline: the one it filters with, or the one it records (every finding then counts as baselined).
final class BaselineState: @unchecked Sendable {
    let path: String
    /// Read on every thread, so never changed: what is recorded goes to `recorded`.
    let baseline: Baseline
    let writes: Bool
    private var recorded: [Baseline.Entry] = []

    init(path: String, baseline: Baseline, writes: Bool) {
        self.path = path
        self.baseline = baseline
        self.writes = writes
    }

    /// The report less what is baselined (every finding, when recording), and those findings' entries (any thread).
    func filter(_ report: FileReport) -> (FileReport, [Baseline.Entry]) {
        writes ? baseline.withoutFindings(report) : baseline.filter(report)
    }

    /// Records entries while recording (on the thread that adds reports).
    func record(_ entries: [Baseline.Entry]) {
        if writes { recorded += entries }
    }

    /// Writes the file when recording, and says so on standard error.
    func finish() throws {
        guard writes else { return }
        let written = Baseline(for: path, entries: Set(recorded))
        try endingRunOnError { () throws(InputError) in try written.write(to: path) }
        let count = written.entries.count
        printError("apns-lint: wrote the baseline '\(path)': \(count == 1 ? "1 finding" : "\(count) findings") recorded; later runs with --baseline '\(path)' report only new findings")
    }
}
