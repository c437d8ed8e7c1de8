@testable import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// `count` small objects, one per line, as the benchmark's large file holds them.
private func items(_ count: Int) -> String {
    (0..<count).map { #"{"id":\#($0),"name":"item \#($0)","price":\#($0 % 1000).\#($0 % 100),"tags":["a","b"],"ok":\#($0 % 3 == 0)}"# }
        .joined(separator: ",\n")
}

/// A linter that keeps at most `limit` bytes of a container's text (nil: everything), with a fixed present.
private func linter(_ limit: Int?, options: RuleOptions = RuleOptions(now: 1_800_000_000)) -> Linter {
    var linter = Linter(options: options)
    linter.retentionLimit = limit
    return linter
}

private func lint(_ text: String, limit: Int?, options: RuleOptions = RuleOptions(now: 1_800_000_000), format: InputFormat = .json) -> FileReport {
    linter(limit, options: options).lint(text, fileName: "big.\(format.fileExtensions[0])", format: format)
}

/// What a report says, without its help (which lists the largest values, an elided container among them).
private func findings(_ report: FileReport) -> [String] {
    report.diagnostics.map { "\($0.ruleID)@\($0.range.map(\.description) ?? "-"): \($0.message)" }
}

@Suite("Linting a definition larger than the retention limit")
struct ElisionTests {
    static let limit = 2048

    @Test("huge custom data in an array: payload-too-large with the exact size, and aps still checked")
    func customArray() throws {
        let text = #"{"aps": {"alert": "Hi", "badge": "3"}, "data": ["# + items(2_000) + "]}"
        let report = lint(text, limit: Self.limit)
        let whole = lint(text, limit: nil)
        #expect(report.definition?.elision == .inCustomData)
        #expect(report.ruleIDs == ["payload-too-large", "badge-invalid"])
        #expect(findings(report) == findings(whole))
        let size = try #require(report.definition?.objectPayloadSize)
        #expect(size == whole.definition?.objectPayloadSize)
        let tooLarge = report.diagnostics[0]
        #expect(tooLarge.message == "the payload is \(size) bytes as sent (compact UTF-8 JSON), \(size - 4096) over APNs's limit of 4096 bytes for a payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered")
        let data = try #require(report.definition?.payload?.fields["data"]?.value.elided)
        #expect(tooLarge.help == "cut at least \(size - 4096) bytes; the largest values are /data (\(data.compactLength) bytes), /aps/alert (4 bytes), /aps/badge (3 bytes); send large content by reference (an id or URL the app fetches)")
        #expect(report.diagnostics[1].message.hasPrefix(#""badge" must be a whole number"#))
        // The tree itself: aps kept, data summarized.
        #expect(report.definition?.payload?.aps?.badge?.value.string == "3")
        #expect(report.definition?.payload?.fields["data"]?.value.elided?.count == 2_000)
    }

    @Test("huge custom data in an object: the same finding, nothing about what was elided")
    func customObject() throws {
        let members = (0..<2_000).map { #""k\#($0)": {"id": \#($0), "ok": true, "tags": ["a"]}"# }.joined(separator: ",\n")
        let text = #"{"aps": {"alert": "Hi"}, "data": {"# + members + "}}"
        let report = lint(text, limit: Self.limit)
        #expect(report.ruleIDs == ["payload-too-large"])
        #expect(findings(report) == findings(lint(text, limit: nil)))
        #expect(report.definition?.payload?.fields["data"]?.value.elided?.isObject == true)
    }

    @Test("an envelope: headers and aps checked, the payload's custom data elided")
    func envelope() {
        let text = #"{"headers": {"apns-push-type": "background", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1}, "data": ["# + items(2_000) + "]}}"
        let report = lint(text, limit: Self.limit)
        #expect(report.definition?.elision == .inCustomData)
        #expect(findings(report) == findings(lint(text, limit: nil)))
        #expect(report.ruleIDs.sorted() == ["background-priority-10", "payload-too-large"])
    }

    @Test("a top-level array: payload-not-object, as without a limit")
    func rootArray() throws {
        let text = "[" + items(2_000) + "]\n"
        let report = lint(text, limit: Self.limit)
        #expect(report.definition?.root.elided != nil)
        #expect(report.definition?.elision == .inModel)
        #expect(findings(report) == findings(lint(text, limit: nil)))
        #expect(report.diagnostics.map(\.message) == [#"the payload is an array, but APNs expects a JSON object with an "aps" dictionary"#])
    }

    @Test("a top-level object elided whole: a payload or an envelope, nothing is judged but duplicate keys")
    func rootObject() throws {
        let members = (0..<3_000).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ")
        let text = "{" + members + #", "aps": {"alert": "", "badge": -1}}"#
        let report = lint(text, limit: Self.limit)
        #expect(report.definition?.root.elided?.isObject == true)
        #expect(report.definition?.elision == .inModel)
        #expect(report.definition?.payload == nil)
        #expect(report.diagnostics.isEmpty)
        // With a duplicate key, that is reported.
        let duplicated = lint("{" + members + #", "k7": 0}"#, limit: Self.limit)
        #expect(duplicated.ruleIDs == ["duplicate-key"])
        #expect(duplicated.diagnostics.first?.pointer.description == "/k7")
        // As a request body it is a payload, measured by its bytes.
        let body = linter(Self.limit).lint(payload: Data(text.utf8))
        #expect(body.ruleIDs == ["payload-too-large"])
        #expect(findings(body) == findings(linter(nil).lint(payload: Data(text.utf8))).filter { $0.hasPrefix("payload-too-large") })
    }

    @Test("aps itself elided: the size is still judged, aps's rules do not run")
    func apsElided() {
        let text = #"{"aps": {"alert": "Hi", "x": ["# + items(2_000) + "]}}"
        let report = lint(text, limit: Self.limit)
        #expect(report.definition?.elision == .inModel)
        #expect(report.ruleIDs == ["payload-too-large"])
        #expect(findings(lint(text, limit: nil)).contains(findings(report)[0]))
    }

    @Test("a duplicate key inside elided data: reported where it is, and the size is a lower bound")
    func duplicateInElided() throws {
        let text = #"{"aps": {"alert": "Hi"}, "data": ["# + items(1_000) + #", {"a": 1, "a": 2}, "# + items(1_000) + "]}"
        let report = lint(text, limit: Self.limit)
        let whole = lint(text, limit: nil)
        #expect(report.ruleIDs == ["payload-too-large", "duplicate-key"])
        let source = SourceText(text)
        let duplicate = report.diagnostics[1]
        #expect(duplicate.pointer.description == "/data/1000/a")
        #expect(duplicate.range.map(source.text) == #""a""#)
        #expect(duplicate.message == #"duplicate key "a": the same object sets it again later; JSON parsers disagree on which value wins, so the request APNs gets may not be the one you reviewed"#)
        #expect(duplicate.notes.map(\.message) == ["set again here", "apns-lint read /data (\(text.utf8.count - 34) bytes) without keeping it in memory, so only its first duplicate key is reported"])
        #expect(duplicate.fix == nil)
        // The same place and rule as the whole document's finding.
        #expect(whole.diagnostics.contains { $0.ruleID == "duplicate-key" && $0.range == duplicate.range && $0.pointer == duplicate.pointer })
        let wholeSize = try #require(whole.definition?.objectPayloadSize)
        let tooLarge = report.diagnostics[0].message
        let atLeast = try #require(Int(tooLarge.dropFirst("the payload is at least ".count).prefix { $0.isNumber }))
        #expect(tooLarge.hasPrefix("the payload is at least "))
        #expect(atLeast <= wholeSize && atLeast > wholeSize - 20)
    }

    @Test("in another serializer style the size of elided data is a lower bound: \"at least\"")
    func otherStyle() throws {
        let text = #"{"aps": {"alert": "Hi"}, "data": ["# + items(2_000) + "]}"
        let report = lint(text, limit: Self.limit, options: RuleOptions(now: 1_800_000_000, serializer: .ascii))
        let message = try #require(report.diagnostics.first?.message)
        #expect(message.hasPrefix("the payload is at least "))
        #expect(message.contains(", at least "))
        #expect(report.diagnostics.first?.help?.contains("/data (at least ") == true)
    }

    @Test("a definition in another system's format is read whole: its dialect reads the document itself")
    func dialectReadWhole() {
        let text = #"{"pushType": "alert", "alert": "Hi", "payload": {"data": ["# + items(2_000) + "]}}"
        let report = lint(text, limit: Self.limit)
        #expect(report.dialects == [.nodeAPN])
        #expect(report.definition?.elision == Optional(.none))
        #expect(report.diagnostics == lint(text, limit: nil).diagnostics)
    }

    @Test("a request body larger than the limit is measured by its bytes")
    func requestBody() throws {
        let text = #"{"aps": {"alert": "Hi"}, "data": ["# + items(2_000) + "]}"
        let report = linter(Self.limit).lint(payload: Data(text.utf8))
        let whole = linter(nil).lint(payload: Data(text.utf8))
        #expect(report.definition?.elision == .inCustomData)
        #expect(findings(report) == findings(whole))
        #expect(report.diagnostics.first?.message.hasPrefix("the payload is \(text.utf8.count) bytes as sent (the request body's bytes)") == true)
    }

    @Test("render writes the exact payload: the report is made again from the whole text")
    func renderIsExact() throws {
        let text = #"{"aps": {"alert": "Hi"}, "data": ["# + items(2_000) + "]}"
        let report = lint(text, limit: Self.limit)
        #expect(report.definition?.payloadBytes == nil)
        let rendered = try Renderer().render(report).get()
        let expected = try Renderer().render(lint(text, limit: nil)).get()
        #expect(rendered == expected)
        #expect(rendered.count == (report.definition?.objectPayloadSize ?? 0) + 1)
    }

    @Test("fix reads the whole text: the same fixes as without a limit")
    func fixIsWhole() {
        let text = #"{"aps": {"alert": "Hi", "sound": ""}, "data": ["# + items(1_000) + #", {"a": 1, "a": 2,}, "# + items(1_000) + "]}"
        let fixed = linter(Self.limit).fix(SourceText(text), fileName: "big.json", format: .json, options: FixOptions(includeUnsafe: true))
        let whole = linter(nil).fix(SourceText(text), fileName: "big.json", format: .json, options: FixOptions(includeUnsafe: true))
        #expect(fixed.fixed == whole.fixed)
        #expect(fixed.applied == whole.applied && fixed.applied >= 2)
        #expect(fixed.report.diagnostics == whole.report.diagnostics)
    }

    @Test("a directory walk skips a found file whose top level was elided, and says why")
    func sniffElidedRoot() throws {
        let text = "[" + items(30_000) + "]"
        let source = SourceText(text)
        let parsed = InputFormat.json.read(source)
        #expect(parsed.hasElidedContent)
        let reason = try #require(DefinitionSniff.skipReason(parsed, source: source, format: .json, fileName: nil))
        #expect(reason == "its top level is an array of 30000 elements and \(text.utf8.count) bytes, too large to look through for a notification definition (name the file to lint it)")
    }

    // MARK: No false finding

    @Test("on every example, each limit reports nothing the whole read does not (rule and range), and no more when nothing was elided")
    func examplesAddNoFinding() throws {
        let root = packageRoot.appendingPathComponent("Examples")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            expectNoFalseFinding(text, what: file)
        }
    }

    @Test("on generated definitions with large parts in every place, no limit adds a finding")
    func generatedAddNoFinding() {
        let big = "[" + items(40) + "]"
        let bigObject = "{" + (0..<40).map { #""k\#($0)": [\#($0), "x", {"a": \#($0)}]"# }.joined(separator: ", ") + "}"
        let places = [
            #"{"aps": {"alert": {"title": "T", "body": "B", "loc-args": %}, "badge": 1}, "id": 7}"#,
            #"{"aps": {"alert": "Hi", "sound": %}, "x": 1}"#,
            #"{"aps": {"content-available": 1, "content-state": %, "event": "update", "timestamp": 1}}"#,
            #"{"aps": {"alert": "Hi"}, "wrapped": {"aps": {"alert": "Inner"}, "data": %}}"#,
            #"{"headers": %, "payload": {"aps": {"alert": "Hi"}}}"#,
            #"{"headers": {"apns-push-type": "alert"}, "payload": %}"#,
            #"{"headers": {"apns-topic": "com.example"}, "device-token": %, "payload": {"aps": {"alert": "Hi"}}}"#,
            #"{"aps": %, "mdm": "x"}"#,
            #"{"mdm": %}"#,
            #"{"aps": {"alert": "Hi"}, "meta": {"aps": "x", "more": %}, "apns-topic": "x"}"#,
            #"{"aps": {"alert": "Hi", "badge": 1, "badge": 2}, "a": %, "a": 1}"#,
            #"{"aps": {"alert": "Hi"}, "a": [%, %, %]}"#,
            #"[{"aps": {"alert": "Hi"}}, %]"#,
            #"%"#,
        ]
        for place in places {
            for value in [big, bigObject, "[" + big + "," + bigObject + "]"] {
                expectNoFalseFinding(place.replacingOccurrences(of: "%", with: value), what: place)
            }
        }
    }

    private func expectNoFalseFinding(_ text: String, what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = lint(text, limit: nil)
        let found = Set(whole.diagnostics.map { "\($0.ruleID)@\($0.range.map(\.description) ?? "-")" })
        for limit in [0, 16, 200, 1000] {
            let report = lint(text, limit: limit)
            for diagnostic in report.diagnostics where !found.contains("\(diagnostic.ruleID)@\(diagnostic.range.map(\.description) ?? "-")") {
                Issue.record("limit \(limit), \(what): \(diagnostic.ruleID) \(diagnostic.message)", sourceLocation: sourceLocation)
            }
            if report.definitions.allSatisfy({ $0.elision == .none }) {
                #expect(report.diagnostics == whole.diagnostics, "limit \(limit), \(what)", sourceLocation: sourceLocation)
            }
        }
    }
}
