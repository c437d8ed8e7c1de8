import APNSLint
import Foundation
import Testing

/// What the findings of a library call say: `rule pointer: message`, in report order.
private func findings(_ report: FileReport) -> [String] {
    report.diagnostics.map { "\($0.ruleID) \($0.pointer): \($0.message)" }
}

private func firstMessage(_ report: FileReport) -> String {
    report.diagnostics.first?.message ?? ""
}

/// A reminder as a server might model it; `deep-link` is a custom key beside `aps`.
private struct Reminder: Codable {
    struct APS: Codable {
        var alert: String
        var sound: String?
    }

    var aps: APS
    var deepLink: String

    enum CodingKeys: String, CodingKey {
        case aps
        case deepLink = "deep-link"
    }
}

/// An encoder whose output does not depend on the dictionary order of the run.
private func sortedEncoder(_ formatting: JSONEncoder.OutputFormatting = []) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = formatting.union(.sortedKeys)
    return encoder
}

private func requireSendable<T: Sendable>(_: T.Type) {}

@Suite("Library API: lint the request body before sending it")
struct LibraryAPITests {
    @Test func theAPITypesAreSendable() {
        requireSendable(Linter.self)
        requireSendable(FileReport.self)
        requireSendable(Diagnostic.self)
        requireSendable(PayloadEncodingError.self)
        requireSendable(Result<FileReport, PayloadEncodingError>.self)
    }

