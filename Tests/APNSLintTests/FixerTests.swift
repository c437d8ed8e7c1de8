import APNSLint
import Testing

/// The edit a `FixedEditRule` offers: rules hold no state, so each edit is a type.
private protocol FixedEdit: Sendable {
    static var edit: TextEdit { get }
}

private enum ReplaceOneToThree: FixedEdit { static let edit = TextEdit(range: SourceRange(start: 1, end: 3), replacement: "5") }
private enum ReplaceTwoToFour: FixedEdit { static let edit = TextEdit(range: SourceRange(start: 2, end: 4), replacement: "6") }
private enum InsertBrace: FixedEdit { static let edit = TextEdit(range: SourceRange(start: 0, end: 0), replacement: "{") }
private enum InsertSpace: FixedEdit { static let edit = TextEdit(range: SourceRange(start: 1, end: 1), replacement: " ") }

/// A rule for tests: offers the same fix on every run.
private struct FixedEditRule<Edit: FixedEdit>: ModelRule {
    static var descriptor: RuleDescriptor { RuleDescriptor(id: "test-edit", severity: .warning, category: .structure) }
    static var documentation: RuleDocs { RuleDocs(summary: "Test.", rationale: "Test.", severity: .advice("Test."), references: [], triggering: [], nonTriggering: []) }

    static func check(_ context: inout RuleContext) {
        context.report("test", pointer: .root, range: Edit.edit.range, help: "test",
                       fix: Fix("test", edits: [Edit.edit], applicability: .safe))
    }
}

@Suite("The fixer: rounds, safety, rollback")
struct FixerTests {
    func fix(_ text: String, format: InputFormat = .json, unsafe: Bool = false, linter: Linter = Linter()) -> FixResult {
        linter.fix(SourceText(text), fileName: "t.\(format == .json ? "json" : "yaml")", format: format,
                   options: FixOptions(includeUnsafe: unsafe))
    }

    @Test func safeFixesApplyAndTheResultLintsWithoutThem() {
        let result = fix("{\"aps\": {\"alert\": [[\"title\", \"Hi\"]], \"badge\": 1,},}")
        #expect(String(decoding: result.fixed, as: UTF8.self) == #"{"aps": {"alert": {"title":"Hi"}, "badge": 1}}"#)
        #expect(result.applied == 3)
        #expect(result.problem == nil)
        #expect(result.report.diagnostics.isEmpty)
    }

    @Test func fixingTheOutputAgainChangesNothing() {
        let once = fix("{\"aps\": {\"alert\": [{\"title\": \"Hi\"}, {\"body\": \"x\"}],}}")
        let twice = fix(String(decoding: once.fixed, as: UTF8.self))
        #expect(twice.fixed == once.fixed)
        #expect(twice.applied == 0)
    }

    @Test func unsafeFixesAreHeldBackUnlessAskedFor() {
        let text = "{\"aps\": {\"alert\": \"Hi\"} // note\n}"
        let safe = fix(text)
        #expect(!safe.changed)
        #expect(safe.unsafeHeldBack == 1)
        let unsafe = fix(text, unsafe: true)
        #expect(String(decoding: unsafe.fixed, as: UTF8.self) == "{\"aps\": {\"alert\": \"Hi\"} \n}")
        #expect(unsafe.unsafeHeldBack == 0)
    }

