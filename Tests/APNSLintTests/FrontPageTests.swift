import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// Issue 38: the README's opening names as what APNs rejects only what the rules call errors, and says the warnings
/// are warnings. Each mistake it names is linted here, so the sentence and the severities cannot drift apart.
@Suite("The README's opening agrees with the rules' severities")
struct FrontPageTests {
    /// The first paragraph of README.md.
    static let opening: String = {
        let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        return readme.components(separatedBy: "\n\n").dropFirst().first?.replacingOccurrences(of: "\n", with: " ") ?? ""
    }()

    /// Each mistake the opening names, a definition that makes it, and the rule that must report it.
    static let named: [(phrase: String, definition: String, rule: String, severity: Severity)] = [
        ("`loc-args` without `loc-key`", #"{"aps": {"alert": {"loc-args": ["Jenna"]}}}"#, "loc-args-without-loc-key", .error),
        ("a collapse id over 64 bytes", #"{"headers": {"apns-push-type": "alert", "apns-collapse-id": ""# + String(repeating: "x", count: 65) + #""}, "payload": {"aps": {"alert": "Hi"}}}"#,
         "collapse-id-too-long", .error),
        ("a payload one byte over 4096", #"{"aps": {"alert": ""# + String(repeating: "x", count: 4097 - 20) + #""}}"#, "payload-too-large", .error),
        (#"`"content-available": true`"#, #"{"aps": {"content-available": true}}"#, "content-available-not-1", .error),
        ("priority 10 on a background push", #"{"headers": {"apns-push-type": "background", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}"#,
         "background-priority-10", .warning),
    ]

    @Test func theErrorsItListsAreErrorsAndTheWarningItNamesIsAWarning() throws {
        let start = try #require(Self.opening.range(of: "until production: ")).upperBound
        let end = try #require(Self.opening.range(of: ". apns-lint reports these as errors")).lowerBound
        let errorList = Self.opening[start..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(errorList == Self.named.filter { $0.severity == .error }.map(\.phrase))
        for warning in Self.named where warning.severity == .warning {
            #expect(Self.opening.contains("Other mistakes only risk it (\(warning.phrase)"))
        }
        for (phrase, definition, rule, severity) in Self.named {
            let report = lint(definition)
            #expect(report.diagnostics.map { "\($0.ruleID) \($0.severity.rawValue)" } == ["\(rule) \(severity.rawValue)"], "\(phrase)")
        }
    }
}
