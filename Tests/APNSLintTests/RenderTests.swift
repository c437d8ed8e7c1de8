import APNSLint
import Foundation
import Testing

private func rendered(_ text: String, fileExtension: String = "json", renderer: Renderer = Renderer()) throws -> String {
    let report = lint(text, fileExtension: fileExtension)
    let bytes = try renderer.render(report).get()
    return String(decoding: bytes, as: UTF8.self)
}

/// The size a message of payload-too-large or payload-near-limit gives ("the payload is N bytes").
private func measuredSize(_ report: FileReport, rule: String) -> Int? {
    guard let message = report.diagnostics.first(where: { $0.ruleID == rule })?.message,
          let match = message.firstMatch(of: /the payload is (\d+) bytes/) else { return nil }
    return Int(match.1)
}

@Suite("Renderer: the request each definition produces")
struct RenderTests {
    @Test func jsonEnvelopeRendersThePayloadCompactWithANewline() throws {
        let text = """
            {
              "headers": {"apns-push-type": "alert"},
              "payload": {"aps": {"alert": "Hi / é"}, "id": 1.50}
            }
            """
        #expect(try rendered(text) == "{\"aps\":{\"alert\":\"Hi / é\"},\"id\":1.50}\n")
    }

    @Test func yamlStreamRendersOneLinePerDocument() throws {
        let text = """
            payload:
              aps: {alert: One}
            ---
            payload:
              aps:
                content-available: 1
              n: 0x1F
            """
        #expect(try rendered(text, fileExtension: "yaml") == "{\"aps\":{\"alert\":\"One\"}}\n{\"aps\":{\"content-available\":1},\"n\":31}\n")
    }