    @Test func keyOrderCommentsAndLayoutElsewhereAreKept() {
        let yaml = "# header comment\naps:\n  badge: 2   # keep me\n  alert:\n    - title: Hi\n    - body: There\nz: 1\n"
        let result = fix(yaml, format: .yaml)
        #expect(String(decoding: result.fixed, as: UTF8.self)
                == "# header comment\naps:\n  badge: 2   # keep me\n  alert:\n    {\"title\":\"Hi\",\"body\":\"There\"}\nz: 1\n")
    }

    @Test func anUnreadableFileIsNotRewritten() {
        let result = fix("{\"aps\": {\"alert\": [[\"title\", \"Hi\"]]")
        #expect(!result.changed)
        #expect(result.applied == 0)
    }

    @Test func overlappingEditsNeverBothApply() {
        let linter = Linter(rules: [
            FixedEditRule<ReplaceOneToThree>.self,
            FixedEditRule<ReplaceTwoToFour>.self,
        ] + RuleRegistry.all.filter { $0.reportsWhileReading })
        let result = linter.fix(SourceText("[1234, 1]"), fileName: "t.json", format: .json, options: FixOptions(maxRounds: 1))
        // The edit that starts first wins the round; the overlapping one waits (and here the cap ends it).
        #expect(String(decoding: result.fixed, as: UTF8.self) == "[534, 1]")
        #expect(result.applied == 1)
    }

    @Test func aRoundThatBreaksTheFileIsRolledBack() {
        let linter = Linter(rules: [FixedEditRule<InsertBrace>.self]
                            + RuleRegistry.all.filter { $0.reportsWhileReading })
        let result = linter.fix(SourceText(#"{"aps": {}}"#), fileName: "t.json", format: .json)
        #expect(result.problem == .roundBrokeTheFile(round: 1))
        #expect(!result.changed)
    }

    @Test func fixesThatNeverSettleStopAtTheCap() {
        let linter = Linter(rules: [FixedEditRule<InsertSpace>.self]
                            + RuleRegistry.all.filter { $0.reportsWhileReading })
        let result = linter.fix(SourceText(#"{"aps": {}}"#), fileName: "t.json", format: .json, options: FixOptions(maxRounds: 3))
        #expect(result.problem == .didNotConverge(rounds: 3))
        #expect(String(decoding: result.fixed, as: UTF8.self) == #"{   "aps": {}}"#)
    }
}

@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test func diffShowsRemovedThenAddedLinesWithContext() {
        let diff = UnifiedDiff.make(from: "a\nb\nc\nd\ne\nf\ng\nh\n", to: "a\nb\nc\nD\ne\nf\ng\nh\n", path: "x.json")
        #expect(diff == "--- a/x.json\n+++ b/x.json\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n")
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.make(from: "a\n", to: "a\n", path: "x") == "")
    }
}

@Suite("Value fixes, the same edit for every format")
struct ValueFixTests {
    @Test(arguments: [
        ("json", "{\"aps\": {\"content-available\": true}}", "{\"aps\": {\"content-available\": 1}}"),
        ("json", "{\"aps\": {\"content-available\": \"true\"}}", "{\"aps\": {\"content-available\": 1}}"),
        ("yaml", "aps:\n  content-available: yes\n", "aps:\n  content-available: 1\n"),
        ("yaml", "aps:\n  content-available: \"On\"\n", "aps:\n  content-available: 1\n"),
        ("json", "{\"aps\": {\"alert\": \"Hi\", \"mutable-content\": \"1\", \"badge\": \"5\"}}", "{\"aps\": {\"alert\": \"Hi\", \"mutable-content\": 1, \"badge\": 5}}"),
        ("yaml", "aps:\n  alert: Hi\n  badge: '7'  # count\n", "aps:\n  alert: Hi\n  badge: 7  # count\n"),
        ("erl", "[{alert, <<\"Hi\">>}, {badge, <<\"3\">>}].", "[{alert, <<\"Hi\">>}, {badge, 3}]."),
    ])
    func safeValueFixes(_ ext: String, _ text: String, _ fixed: String) {
        let format = InputFormat.detect(fileName: "t.\(ext)")!
        let result = Linter().fix(SourceText(text), fileName: "t.\(ext)", format: format)
        #expect(String(decoding: result.fixed, as: UTF8.self) == fixed)
        // Fixing the output again changes nothing.
        #expect(!Linter().fix(SourceText(fixed), fileName: "t.\(ext)", format: format, options: FixOptions(includeUnsafe: true)).changed)
        #expect(result.report.diagnostics.isEmpty, "\(result.report.summary)")
    }

    @Test func priorityFixesAreUnsafe() {
        let text = #"{"headers": {"apns-push-type": "background", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1}}}"#
        let safe = Linter().fix(SourceText(text), fileName: "t.json", format: .json)
        #expect(!safe.changed)
        #expect(safe.unsafeHeldBack == 1)
        let unsafe = Linter().fix(SourceText(text), fileName: "t.json", format: .json, options: FixOptions(includeUnsafe: true))
        // A header written as a string stays one (FCM's apns.headers and SNS's attributes take only strings).
        #expect(String(decoding: unsafe.fixed, as: UTF8.self) == text.replacingOccurrences(of: "\"10\"", with: "\"5\""))
        let words = Linter().fix(SourceText(#"{"headers": {"apns-priority": "high"}, "payload": {"aps": {"alert": "Hi"}}}"#),
                                 fileName: "t.json", format: .json, options: FixOptions(includeUnsafe: true))
        #expect(String(decoding: words.fixed, as: UTF8.self) == #"{"headers": {"apns-priority": "10"}, "payload": {"aps": {"alert": "Hi"}}}"#)
    }

    @Test func commandLineHeadersAreNotFixedInTheFile() {
        let result = Linter().fix(SourceText(#"{"aps": {"content-available": 1}}"#), fileName: "t.json", format: .json,
                                  headers: [HeaderOption(name: "apns-priority", value: "10", option: "--priority")],
                                  options: FixOptions(includeUnsafe: true))
        #expect(!result.changed)
    }
}

@Suite("Key and string fixes, written in each format's syntax")
struct SpelledFixTests {
    @Test(arguments: [
        ("json", #"{"aps": {"content_available": 1}}"#, #"{"aps": {"content-available": 1}}"#),
        ("yaml", "aps:\n  contentAvailable: 1  # wake up\n", "aps:\n  content-available: 1  # wake up\n"),
        ("yaml", "aps:\n  alert: Hi\n  'thread_id': chat\n", "aps:\n  alert: Hi\n  'thread-id': chat\n"),
        ("yaml", "aps:\n  alert: Hi\n  interruption-level: time-senstive\n", "aps:\n  alert: Hi\n  interruption-level: time-sensitive\n"),
        ("erl", #"[{<<"aps">>, [{<<"content_available">>, 1}]}]."#, #"[{<<"aps">>, [{<<"content-available">>, 1}]}]."#),
        ("erl", "[{aps, [{content_available, 1}]}].", "[{aps, [{'content-available', 1}]}]."),
        ("json", #"{"headers": {"APNS-Push_Type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#,
         #"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#),
        ("json", #"{"device-token": "<740f4707 bebcf74f 9b7c25d4 8e335894 5f6aa01d a5ddb387 462c7eaf 61bb78ad>", "payload": {"aps": {"alert": "Hi"}}}"#,
         #"{"device-token": "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad", "payload": {"aps": {"alert": "Hi"}}}"#),
    ])
    func safeSpelledFixes(_ ext: String, _ text: String, _ fixed: String) {
        let format = InputFormat.detect(fileName: "t.\(ext)")!
        let result = Linter().fix(SourceText(text), fileName: "t.\(ext)", format: format)
        #expect(String(decoding: result.fixed, as: UTF8.self) == fixed)
        // Fixing the output again changes nothing.
        #expect(!Linter().fix(SourceText(fixed), fileName: "t.\(ext)", format: format, options: FixOptions(includeUnsafe: true)).changed)
        #expect(result.report.diagnostics.isEmpty, "\(result.report.summary)")
    }

    @Test func aGuessBySimilarityIsUnsafe() {
        let text = #"{"aps": {"alert": "Hi", "sounds": "chime.caf"}}"#
        #expect(!Linter().fix(SourceText(text), fileName: "t.json", format: .json).changed)
        let unsafe = Linter().fix(SourceText(text), fileName: "t.json", format: .json, options: FixOptions(includeUnsafe: true))
        #expect(String(decoding: unsafe.fixed, as: UTF8.self) == #"{"aps": {"alert": "Hi", "sound": "chime.caf"}}"#)
    }
}

@Suite("payload-too-large: shortening the alert body")
struct BodyTruncationTests {
    func fixUnsafe(_ text: String, _ ext: String = "json") -> FixResult {
        Linter().fix(SourceText(text), fileName: "t.\(ext)", format: InputFormat.detect(fileName: "t.\(ext)")!,
                     options: FixOptions(includeUnsafe: true))
    }

    @Test(arguments: ["json", "yaml"])
    func theBodyIsCutAtACharacterBoundaryToFitExactly(_ ext: String) throws {
        // 👍🏽 is one character of two scalars (8 bytes): it is kept whole or cut whole.
        let body = String(repeating: "Ünïcode 👍🏽 text ", count: 300)
        let text = ext == "json"
            ? #"{"aps": {"alert": {"title": "T", "body": ""# + body + #""}}}"#
            : "aps:\n  alert:\n    title: T\n    body: |\n      \(body)\n"
        let safe = Linter().fix(SourceText(text), fileName: "t.\(ext)", format: InputFormat.detect(fileName: "t.\(ext)")!)
        #expect(!safe.changed, "shortening the body is unsafe")
        let result = fixUnsafe(text, ext)
        let payload = try #require(result.report.definition?.payloadBytes)
        #expect(payload.count <= 4096)
        #expect(payload.count > 4096 - 20, "cut no more than needed")
        #expect(!result.report.ruleIDs.contains("payload-too-large"))
        let fixedBody = try #require(result.report.definition?.payload?.aps?.alert).field.value.member("body")?.value.string
        #expect(fixedBody?.hasSuffix("…") == true)
        #expect(fixedBody.map { body.hasPrefix(String($0.dropLast())) } == true)
    }

    @Test func noFixWhenTheBodyCannotMakeItFit() {
        let text = #"{"aps": {"alert": {"body": "short"}}, "blob": ""# + String(repeating: "x", count: 5000) + #""}"#
        let diagnostic = lint(text).diagnostics.first { $0.ruleID == "payload-too-large" }
        #expect(diagnostic != nil)
        #expect(diagnostic?.fix == nil)
    }
}

@Suite("duplicate-key: deleting the occurrence that does not count")
struct DuplicateKeyFixTests {
    @Test(arguments: [
        ("json", "{\"aps\": {\n  \"badge\": 1,\n  \"alert\": \"Hi\",\n  \"badge\": 2\n}}", "{\"aps\": {\n  \"alert\": \"Hi\",\n  \"badge\": 2\n}}"),
        ("yaml", "aps:\n  badge: 1  # old\n  alert: Hi\n  badge: 2\n", "aps:\n  alert: Hi\n  badge: 2\n"),
        ("yaml", "aps: {badge: 1, alert: Hi, badge: 2}\n", "aps: {alert: Hi, badge: 2}\n"),
        // In a proplist the first counts, so the later one goes.
        ("erl", "[{alert, <<\"Hi\">>},\n {badge, 1},\n {badge, 2}].", "[{alert, <<\"Hi\">>},\n {badge, 1}]."),
        ("erl", "[{badge, 1},\n {badge, 2},\n {alert, <<\"Hi\">>}].", "[{badge, 1},\n {alert, <<\"Hi\">>}]."),
    ])
    func duplicateIsDeletedWithItsSeparator(_ ext: String, _ text: String, _ fixed: String) {
        let format = InputFormat.detect(fileName: "t.\(ext)")!
        #expect(!Linter().fix(SourceText(text), fileName: "t.\(ext)", format: format).changed, "deleting a value is unsafe")
        let result = Linter().fix(SourceText(text), fileName: "t.\(ext)", format: format, options: FixOptions(includeUnsafe: true))
        #expect(String(decoding: result.fixed, as: UTF8.self) == fixed)
        // Fixing the output again changes nothing.
        #expect(!Linter().fix(SourceText(fixed), fileName: "t.\(ext)", format: format, options: FixOptions(includeUnsafe: true)).changed)
        #expect(!result.report.ruleIDs.contains("duplicate-key"))
        #expect(result.problem == nil)
    }
}
