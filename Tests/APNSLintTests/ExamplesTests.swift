import APNSLint
import Foundation
import Testing

/// The definitions in Examples/: every good one is clean, every bad one shows exactly its rule.
@Suite("Examples/")
struct ExamplesTests {
    static func files(_ directory: String) -> [String] {
        let url = packageRoot.appendingPathComponent("Examples/\(directory)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func lintExample(_ path: String) throws -> FileReport {
        let bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(path)")))
        return Linter().lint(SourceText(bytes: bytes), fileName: path)
    }

    @Test("good examples are clean", arguments: files("json/good"))
    func goodExampleIsClean(_ name: String) throws {
        let report = try Self.lintExample("json/good/\(name)")
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
        #expect(report.definition != nil)
    }

    /// Where each bad example must report: its rule id is its file name.
    static let expectedPositions: [String: String] = [
        "invalid-json": "5:49",
        "byte-order-mark": "1:1",
        "duplicate-key": "4:5",
        "payload-not-object": "1:1",
        "missing-aps": "1:1",
        "aps-not-object": "2:10",
        "unknown-aps-key": "4:5",
        "unknown-alert-key": "5:7",
        "unknown-definition-key": "2:3",
        "invalid-value-type": "4:14",
        "content-available-not-1": "7:35",
        "mutable-content-not-1": "4:24",
        "loc-args-without-loc-key": "5:7",
        "title-loc-args-without-title-loc-key": "4:7",
        "subtitle-loc-args-without-subtitle-loc-key": "5:7",
        "mutable-content-without-alert": "4:5",
        "background-priority-10": "4:22",
        "background-with-alert": "10:7",
        "unknown-header": "4:5",
        "collapse-id-too-long": "4:25",
        "payload-too-large": "1:1",
    ]

    @Test("each bad example reports exactly its rule, at the expected line and column", arguments: files("json/bad"))
    func badExampleShowsItsRule(_ name: String) throws {
        let rule = String(name.dropLast(".json".count))
        let position = try #require(Self.expectedPositions[rule], "no expected position for \(name)")
        let report = try Self.lintExample("json/bad/\(name)")
        #expect(report.summary == ["\(rule)@\(position)"])
    }

    @Test func everyRuleHasABadExample() {
        let names = Set(Self.files("json/bad").map { String($0.dropLast(".json".count)) })
        #expect(names == Set(RuleRegistry.ids))
        #expect(Set(Self.expectedPositions.keys) == Set(RuleRegistry.ids))
    }
}
