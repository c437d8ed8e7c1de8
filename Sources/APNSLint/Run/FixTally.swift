/// What `--fix` (or `--diff`) made of a run's fixes: each input's fixed text written atomically (or its diff kept), and
/// the fixes applied, held back and files changed counted over what was written.
public struct FixTally: Sendable {
    public enum Mode: Sendable {
        /// Write each changed file.
        case write
        /// Write nothing; keep a unified diff of every change.
        case diff
    }

    public let mode: Mode
    public private(set) var applied = 0
    public private(set) var heldBack = 0
    public private(set) var changedFiles = 0
    /// The unified diff of every change, in `diff` mode.
    public private(set) var diff: [UInt8] = []
    /// The reports of the inputs as they are now (a file that could not be written keeps its problems).
    public private(set) var reports: [FileReport] = []

    public init(mode: Mode) {
        self.mode = mode
    }

    /// Records one input's fixes: writes its file (`isFile`) when it changed, or adds its diff. Returns why the file
    /// could not be written; its report and counts are then left out.
    public mutating func record(_ result: FixResult, isFile: Bool) -> InputError? {
        let name = result.report.fileName
        switch mode {
        case .diff:
            diff += UnifiedDiff.make(from: result.original, to: result.fixed, path: name)
        case .write where isFile && result.changed:
            do { try Inputs.writeAtomically(result.fixed, to: name) } catch { return error }
        case .write:
            break
        }
        applied += result.applied
        heldBack += result.unsafeHeldBack
        if result.changed { changedFiles += 1 }
        reports.append(result.report)
        return nil
    }

    /// " (2 unsafe fixes held back; use --unsafe-fixes)", or nothing.
    public var heldBackNote: String {
        heldBack > 0 ? " (\(heldBack) unsafe \(heldBack == 1 ? "fix" : "fixes") held back; use --unsafe-fixes)" : ""
    }

    /// "Fixed 3 problems in 2 files."
    public var fixedLine: String {
        "Fixed \(applied) \(applied == 1 ? "problem" : "problems") in \(changedFiles) \(changedFiles == 1 ? "file" : "files")\(heldBackNote)."
    }

    /// "2 files would be changed by 3 fixes."
    public var wouldChangeLine: String {
        "\(changedFiles) \(changedFiles == 1 ? "file" : "files") would be changed by \(applied) \(applied == 1 ? "fix" : "fixes")\(heldBackNote)."
    }
}

extension FixResult {
    /// A warning about how fixing went (fixes that did not settle, a round rolled back), or nil.
    public var problemWarning: String? {
        let name = report.fileName
        switch problem {
        case .didNotConverge(let rounds)?: return "\(name): fixes did not settle after \(rounds) rounds; the result of the last round is kept"
        case .roundBrokeTheFile(let round)?: return "\(name): fix round \(round) made the file unreadable and was rolled back"
        case nil: return nil
        }
    }
}
