import APNSLint
@testable import APNSLintFuzzing
import APNSLintTestSupport
import Foundation
import Testing

/// A test rule that offers the same fix on every definition: rules hold no state, so each fix is a type.
private protocol PlantedFix: Sendable {
    static var id: String { get }
    static var edits: [TextEdit] { get }
}

private struct PlantedFixRule<Planted: PlantedFix>: ModelRule {
    static var descriptor: RuleDescriptor { RuleDescriptor(id: Planted.id, severity: .warning, category: .structure) }
    static var documentation: RuleDocs { RuleDocs(summary: "Test.", rationale: "Test.", severity: .advice("Test."), references: [], triggering: [], nonTriggering: []) }

    static func check(_ context: inout RuleContext) {
        context.report("planted", pointer: .root, range: SourceRange(start: 0, end: 1), help: "test",
                       fix: Fix("planted fix", edits: Planted.edits, applicability: .safe))
    }
}

/// An edit past the end of any short text.
private enum EditPastTheEnd: PlantedFix {
    static let id = "test-past-the-end"
    static let edits = [TextEdit(range: SourceRange(start: 1_000, end: 1_001), replacement: "")]
}

/// Two edits of one fix over the same bytes.
private enum OverlappingEdits: PlantedFix {
    static let id = "test-overlapping"
    static let edits = [TextEdit(range: SourceRange(start: 0, end: 2), replacement: "{"), TextEdit(range: SourceRange(start: 1, end: 3), replacement: "{")]
}

/// A brace before the text: JSON that no longer parses.
private enum BreaksTheSyntax: PlantedFix {
    static let id = "test-breaks-syntax"
    static let edits = [TextEdit(range: SourceRange(start: 0, end: 0), replacement: "{")]
}

/// A blank before the text: still valid, and offered again on every round.
private enum NeverSettles: PlantedFix {
    static let id = "test-never-settles"
    static let edits = [TextEdit(range: SourceRange(start: 0, end: 0), replacement: " ")]
}

@Suite("The fuzz harness's invariants")
struct InvariantCheckerTests {
    @Test("every seed and regression input keeps every invariant", arguments: InputFormat.allCases)
    func seedsKeepTheInvariants(_ format: InputFormat) {
        let roots = ["Examples", "Fuzz/regressions/\(format.rawValue)"].map { packageRoot.appendingPathComponent($0).path }
        let seeds = FuzzSeeds.seeds(for: format, roots: roots)
        #expect(seeds.count >= 20)
        let checker = InvariantChecker()
        for seed in seeds {
            let violations = checker.check(seed.bytes, format: format)
            #expect(violations.isEmpty, "\(seed.name): \(violations)")
        }
    }

    /// The invariants each planted fault breaks, on a clean payload.
    private func violations<Planted: PlantedFix>(_: Planted.Type) -> Set<Invariant> {
        let checker = InvariantChecker(linter: Linter(rules: RuleRegistry.all + [PlantedFixRule<Planted>.self]))
        return Set(checker.check(Array(#"{"aps":{"alert":"Hi"}}"#.utf8), format: .json).map(\.invariant))
    }

    @Test func aFaultInEachPartIsCaught() {
        #expect(violations(EditPastTheEnd.self) == [.rangesInsideText])
        #expect(violations(OverlappingEdits.self).contains(.editsDoNotOverlap))
        #expect(violations(BreaksTheSyntax.self).contains(.fixesKeepSyntax))
        #expect(violations(NeverSettles.self).contains(.fixesConverge))
        #expect(InvariantChecker().check(Array(#"{"aps":{"alert":"Hi"}}"#.utf8), format: .json).isEmpty)
    }

    @Test func aViolationSaysWhatBrokeAndWhere() {
        let checker = InvariantChecker(linter: Linter(rules: RuleRegistry.all + [PlantedFixRule<EditPastTheEnd>.self]))
        let first = checker.check(Array(#"{"aps":{"alert":"Hi"}}"#.utf8), format: .json).first
        #expect(first?.description
            == "ranges-inside-text: lint: test-past-the-end \"planted\": fix \"planted fix\" edits 1000..<1001, text of 22 bytes")
    }

    @Test func renderedValuesAreComparedAsTheyAreSent() {
        let read = JSONReader.read(SourceText(#"{"a":2,"b":[1.0,"x"]}"#)).documents[0]
        let original = JSONReader.read(SourceText(#"{"a":1,"b":[1.0,"x"],"a":2}"#)).documents[0]
        #expect(InvariantChecker.sameValue(read, original, firstDuplicateWins: false))
        #expect(!InvariantChecker.sameValue(read, original, firstDuplicateWins: true))  // a proplist sends a = 1
        let other = JSONReader.read(SourceText(#"{"a":2,"b":[1.0,"y"]}"#)).documents[0]
        #expect(!InvariantChecker.sameValue(other, original, firstDuplicateWins: false))
    }

    @Test func aDiffAppliesToTheBytesItWasMadeFrom() {
        let original = Array("a\nb\nc\nd\ne\nf\ng\nh\ni\nj".utf8) + [0xFF]
        let fixed = Array("z\na\nb\nc\nD\ne\nf\ng\nh\ni\nJ".utf8) + [0xFF] + [0x0A]
        let diff = UnifiedDiff.make(from: original, to: fixed, path: "x")
        #expect(Patch.apply(diff, to: original) == fixed)
        #expect(Patch.apply(diff, to: Array("q\n".utf8) + original) == nil)
        #expect(Patch.apply([], to: original) == original)
    }

    @Test func theDictionaryHoldsTheSchemaKeysInEachFormatsSpelling() {
        let json = FuzzSeeds.dictionary(for: .json).split(separator: "\n")
        #expect(json.contains(#""\"aps\":""#))
        #expect(json.contains(#""\"interruption-level\":""#))
        #expect(json.contains(#""liveactivity""#))
        #expect(json.contains(#""duplicate-key""#))
        #expect(json.contains(#""\xEF\xBB\xBF""#))  // a byte order mark, as libFuzzer writes bytes
        let erlang = FuzzSeeds.dictionary(for: .erlang).split(separator: "\n")
        #expect(erlang.contains(#""{'content-available', ""#))
        #expect(erlang.contains(#""<<\"badge\">>""#))
        for line in json + erlang + FuzzSeeds.dictionary(for: .yaml).split(separator: "\n") {
            #expect(line.first == "\"" && line.last == "\"" && line.count >= 3, "\(line)")
        }
    }

    @Test func theSeedsAreTheRuleExamplesThenTheFiles() throws {
        let root = packageRoot.appendingPathComponent("Fuzz/regressions/yaml").path
        let seeds = FuzzSeeds.seeds(for: .yaml, roots: [root])
        let examples = RuleRegistry.all.flatMap { $0.documentation.triggering + $0.documentation.nonTriggering }.filter { $0.fileExtension == "yaml" }
        #expect(seeds.count == examples.count + FuzzSeeds.files(under: root).count)
        #expect(seeds.first.map { String(decoding: $0.bytes, as: UTF8.self) } == examples.first?.unmarked.text)
        let last = try #require(seeds.last)
        #expect(last.name.hasSuffix("suppression-non-ascii-word.yaml"))
        #expect(last.bytes == Array("# apns-lint: disable-file café -- r\naps: {alert: Hi}\n".utf8))
    }
}
