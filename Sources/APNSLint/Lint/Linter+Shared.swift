// The facade's reference-count workarounds, in one place. When several threads lint, each file's lint counts
// references to its linter, the linter's settings and their parts; two threads counting the same objects pass their
// cache line from core to core (perf: a tenth of a 10,000-file run). So a linter keeps what never changes behind one
// reference (`Linter.Shared`), each worker thread lints with copies of its own (`unshared`), and a table of linters
// lends each file its linter rather than copying it (`LinterTable`). (`Parallel` gives each worker its own state for
// the same reason, and `ReportWriter.Prepared` hands a report over as one reference.)

extension Linter {
    final class Shared: Sendable {
        let rules: [any Rule.Type]
        let configuration: Configuration
        let commonSettings: ResolvedSettings
        let ruleIDs: [String]

        init(configuration: Configuration, rules: [any Rule.Type]) {
            self.rules = rules
            self.configuration = configuration
            commonSettings = ResolvedSettings(configuration.settings(for: nil), rules: rules, ignore: [])
            ruleIDs = rules.map { $0.id }
        }

        init(copying other: Shared) {
            rules = other.rules
            configuration = other.configuration
            commonSettings = other.commonSettings.with(options: other.commonSettings.options)
            ruleIDs = other.ruleIDs
        }
    }

    /// The same linter behind references of its own, for one worker thread: each file's lint counts a reference to
    /// the linter and to its settings, and two threads counting the same ones passed their cache line back and forth
    /// (`perf probe` on `swift_retain`: the three objects both workers counted, twice for every file).
    func unshared() -> Linter {
        var copy = self
        copy.shared = Shared(copying: shared)
        return copy
    }
}

/// The linter of each file of a list: the few distinct linters (one per configuration, most often one for all) and
/// which one each file takes. Not a linter per file: copying a linter ten thousand times was a tenth of a 10,000-file
/// run's serial part (perf).
struct LinterTable: Sendable {
    private let linters: [Linter]
    /// For each file, its entry in `linters`; empty when there is one linter for all.
    private let choice: [Int32]

    init(_ linter: Linter) {
        linters = [linter]
        choice = []
    }

    init(linters: [Linter], choice: [Int32]) {
        self.linters = linters
        self.choice = linters.count == 1 ? [] : choice
    }

    /// The same linters behind references of their own (`Linter.unshared`), for one worker thread.
    func unshared() -> LinterTable {
        LinterTable(linters: linters.map { $0.unshared() }, choice: choice)
    }

    /// The linter of file `file`, lent rather than copied.
    subscript(file: Int) -> Linter {
        _read { yield linters[choice.isEmpty ? 0 : Int(choice[file])] }
    }
}