    @Test func erlangRendersTheRequestTheLibraryBuilds() throws {
        let text = "[\n    {'alert', <<\"Would you like to play a game?\">>}\n].\n"
        #expect(try rendered(text, fileExtension: "erl")
            == "{\"aps\":{\"alert\":\"Would you like to play a game?\",\"content-available\":1}}\n")
    }

    @Test func headersComeFirstInAStableOrderThenAnEmptyLine() throws {
        let text = """
            {
              "headers": {"APNs-Topic": "com.example.app", "apns-priority": 5, "x-custom": "1", "apns-push-type": "background"},
              "device-token": "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0",
              "payload": {"aps": {"content-available": 1}}
            }
            """
        #expect(try rendered(text, renderer: Renderer(includeHeaders: true)) == """
            :path: /3/device/00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0
            apns-push-type: background
            apns-priority: 5
            apns-topic: com.example.app
            x-custom: 1

            {"aps":{"content-available":1}}

            """)
    }

    @Test func prettyIsForPeople() throws {
        #expect(try rendered(#"{"aps": {"alert": "Hi"}}"#, renderer: Renderer(pretty: true)) == """
            {
              "aps": {
                "alert": "Hi"
              }
            }

            """)
    }

    @Test func serializerStyleApplies() throws {
        #expect(try rendered(#"{"aps": {"alert": "<é/>"}}"#, renderer: Renderer(style: .ascii)) == "{\"aps\":{\"alert\":\"<\\u00e9/>\"}}\n")
        #expect(try rendered(#"{"aps": {"alert": "<é/>"}}"#, renderer: Renderer(style: .go)) == "{\"aps\":{\"alert\":\"\\u003cé/\\u003e\"}}\n")
        #expect(try rendered(#"{"aps": {"alert": "<é/>"}}"#, renderer: Renderer(style: .foundation)) == "{\"aps\":{\"alert\":\"<é\\/>\"}}\n")
    }

    @Test func syntaxErrorsStopRenderingWithConciseLines() {
        let report = lint("{\"aps\": {\"alert\": \"x\",}}")
        guard case .failure(let failure) = Renderer().render(report) else {
            Issue.record("a file with a trailing comma was rendered")
            return
        }
        #expect(failure.messages.count == 1)
        #expect(failure.messages.first?.hasPrefix("test.json:1:22: error: ") == true)
        #expect(failure.messages.first?.hasSuffix(" [invalid-json]") == true)
    }

    /// The size the rule reports is the byte count of what render prints (without its newline).
    @Test func sizePrintedEqualsTheByteCountOfWhatIsPrinted() throws {
        let text = "{\n  \"aps\": {\"alert\": \"" + String(repeating: "é😀 ", count: 600) + "\"},\n  \"dup\": 1, \"dup\": 22\n}"
        for style in WireSerializer.Style.allCases {
            let report = lint(text, options: RuleOptions(serializer: style))
            let output = try Renderer(style: style).render(report).get()
            let measured = try #require(measuredSize(report, rule: "payload-too-large"))
            #expect(measured == output.count - 1, "\(style)")
            #expect(output.last == 0x0A)
        }
    }

    @Test func nearLimitSizeMatchesTheRenderedBytesToo() throws {
        let text = #"{"aps": {"alert": ""# + String(repeating: "a/", count: 1900) + #""}}"#
        let report = lint(text)
        let output = try Renderer().render(report).get()
        #expect(measuredSize(report, rule: "payload-near-limit") == output.count - 1)
    }
}

@Suite("payload-too-large with a serializer: when escaping pushes a payload over")
struct SerializerSizeMessageTests {
    // 17 + 2 × 2015 + 3 = 4050 bytes compact; the ascii serializer writes each é as 6 bytes: 12110.
    let text = #"{"aps": {"alert": ""# + String(repeating: "é", count: 2015) + #""}}"#

    @Test func compactFitsSoOnlyTheNearLimitWarningFires() {
        #expect(lint(text).ruleIDs == ["payload-near-limit"])
    }

    @Test func theMessageSaysTheEscapesAreWhatPushesItOver() throws {
        let report = lint(text, options: RuleOptions(serializer: .ascii))
        let diagnostic = try #require(report.diagnostics.first { $0.ruleID == "payload-too-large" })
        #expect(diagnostic.message == #"the payload is 12110 bytes as sent (compact JSON with non-ASCII escaped as \uXXXX, as the ascii serializer writes it), 8014 over APNs's limit of 4096 bytes for a payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered; as compact UTF-8 it would be 4050 bytes: the ascii serializer's \uXXXX escapes add 8060"#)
    }

    @Test func goAndFoundationEscapesAreCountedAndNamed() throws {
        let html = #"{"aps": {"alert": ""# + String(repeating: "</>&", count: 1010) + #""}}"#
        // 20 + 4040 = 4060 bytes compact.
        let go = try #require(lint(html, options: RuleOptions(serializer: .go)).diagnostics.first { $0.ruleID == "payload-too-large" })
        #expect(go.message.hasPrefix("the payload is 19210 bytes as sent"))
        #expect(go.message.hasSuffix(#"as compact UTF-8 it would be 4060 bytes: the go serializer's \u003c, \u003e, \u0026, \u2028 and \u2029 escapes add 15150"#))
        let foundation = try #require(lint(html, options: RuleOptions(serializer: .foundation)).diagnostics.first { $0.ruleID == "payload-too-large" })
        #expect(foundation.message.hasPrefix("the payload is 5070 bytes as sent"))
        #expect(foundation.message.hasSuffix(#"as compact UTF-8 it would be 4060 bytes: the foundation serializer's \/ escapes add 1010"#))
    }

    @Test func noEscapingClauseWhenTheCompactPayloadIsOverToo() throws {
        let big = #"{"aps": {"alert": ""# + String(repeating: "é", count: 2100) + #""}}"#
        let diagnostic = try #require(lint(big, options: RuleOptions(serializer: .ascii)).diagnostics.first { $0.ruleID == "payload-too-large" })
        #expect(!diagnostic.message.contains("as compact UTF-8 it would be"))
    }

    @Test func nearLimitSaysSoWhenEscapingBringsItNear() throws {
        // 20 + 3700 = 3720 bytes compact: already above 90% of 4096 (3686.4), so escaping is not what brings it near.
        let text = #"{"aps": {"alert": ""# + String(repeating: "x", count: 3500) + String(repeating: "/", count: 200) + #""}}"#
        let over = try #require(lint(text, options: RuleOptions(serializer: .foundation)).diagnostics.first { $0.ruleID == "payload-near-limit" })
        #expect(!over.message.contains("as compact UTF-8"))
        // 3620 bytes compact (under the threshold), 3820 with \/.
        let under = #"{"aps": {"alert": ""# + String(repeating: "x", count: 3400) + String(repeating: "/", count: 200) + #""}}"#
        let diagnostic = try #require(lint(under, options: RuleOptions(serializer: .foundation)).diagnostics.first { $0.ruleID == "payload-near-limit" })
        #expect(diagnostic.message.contains("; as compact UTF-8 it would be 3620 bytes: the foundation serializer's \\/ escapes add 200;"))
    }
}
