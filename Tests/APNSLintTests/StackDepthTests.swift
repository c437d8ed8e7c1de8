import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

@Suite("Deep nesting on a small stack")
struct StackDepthTests {
    @Test(arguments: ["json", "yaml"])
    func maximumNestingIsLintedOnA512KBStack(_ format: String) {
        let depth = 511
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let text = format == "json" ? #"{"aps": {"alert": "Hi"}, "deep": "# + nested + "}" : "aps: {alert: Hi}\ndeep: " + nested + "\n"
        let result = LockedBox<[String]>()
        onSmallStack {
            let report = Linter().lint(text, fileName: "deep.\(format)", format: InputFormat.detect(fileName: "deep.\(format)")!)
            result.set(report.diagnostics.map(\.ruleID))
        }
        #expect(result.value == [])
    }

    @Test(arguments: ["json", "yaml"])
    func tooDeepIsReportedOnA512KBStack(_ format: String) {
        let text = String(repeating: format == "json" ? #"{"a":"# : "[", count: 100_000)
        let result = LockedBox<[String]>()
        onSmallStack {
            let report = Linter().lint(text, fileName: "deep.\(format)", format: InputFormat.detect(fileName: "deep.\(format)")!)
            result.set(report.diagnostics.map { "\($0.ruleID)@\(report.source.position(of: $0.range!.start))" })
        }
        #expect(result.value == (format == "json" ? ["invalid-json@1:2561"] : ["invalid-yaml@1:513"]))
    }
}

final class LockedBox<Value>: @unchecked Sendable {
    private var stored: Value?
    private let lock = NSLock()
    func set(_ value: Value) { lock.lock(); stored = value; lock.unlock() }
    var value: Value? { lock.lock(); defer { lock.unlock() }; return stored }
}
