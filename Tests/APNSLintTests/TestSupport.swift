import APNSLint
import Foundation
import Testing

func lint(_ text: String, headers: [String: String] = [:], options: RuleOptions = RuleOptions(), fileExtension: String = "json") -> FileReport {
    Linter(options: options).lint(text, fileName: "test.\(fileExtension)", format: InputFormat.detect(fileName: "test.\(fileExtension)")!, headers: headers.sorted { $0.key < $1.key }.map {
        HeaderOption(name: $0.key, value: $0.value, option: "--header \($0.key)")
    })
}

extension FileReport {
    /// `rule@line:column` for each diagnostic, in order; `rule@-` when it has no range.
    var summary: [String] {
        diagnostics.map { diagnostic in
            diagnostic.range.map { "\(diagnostic.ruleID)@\(source.position(of: $0.start))" } ?? "\(diagnostic.ruleID)@-"
        }
    }

    var ruleIDs: [String] { diagnostics.map(\.ruleID) }
}

extension RuleOptions {
    /// Options with payload-near-limit's `share` set, as `--near-limit-share` sets it.
    init(nearLimitShare: Double, serializer: WireSerializer.Style = .compact) {
        self.init(serializer: serializer, ruleValues: ["payload-near-limit": ["share": nearLimitShare]])
    }
}

extension Result {
    /// The error of a failed result (`Renderer.render`), or nil.
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
