@testable import APNSLint
import Foundation
import Testing

/// `text` linted as `test.<fileExtension>`, with `headers` given outside it and `options`; with a `configuration`, as
/// `/project/test.<fileExtension>` under it (its overrides apply), `options` on top.
func lint(_ text: String, headers: [String: String] = [:], options: RuleOptions = RuleOptions(), fileExtension: String = "json",
          configuration: Configuration? = nil) -> FileReport {
    let name = "test.\(fileExtension)"
    let linter = configuration.map { Linter(configuration: $0.applying(Settings(options: options))) } ?? Linter(options: options)
    return linter.lint(text, fileName: name, format: InputFormat.detect(fileName: name)!, headers: headers.sorted { $0.key < $1.key }.map {
        HeaderOption(name: $0.key, value: $0.value, option: "--header \($0.key)")
    }, path: configuration == nil ? nil : "/project/\(name)")
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
