import APNSLint
import Testing

/// Applies a diagnostic's fix to the text (edits do not overlap; applied from the end).
func applying(_ fix: Fix, to text: String) -> String {
    var bytes = Array(text.utf8)
    for edit in fix.edits.sorted(by: { $0.range.start > $1.range.start }) {
        bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite("Fixes carried by diagnostics")
struct FixTests {
    @Test("proplist-object's fix writes the object, and the result lints without it", arguments: [
        ("json", #"{"aps": {"alert": [["title", "Hi"], ["body", "There"]], "sound": "default"}}"#,
         #"{"aps": {"alert": {"title":"Hi","body":"There"}, "sound": "default"}}"#),
        ("json", #"{"aps": [{"alert": "Hi"}, {"badge": 1}], "id": 3}"#, #"{"aps": {"alert":"Hi","badge":1}, "id": 3}"#),
        ("yaml", "aps:\n  alert:\n    - title: Hi\n    - body: There\n  sound: default\n",
         "aps:\n  alert:\n    {\"title\":\"Hi\",\"body\":\"There\"}\n  sound: default\n"),
        ("yaml", "aps: [[alert, Hi], [badge, 1]] # flow\nid: 3\n", "aps: {\"alert\":\"Hi\",\"badge\":1} # flow\nid: 3\n"),
    ])
    func proplistObjectFix(_ format: String, _ text: String, _ fixed: String) throws {
        let before = lint(text, fileExtension: format)
        let diagnostic = try #require(before.diagnostics.first { $0.ruleID == "proplist-object" })
        let fix = try #require(diagnostic.fix)
        #expect(fix.applicability == .safe)
        let after = applying(fix, to: text)
        #expect(after == fixed)
        let relinted = lint(after, fileExtension: format)
        #expect(relinted.diagnostics.isEmpty, "\(relinted.summary)")
        // The fixed payload is the object the proplist stood for.
        #expect(relinted.definition?.payload?.aps?.fields.fields.map(\.key) == before.definition?.payload?.aps?.fields.fields.map(\.key))
    }

    @Test("the JSON reader's fixes repair what they report", arguments: [
        (#"{"aps": {"badge": 1,}}"#, #"{"aps": {"badge": 1}}"#),
        ("\u{FEFF}{\"aps\": {}}", #"{"aps": {}}"#),
    ])
    func readerFixes(_ text: String, _ fixed: String) throws {
        let diagnostic = try #require(lint(text).diagnostics.first { $0.fix != nil })
        #expect(applying(diagnostic.fix!, to: text) == fixed)
        #expect(lint(fixed).diagnostics.isEmpty)
    }
}
