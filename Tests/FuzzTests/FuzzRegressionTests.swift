import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// A regression input's bytes, as the fuzzer found (or a test wrote) them.
func regression(_ name: String) throws -> [UInt8] {
    let url = packageRoot.appendingPathComponent("Fuzz/regressions/\(name)")
    return [UInt8](try #require(FileManager.default.contents(atPath: url.path), "missing \(url.path)"))
}

/// `rule offset..<offset` for each diagnostic, in order.
func found(_ report: FileReport) -> [String] {
    report.diagnostics.map { "\($0.ruleID) \($0.range.map(\.description) ?? "-")" }
}

/// The five defects issue 16 reports, and the merge-key crash found beside them: each input with exact expectations.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    let linter = Linter()

    // MARK: 1. Suppression comments with invalid UTF-8

    @Test func anUnusedSuppressionFixRemovesTheRightBytesAfterAnInvalidByte() throws {
        let bytes = try regression("erlang/suppression-invalid-utf8-fix-trapped.erl")
        #expect(bytes.count == 64)
        // The directive gives no reason, so it suppresses nothing (issue 20): badge-invalid stays, and nothing is unused.
        #expect(found(linter.lint(SourceText(bytes: bytes), fileName: "t.erl", format: .erlang))
            == ["badge-invalid 8..<9", "invalid-erlang-term 11..<11", "invalid-suppression 22..<34", "invalid-suppression 35..<36"])
        // With a reason, the directive is the one the fuzzer found trapping.
        let reason = Array(" -- r".utf8)
        let reasoned = bytes + reason
        let report = linter.lint(SourceText(bytes: reasoned), fileName: "t.erl", format: .erlang)
        #expect(found(report) == ["invalid-erlang-term 11..<11", "invalid-suppression 35..<36", "unused-suppression 51..<64"])
        #expect(report.diagnostics[2].fix?.edits == [.delete(SourceRange(start: 50, end: 64))])  // ",sound-invalid"
        // It trapped (exit 132) in Linter.apply: the edit reached past the end of the text. The term has no period, a
        // syntax error the reader does not repair, so now no fix but a syntax fix applies to it at all.
        let result = linter.fix(SourceText(bytes: reasoned), fileName: "t.erl", format: .erlang)
        #expect(result.fixed == reasoned)
        #expect(result.problem == nil)
        // With the term ended, the fix removes exactly ",sound-invalid".
        let ended = Array(reasoned.prefix(11)) + Array(".".utf8) + Array(reasoned.dropFirst(11))
        let fixed = linter.fix(SourceText(bytes: ended), fileName: "t.erl", format: .erlang)
        #expect(fixed.fixed == Array(ended.prefix(51)) + reason)
        #expect(fixed.applied == 1)
        #expect(fixed.problem == nil)
    }

    @Test func anUnusedSuppressionFixKeepsTheReasonAfterAnInvalidByte() throws {
        let bytes = try regression("erlang/suppression-invalid-utf8-reason-rewritten.erl")
        let result = linter.fix(SourceText(bytes: bytes), fileName: "t.erl", format: .erlang)
        // Only ", sound-invalid" goes: badge-invalid suppresses the string badge. It became "badge-invalid, - r".
        let expected = Array("% apns-lint: disable-file ".utf8) + [0xFF] + Array(" badge-invalid -- r\n[{alert, <<\"Hi\">>}, {badge, <<\"5\">>}].\n".utf8)
        #expect(result.fixed == expected)
        #expect(found(result.report) == ["invalid-suppression 26..<27"])
        #expect(result.report.diagnostics.first?.message == "unknown rule '\u{FFFD}' in a suppression")
    }

    @Test func aSuppressionWordThatIsAnInvalidByteIsReportedWhereItIs() throws {
        let bytes = try regression("yaml/suppression-invalid-utf8-range-past-end.yaml")
        #expect(bytes.count == 12)
        let report = linter.lint(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        // The range was 11..<14, past the end of the 12-byte text.
        #expect(found(report) == ["invalid-suppression 11..<12", "invalid-yaml 11..<12"])
        #expect(report.diagnostics[0].message
            == "this apns-lint comment is not understood: expected disable-next-line, disable-line or disable-file, found '\u{FFFD}'")
    }

    @Test func aNonASCIIWordInASuppressionIsShownAsWritten() throws {
        let report = linter.lint(SourceText(bytes: try regression("yaml/suppression-non-ascii-word.yaml")), fileName: "t.yaml", format: .yaml)
        #expect(found(report) == ["invalid-suppression 26..<31"])
        #expect(report.diagnostics[0].message == "unknown rule 'café' in a suppression")  // was "cafÃ©"
    }

    // MARK: 2. The duplicate-key fix in YAML, with anchors, tags and merge keys

    @Test func deletingADuplicateKeyTakesItsTagWithIt() throws {
        let bytes = try regression("yaml/duplicate-key-anchor-and-tag.yaml")
        let report = linter.lint(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        #expect(found(report) == ["duplicate-key 25..<30"])
        #expect(report.diagnostics[0].fix?.edits == [.delete(SourceRange(start: 19, end: 36))])
        let result = linter.fix(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml, options: FixOptions(includeUnsafe: true))
        // The next key keeps its own anchor: before, "!!str " stayed and "&b " was swallowed.
        #expect(String(decoding: result.fixed, as: UTF8.self) == "aps:\n  alert: Hi\n  &b badge: 2\n")
        #expect(result.report.diagnostics.isEmpty)
    }

    @Test func anAnchorAnAliasStillUsesIsNotDeleted() throws {
        let bytes = try regression("yaml/duplicate-key-anchor-aliased.yaml")
        let report = linter.lint(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        #expect(found(report) == ["missing-aps 0..<18", "duplicate-key 3..<4"])
        // Deleting "&k a: 1" would leave *k dangling; deleting "a: 1\n&k " (as before) made b "b" instead of "a".
        #expect(report.diagnostics[1].fix == nil)
        let result = linter.fix(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml, options: FixOptions(includeUnsafe: true))
        #expect(result.fixed == bytes)
        let rendered = try Renderer().render(result.report).get()
        #expect(String(decoding: rendered, as: UTF8.self) == "{\"a\":2,\"b\":\"a\"}\n")
    }

    @Test func anAnchorNoAliasUsesIsDeletedWithItsKey() {
        let result = linter.fix(SourceText("aps: {alert: Hi}\n&k a: 1\na: 2\n"), fileName: "t.yaml", format: .yaml,
                                options: FixOptions(includeUnsafe: true))
        #expect(String(decoding: result.fixed, as: UTF8.self) == "aps: {alert: Hi}\na: 2\n")
        #expect(result.problem == nil)
    }

    @Test func aDuplicateKeyBesideAMergeKeyIsReportedWithoutAFix() throws {
        // It crashed: the member after the first "y" came from the merge, written earlier, so the span ended before it began.
        let bytes = try regression("yaml/duplicate-key-beside-merge-key.yaml")
        let report = linter.lint(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        let duplicate = try #require(report.diagnostics.first { $0.ruleID == "duplicate-key" })
        #expect(duplicate.range == SourceRange(start: 23, end: 24))
        #expect(duplicate.fix == nil)
    }

    // MARK: Found by the fuzzer after the fixes

    @Test func aFileTheReaderStoppedInGetsNoFixButForItsSyntax() throws {
        // libyaml stopped at line 6; removing the unused suppression's comment line joined "iORMAT" and "aps:" into one
        // scalar, a second syntax error, so the fixer had to roll the round back.
        let bytes = try regression("yaml/fix-on-a-partly-read-file.yaml")
        let report = linter.lint(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        #expect(found(report) == ["payload-not-object 0..<6", "unused-suppression 42..<62", "invalid-yaml 158..<159"])
        #expect(report.diagnostics[1].fix?.applicability == .safe)
        let result = linter.fix(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        #expect(result.fixed == bytes)
        #expect(result.applied == 0)
        #expect(result.problem == nil)
    }

    @Test func aProplistWrittenAsAnIndentlessSequenceBecomesAnObjectUnderItsKey() throws {
        // The fix wrote the object where the sequence started, at the key's own column: a flow mapping there is not
        // the key's value, so every round was rolled back and this common layout never got its safe fix.
        let bytes = try regression("yaml/proplist-indentless-sequence.yaml")
        let result = linter.fix(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        #expect(String(decoding: result.fixed, as: UTF8.self) == "aps:\n  {\"al@ag \\t \\t  taD  filteer-creritia\":\"soult\"}\n")
        #expect(result.problem == nil)
        let common = linter.fix(SourceText("aps:\n- alert: Hi\n- badge: 1\nid: 7\n"), fileName: "t.yaml", format: .yaml)
        #expect(String(decoding: common.fixed, as: UTF8.self) == "aps:\n  {\"alert\":\"Hi\",\"badge\":1}\nid: 7\n")
        #expect(common.report.diagnostics.isEmpty)
        // Indented under its key already, it needs no more.
        let indented = linter.fix(SourceText("aps:\n    - alert: Hi\n"), fileName: "t.yaml", format: .yaml)
        #expect(String(decoding: indented.fixed, as: UTF8.self) == "aps:\n    {\"alert\":\"Hi\"}\n")
    }

    @Test func aCollectionEndingInAnEmptyValueEndsOnItsOwnLine() throws {
        // `? key` with no value is null, which libyaml marks at the next token: the sequence seemed to end at "sound",
        // so the proplist fix replaced the next line's indentation too ("{…}sound: chime").
        let bytes = try regression("yaml/empty-value-ends-a-collection.yaml")
        let result = linter.fix(SourceText(bytes: bytes), fileName: "t.yaml", format: .yaml)
        #expect(String(decoding: result.fixed, as: UTF8.self)
            == "aps:\n  alert:\n    {\"itle, Game iapns-lint: disad you to a game]\":null}\n  sound: chime\n")
        #expect(result.problem == nil)
    }

    @Test func anFCMTimeToLiveBeyondAnyIntegerIsReportedNotATrap() throws {
        // Converting 2.4e87 seconds to Int to show it in days trapped: every lint of this Skygear message crashed.
        let bytes = try regression("json/fcm-ttl-beyond-int.json")
        let report = linter.lint(SourceText(bytes: bytes), fileName: "t.json", format: .json)
        #expect(found(report) == ["dialect-dropped-key 13..<21", "fcm-ttl-invalid 44..<132"])
        let ttl = String(decoding: bytes[44..<132], as: UTF8.self)  // 88 digits
        #expect(ttl.count == 88 && ttl.allSatisfy(\.isNumber))
        #expect(report.diagnostics[1].message
            == "android.ttl is \(ttl)s, longer than FCM keeps a message: the longest time to live it accepts is 2419200 seconds (4 weeks)")
        // An ordinary long one still shows its days.
        let month = linter.lint(#"{"message": {"title": "Sale", "ttl": 3000000}}"#, fileName: "t.json")
        #expect(month.diagnostics.first { $0.ruleID == "fcm-ttl-invalid" }?.message
            == "android.ttl is 3000000s (34 days 17 hours), longer than FCM keeps a message: the longest time to live it accepts is 2419200 seconds (4 weeks)")
    }

    @Test func aSkygearTimeToLiveThatOverflowsTheExpirationIsReportedNotATrap() {
        // now + ttl overflowed Int (a trap, exit 132) when the send time was known, as it always is for `check`.
        let text = #"{"message": {"title": "x", "ttl": 9223372036854775807}}"#
        let report = Linter(options: RuleOptions(now: 1_800_000_000)).lint(text, fileName: "t.json")
        #expect(report.definition?.headers.fields[HeaderName.expiration] == nil)
        #expect(found(report) == ["fcm-ttl-invalid 34..<53"])
        let inRange = Linter(options: RuleOptions(now: 1_800_000_000)).lint(#"{"message": {"title": "x", "ttl": 3600}}"#, fileName: "t.json")
        #expect(inRange.definition?.headers.fields[HeaderName.expiration]?.value.number?.text == "1800003600")
    }

    @Test func aJSONFileTheReaderRepairedStillGetsItsFixes() {
        // A comment is a syntax error the reader repairs (it offers the unsafe fix): the safe fix still applies.
        let result = linter.fix(SourceText("{\"aps\": {\"badge\": \"5\"} // note\n}"), fileName: "t.json", format: .json)
        #expect(String(decoding: result.fixed, as: UTF8.self) == "{\"aps\": {\"badge\": 5} // note\n}")
        #expect(result.unsafeHeldBack == 1)
    }

    // MARK: 3. Unknown rule ids in suppression comments

    @Test func aLongUnknownRuleIdGetsNoSuggestionAndIsReportedOnce() throws {
        let word = String(repeating: "x", count: 100_000)
        let text = "# apns-lint: disable-file \(word) -- r\naps: {alert: Hi}\n"
        let report = linter.lint(text, fileName: "t.yaml", format: .yaml)
        #expect(found(report) == ["invalid-suppression 26..<100026"])
        #expect(report.diagnostics[0].message == "unknown rule '\(word)' in a suppression")
        #expect(Suggestion.closest(to: word, in: RuleRegistry.ids) == nil)
    }

    @Test func closeRuleIdsAreStillSuggested() {
        #expect(Suggestion.closest(to: "badge-invalud", in: RuleRegistry.ids) == "badge-invalid")
        #expect(Suggestion.closest(to: "time-senstive", in: ["time-sensitive", "active", "passive", "critical"]) == "time-sensitive")
        // A candidate more than the budget (3) longer or shorter is not within it: none is suggested.
        #expect(Suggestion.closest(to: "abcdefghijkl", in: ["abcdefghijklmnop", "abcdefgh"]) == nil)
        #expect(Suggestion.closest(to: "abcdefghijkl", in: ["abcdefghijklmno"]) == "abcdefghijklmno")
        #expect(Suggestion.closest(to: String(repeating: "a", count: Suggestion.longestWord + 1), in: ["a"]) == nil)
    }

    @Test(arguments: [
        // Only "GCM" and "email": SNS's, though no Apple key is written.
        ("json/sns-other-platforms-only-elided.json", ["sns-default-missing 0..<0"]),
        // Only "platform" and "message" (twice): Skygear's, keys FCM shares.
        ("json/skygear-shared-keys-only-elided.json", ["dialect-dropped-key 100..<170", "dialect-dropped-key 193..<230", "fcm-priority-invalid 265..<267"]),
    ])
    func aServiceMessageOfSharedKeysIsReadWholeWhenItsTopLevelIsElided(file: String, expected: [String]) throws {
        // A read that kept nothing of the top level linted these as APNs payloads and reported a duplicate key the
        // service's message never sends.
        let bytes = try regression(file)
        let whole = linter.lint(SourceText(bytes: bytes), fileName: "t.json", format: .json)
        #expect(found(whole) == expected)
        var eliding = linter
        eliding.retentionLimit = 0
        #expect(found(eliding.lint(SourceText(bytes: bytes), fileName: "t.json", format: .json)) == found(whole))
    }

    @Test func removingAByteOrderMarkDoesNotMakeTextBinary() throws {
        // 5 odd bytes (4 NULs, a byte of no UTF-8 character) in 50: text by the 10% share; without the 3-byte BOM, in
        // 47, binary. byte-order-mark's fix then turned trailing data into a binary file, and the fixer rolled it back.
        let bytes = try regression("json/binary-after-byte-order-mark.json")
        let withMark = linter.lint(SourceText(bytes: bytes), fileName: "t.json", format: .json)
        let without = linter.lint(SourceText(bytes: Array(bytes.dropFirst(3))), fileName: "t.json", format: .json)
        #expect(found(withMark) == ["invalid-json -"])
        #expect(found(without) == found(withMark))
        #expect(withMark.diagnostics.first?.message == without.diagnostics.first?.message.replacingOccurrences(of: "offset 37", with: "offset 40"))
    }

    // MARK: 4. A request body is a body, whatever keys it holds

    @Test func whatRenderPrintsReadsBackAsTheSameRequestBody() throws {
        let bytes = try regression("json/payload-key-without-aps.json")
        let definition = linter.lint(SourceText(bytes: bytes), fileName: "t.json", format: .json)
        #expect(definition.definition?.shape == .envelope)
        let rendered = Array(try Renderer().render(definition).get().dropLast())  // the line, without its newline
        #expect(String(decoding: rendered, as: UTF8.self) == #"{"payload":{"x":1}}"#)
        // Read back as a definition file it is an envelope again, and renders {"x":1}: render was not idempotent.
        let body = linter.lint(SourceText(bytes: rendered), fileName: "t.json", format: .json, role: .requestBody)
        #expect(body.definition?.shape == .payload)
        #expect(try Renderer().render(body).get() == rendered + [0x0A])
        #expect(found(body) == ["missing-aps 0..<19"])
    }

    @Test func theLibraryReadsABodyWithAPayloadKeyAsTheBody() {
        let report = linter.lint(payload: Data(#"{"payload":{"aps":{"alert":"Hi"}}}"#.utf8))
        #expect(report.definition?.shape == .payload)
        #expect(report.definition?.payload?.fields["aps"] == nil)
        #expect(report.diagnostics.map(\.ruleID) == ["missing-aps", "nested-payload"])
    }

    @Test func aDialectKeyInARequestBodyIsCustomData() {
        // As a definition, "dialect" picks node-apn; in a body it is a key the app gets.
        let text = #"{"dialect":"node-apn","aps":{"alert":"Hi"}}"#
        let asDefinition = linter.lint(text, fileName: "t.json")
        #expect(asDefinition.dialects == [.nodeAPN])
        let asBody = linter.lint(payload: Data(text.utf8))
        #expect(asBody.dialects == [.apns])
        #expect(asBody.definition?.payload?.fields["dialect"]?.value.string == "node-apn")
        #expect(asBody.diagnostics.isEmpty)
    }

    // MARK: 5. The diff of a file with invalid UTF-8

    @Test func theDiffCarriesTheFilesOwnBytes() throws {
        let bytes = try regression("erlang/diff-of-invalid-utf8.erl")
        let result = linter.fix(SourceText(bytes: bytes), fileName: "t.erl", format: .erlang)
        let diff = UnifiedDiff.make(from: result.original, to: result.fixed, path: "t.erl")
        // Byte 0xE9 (Latin-1 "é") stays itself: it was written as U+FFFD (EF BF BD), so the patch did not apply.
        let expected = Array("--- a/t.erl\n+++ b/t.erl\n@@ -1,2 +1,2 @@\n % caf".utf8) + [0xE9]
            + Array(" comment\n-[{alert, <<\"Hi\">>}, {badge, <<\"5\">>}].\n+[{alert, <<\"Hi\">>}, {badge, 5}].\n".utf8)
        #expect(diff == expected)
    }
}