    @Test func aCleanPayloadWithHeadersHasNoFindings() {
        let body = Data(#"{"aps":{"alert":{"title":"Order shipped","body":"Two items arrive on Tuesday."},"sound":"default"},"order":10452}"#.utf8)
        let report = Linter().lint(payload: body, headers: [
            "apns-push-type": "alert", "APNS-Priority": "10", "apns-topic": "com.example.shop", "apns-collapse-id": "order-10452",
        ])
        #expect(report.diagnostics.isEmpty, "\(findings(report))")
        #expect(report.fileName == "<payload>")
        #expect(report.format == .json)
        #expect(report.source.bytes == [UInt8](body))
        // The headers are the request's, whatever the case of their names.
        #expect(report.definition?.headers.fields["apns-priority"]?.string == "10")
        #expect(report.definition?.headers.pushType == .alert)
    }

    @Test func priority10OnABackgroundPushGivenInTheHeaders() {
        let report = Linter().lint(payload: Data(#"{"aps":{"content-available":1}}"#.utf8),
                                   headers: ["apns-push-type": "background", "apns-priority": "10"])
        #expect(findings(report) == [
            #"background-priority-10 /headers/apns-priority: priority 10 on a background push: apns-push-type is background, and Apple says a background push must use priority 5 ("using priority 10 is an error"); APNs accepts it, but the system may deliver it late or never wake the app (node-apn issue #241)"#,
        ])
        let diagnostic = report.diagnostics[0]
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.range == nil)
        // The header is not in the bytes: the note names it as the caller gave it.
        #expect(diagnostic.notes.map(\.message) == ["apns-priority comes from the request headers: apns-priority: 10"])
    }

    /// Two spellings of one header: the one that sorts first counts, whatever the dictionary's order, and the other
    /// is reported, as HTTP/2 would send both.
    @Test func headerNamesDifferingOnlyInCaseResolveTheSameWayEveryTime() {
        let body = Data(#"{"aps":{"content-available":1}}"#.utf8)
        let headers = ["apns-push-type": "background", "apns-priority": "5", "APNS-Priority": "10"]
        let reports = (0..<8).map { _ in Linter().lint(payload: body, headers: headers) }
        #expect(reports.allSatisfy { $0.diagnostics.map(\.ruleID) == ["background-priority-10", "duplicate-header"] })
        #expect(reports[0].diagnostics.first?.notes.map(\.message) == ["apns-priority comes from the request headers: APNS-Priority: 10"])
        let duplicate = reports[0].diagnostics[1]
        #expect(duplicate.message == #"request header "apns-priority" is also given as "APNS-Priority" ("5" here, "10" there): header names are case-insensitive and HTTP/2 sends them in lowercase, so APNs gets apns-priority twice and answers 400 DuplicateHeaders"#)
        #expect(duplicate.severity == .error)
        #expect(duplicate.pointer.description == "/headers/apns-priority")
        #expect(duplicate.range == nil)
        #expect(duplicate.help == #"give "apns-priority" once"#)
        #expect(duplicate.notes.map(\.message) == ["apns-lint reads the request header APNS-Priority: 10"])
    }

    @Test func aHeaderGivenTwiceFollowsTheConfiguredSeverity() {
        let body = Data(#"{"aps":{"alert":"Hi"}}"#.utf8)
        let headers = ["apns-push-type": "alert", "APNS-TOPIC": "com.example.app", "apns-topic": "com.example.app"]
        #expect(Linter().lint(payload: body, headers: headers).diagnostics.map(\.message)
            == [#"request header "apns-topic" is also given as "APNS-TOPIC" (both "com.example.app"): header names are case-insensitive and HTTP/2 sends them in lowercase, so APNs gets apns-topic twice and answers 400 DuplicateHeaders"#])
        var settings = Settings()
        settings.rules["duplicate-header"] = RuleSetting(level: .off)
        #expect(Linter(configuration: Configuration(settings: settings)).lint(payload: body, headers: headers).diagnostics.isEmpty)
    }

    /// `extra` is what an apns_json term puts beside `aps`; in a request body it is just a custom key.
    @Test func theBodyIsAnAPNsPayloadNotAnotherLibrarysDefinition() {
        let report = Linter().lint(payload: Data(#"{"extra":{"order":10452}}"#.utf8))
        #expect(report.definitions.count == 1)
        #expect(report.dialects == [.apns])
        #expect(report.diagnostics.map(\.ruleID) == ["missing-aps"])
    }

    @Test func locArgsWithoutLocKeyPointsIntoTheBytes() {
        let body = #"{"aps":{"alert":{"title":"Game over","loc-args":["Ana","42"]}}}"#
        let report = Linter().lint(payload: Data(body.utf8), headers: ["apns-push-type": "alert"])
        #expect(findings(report) == [#"loc-args-without-loc-key /aps/alert/loc-args: "loc-args" is given without "loc-key": the arguments fill the placeholders of the "loc-key" string, so without it they are never shown (Firebase's SDKs reject this alert outright)"#])
        let range = report.diagnostics[0].range
        #expect(range.map { String(decoding: report.source.bytes[$0.start..<$0.end], as: UTF8.self) } == #""loc-args""#)
    }

    @Test func aPayloadOver4096BytesIsTooLarge() {
        let body = #"{"aps":{"alert":""# + String(repeating: "x", count: 4080) + #""}}"#
        #expect(body.utf8.count == 4100)
        let report = Linter().lint(payload: Data(body.utf8), headers: ["apns-push-type": "alert"])
        #expect(findings(report) == [
            "payload-too-large : the payload is 4100 bytes as sent (compact UTF-8 JSON), 4 over APNs's limit of 4096 bytes for a payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered",
        ])
        #expect(report.diagnostics[0].range == SourceRange(start: 0, end: 4100))
    }

    /// `JSONEncoder` writes `/` as `\/` unless told not to: the same value is 4094 bytes one way and 4106 the
    /// other, and the size rule counts the bytes the encoder really produced.
    @Test func theSizeRuleCountsTheEncodersBytes() throws {
        let path = String(repeating: "a/", count: 10)
        // {"aps":{"alert":"…"},"deep-link":"app://…"} is 41 bytes besides the alert and the path.
        let alert = String(repeating: "x", count: 4094 - 41 - path.utf8.count)
        let reminder = Reminder(aps: .init(alert: alert, sound: nil), deepLink: "app://" + path)
        let headers = ["apns-push-type": "alert"]

        let unescaped = try Linter().lint(reminder, encoder: sortedEncoder(.withoutEscapingSlashes), headers: headers).get()
        #expect(unescaped.source.bytes.count == 4094)
        #expect(findings(unescaped) == [
            "payload-near-limit : the payload is 4094 bytes as sent (compact UTF-8 JSON), 99.9% of APNs's limit of 4096 bytes for a payload (the warning threshold is 90%); only 2 bytes are left for text filled in at send time, and over the limit APNs rejects it with 413 PayloadTooLarge and nothing is delivered",
        ])

        let escaped = try Linter().lint(reminder, encoder: sortedEncoder(), headers: headers).get()
        #expect(escaped.source.bytes.count == 4106)
        #expect(findings(escaped) == [
            #"payload-too-large : the payload is 4106 bytes as sent (compact JSON with / escaped as \/, as the foundation serializer writes it), 10 over APNs's limit of 4096 bytes for a payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered; as compact UTF-8 it would be 4094 bytes: the foundation serializer's \/ escapes add 12"#,
        ])
    }

    /// Bytes are measured as they are, whatever serializer the linter was built with; its other settings stay.
    @Test func bytesAreMeasuredAsTheyAreWithTheLintersOtherSettings() {
        let linter = Linter(options: RuleOptions(nearLimitShare: 0.5))
        // 2100 bytes as written; 2000 once the 100 `\/` are written as `/`.
        let body = #"{"aps":{"alert":""# + String(repeating: "x", count: 1880) + String(repeating: #"\/"#, count: 100) + #""}}"#
        #expect(body.utf8.count == 2100)
        #expect(firstMessage(linter.lint(payload: Data(body.utf8))).hasPrefix(
            #"the payload is 2100 bytes as sent (compact JSON with / escaped as \/, as the foundation serializer writes it), 51.2% of"#))
        // Compact bytes are compact, even for a linter told its sender escapes non-ASCII.
        let compact = Data(#"{"aps":{"alert":"Café"}}"#.utf8)
        let report = Linter(options: RuleOptions(nearLimitShare: 0.001, serializer: .ascii)).lint(payload: compact)
        #expect(firstMessage(report).hasPrefix("the payload is 25 bytes as sent (compact UTF-8 JSON), 0.6% of"))
        // Whitespace no serializer writes: APNs counts the bytes it receives, all 33 of them.
        let pretty = Data("{\n  \"aps\" : {\"alert\": \"Café\"}\n}\n".utf8)
        #expect(pretty.count == 33)
        #expect(firstMessage(Linter(options: RuleOptions(nearLimitShare: 0.001)).lint(payload: pretty))
            .hasPrefix("the payload is 33 bytes as sent (the request body's bytes), 0.8% of APNs's limit of 4096 bytes for a payload (the warning threshold is 0.1%); only"))
    }

    /// A pretty-printing encoder sends more than the compact payload: a body over the limit is rejected, however
    /// small its compact form.
    @Test func aPrettyPrintedBodyIsMeasuredAsSent() throws {
        struct Note: Encodable {
            struct APS: Encodable { var alert: String }
            var aps: APS
            var items: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let note = Note(aps: .init(alert: "Your order"), items: Array(repeating: "item", count: 420))
        let report = try Linter().lint(note, encoder: encoder, headers: ["apns-push-type": "alert"]).get()
        let sent = report.source.bytes.count
        let compact = try #require(report.definition?.objectPayloadSize)
        #expect(sent > 4096 && compact < 4096)
        #expect(report.diagnostics.map(\.ruleID) == ["payload-too-large"])
        #expect(firstMessage(report).hasPrefix(
            "the payload is \(sent) bytes as sent (the request body's bytes), \(sent - 4096) over APNs's limit of 4096 bytes for a payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered; as compact UTF-8 it would be \(compact) bytes: its whitespace and escapes add \(sent - compact)"))
    }

    @Test func anEncodingFailureIsAValue() {
        struct Ranked: Encodable {
            struct APS: Encodable {
                var alert = "Top story"
                var relevanceScore = Double.nan
                enum CodingKeys: String, CodingKey {
                    case alert
                    case relevanceScore = "relevance-score"
                }
            }

            var aps = APS()
        }
        let result = Linter().lint(Ranked(), headers: ["apns-push-type": "alert"])
        guard case .failure(let error) = result else {
            Issue.record("expected an encoding failure, got \(result)")
            return
        }
        #expect(error.pointer == JSONPointer(["aps", "relevance-score"]))
        #expect(error.message == "Unable to encode Double.nan directly in JSON.")
        #expect(error.description == "cannot encode the payload at /aps/relevance-score: Unable to encode Double.nan directly in JSON.")
    }

    @Test func anEncodingFailureInAnArrayNamesTheIndex() {
        let result = Linter().lint(["aps": [1.0, .infinity]])
        #expect(result.map(\.diagnostics) == .failure(PayloadEncodingError(
            message: "Unable to encode Double.inf directly in JSON.", pointer: JSONPointer(["aps", "1"]))))
    }

    @Test func theSameInputGivesTheSameReportFromConcurrentTasks() async {
        let linter = Linter()
        let body = Data(#"{"aps":{"alert":{"loc-args":["x"]},"content-available":true,"badge":"5"},"u":"a/b"}"#.utf8)
        let headers = ["apns-push-type": "background", "apns-priority": "10", "apns-collapse-id": String(repeating: "c", count: 65)]
        let reminder = Reminder(aps: .init(alert: "Stand-up in 5 minutes", sound: "default"), deepLink: "app://standup/today")
        let expected = (linter.lint(payload: body, headers: headers).diagnostics,
                        try? linter.lint(reminder, encoder: sortedEncoder(), headers: headers).get().diagnostics)
        #expect(expected.0.count > 3)
        let results = await withTaskGroup(of: ([Diagnostic], [Diagnostic]?).self) { group in
            for _ in 0..<64 {
                group.addTask {
                    (linter.lint(payload: body, headers: headers).diagnostics,
                     try? linter.lint(reminder, encoder: sortedEncoder(), headers: headers).get().diagnostics)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0.0 == expected.0 && $0.1 == expected.1 })
    }
}

/// Issue 20: standard input without a name is read in the format its content shows.
@Suite("InputFormat.detect(content:)")
struct ContentDetectionTests {
    @Test("the format, why, and whether the text reads as it", arguments: [
        ("{\"aps\": {}}", InputFormat.json, "it starts with '{'", true),
        ("\u{FEFF}  [1]", .json, "it starts with '['", true),
        ("{\"aps\": {}", .json, "it starts with '{'", false),
        ("", .json, "it is empty", true),
        ("[{aps, [{alert, <<\"Hi\">>}]}].\n% the end\n", .erlang, "it ends with '.', as an Erlang term does", true),
        ("[{aps, [{alert, <<\"Hi\">>}]}]", .erlang, "it holds <<\"…\">> binaries", false),
        ("{aps, 1}", .erlang, "it holds {aps, …} tuples", false),
        ("% a comment\n[{aps, []}].", .erlang, "it starts with a % comment", true),
        ("aps.", .erlang, "it ends with '.', as an Erlang term does", true),
        ("{aps: {alert: Hi}}", .yaml, "it starts with a YAML flow mapping, {aps: …}", true),
        ("%YAML 1.2\n---\naps: {}\n", .yaml, "it starts with a YAML directive", true),
        ("aps:\n  alert: See you.\n", .yaml, "it does not start with '{' or '[' and is no Erlang term", true),
        ("aps:\n\talert: Hi\n", .yaml, "it does not start with '{' or '[' and is no Erlang term", false),
    ])
    func detect(_ text: String, _ format: InputFormat, _ reason: String, _ certain: Bool) {
        #expect(InputFormat.detect(content: Array(text.utf8)) == ContentDetection(format: format, reason: reason, isCertain: certain))
    }
}
