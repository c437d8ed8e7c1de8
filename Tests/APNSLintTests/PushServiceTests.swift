import APNSLint
import Foundation
import Testing

/// FCM HTTP v1 requests and Amazon SNS messages: read as the APNs request(s) each service sends, every finding at what
/// the user wrote.
private func render(_ report: FileReport, headers: Bool = true) -> String? {
    (try? Renderer(includeHeaders: headers).render(report).get()).map { String(decoding: $0, as: UTF8.self) }
}

private func finding(_ report: FileReport, _ rule: String) -> Diagnostic? {
    report.diagnostics.first { $0.ruleID == rule }
}

/// The FCM body of issue 36: a background push with an alert, at priority 10, with a string badge.
private let fcmBody = """
    {
      "message": {
        "token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1",
        "notification": {"title": "Hi", "body": "there"},
        "apns": {
          "headers": {"apns-priority": "10", "apns-push-type": "background"},
          "payload": {"aps": {"content-available": 1, "alert": "x", "badge": "3"}}
        }
      }
    }
    """

/// The SNS message of issue 36: the payload inside the APNS string has a string badge and `true` for content-available.
private let snsBody = #"""
    {"default": "hi", "APNS": "{\"aps\":{\"alert\":\"hi\",\"badge\":\"3\",\"content-available\":true}}"}
    """#

@Suite("FCM HTTP v1: the APNs request FCM sends")
struct FCMDialectTests {
    @Test func theIssueBodyIsAnFCMRequestWithItsAPNsFindings() {
        let report = lint(fcmBody)
        #expect(report.dialects == [.fcm])
        #expect(report.summary == [
            "background-priority-10@6:36", "background-with-alert@7:51", "background-with-alert@7:65", "badge-invalid@7:74",
        ])
        #expect(!report.ruleIDs.contains { $0.hasPrefix("dialect-") })
        // apns.payload's string alert wins over the notification's title and body; FCM's default expiration needs a
        // send time, which this lint has not.
        #expect(render(report) == """
            apns-push-type: background
            apns-priority: 10

            {"aps":{"content-available":1,"alert":"x","badge":"3"}}

            """)
    }

    @Test func fcmsDefaultPriorityPointsAtApnsAndSaysItIsFCMs() throws {
        let body = """
            {
              "message": {
                "token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1",
                "apns": {
                  "payload": {"aps": {"content-available": 1}}
                }
              }
            }
            """
        let report = lint(body)
        let priority = try #require(finding(report, "background-priority-10"))
        #expect(report.source.position(of: try #require(priority.range).start).description == "4:5")
        #expect(report.source.text(try #require(priority.range)) == "\"apns\"")
        #expect(priority.notes.map(\.message) == ["apns-priority 10 is FCM's default: apns sets no apns-priority header, and FCM then sends 10"])
        #expect(priority.fix == nil)
        #expect(priority.help == "set it in the message: \"apns\": {\"headers\": {\"apns-priority\": \"5\"}}")
        // A data message to Apple at FCM's default priority: FCM refuses it.
        let rejected = try #require(finding(report, "fcm-data-only-high-priority"))
        #expect(rejected.severity == .error)
        #expect(rejected.message.hasPrefix("no apns-priority, so FCM sends its default, 10, but a data message"))
        #expect(rejected.message.contains("INVALID_ARGUMENT"))
        #expect(report.summary == ["push-type-missing@1:1", "background-priority-10@4:5", "fcm-data-only-high-priority@4:5"])
    }

    @Test func withNoApnsTheDefaultPointsAtMessage() throws {
        let report = lint(#"{"message": {"topic": "sync", "data": {"inbox": "3"}}}"#)
        let rejected = try #require(finding(report, "fcm-data-only-high-priority"))
        // No apns block: the message may be for Android only.
        #expect(rejected.severity == .warning)
        #expect(report.source.text(try #require(rejected.range)) == "\"data\"")
    }

    @Test func theRequestFCMSendsIsRenderedWithFCMsDefaultsNamed() throws {
        let body = #"{"message": {"topic": "news", "notification": {"title": "Hi", "body": "there"}, "data": {"story": "42"}, "apns": {"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"badge": 3}}}}}"#
        let report = Linter(options: RuleOptions(now: 1_800_000_000)).lint(body, fileName: "push.json")
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
        #expect(render(report) == """
            apns-push-type: alert
            apns-expiration: 1802592000
            apns-priority: 10

            {"aps":{"badge":3,"alert":{"title":"Hi","body":"there"}},"story":"42"}

            """)
        #expect(Renderer(includeHeaders: true).defaultNotes(for: report) == [
            "push.json:1:106: note: apns-priority 10 is FCM's default: apns sets no apns-priority header, and FCM then sends 10",
            "push.json:1:106: note: apns-expiration is FCM's default, 30 days after sending: apns sets no apns-expiration header",
        ])
    }

    @Test func aLiveActivityTokenMakesFCMSendTheLiveActivityPushType() throws {
        let body = #"{"message": {"token": "t", "apns": {"live_activity_token": "la", "headers": {"apns-priority": "10"}, "payload": {"aps": {"timestamp": 1700000000, "event": "update", "content-state": {"score": 1}}}}}}"#
        let report = lint(body)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
        #expect(render(report)?.hasPrefix("apns-push-type: liveactivity\napns-priority: 10\n") == true)
        // Without its timestamp, the Live Activity rules run on the request FCM sends.
        let missing = lint(body.replacingOccurrences(of: #""timestamp": 1700000000, "#, with: ""))
        #expect(missing.ruleIDs == ["liveactivity-missing-field"])
    }

    @Test func aDataMessageWithoutApnsRendersNoAPNsRequest() throws {
        let report = lint(#"{"message": {"topic": "sync", "data": {"inbox": "3"}}}"#)
        let failure = try #require(Renderer().render(report).failure)
        #expect(failure.messages == ["test.json: error: the definition sends nothing to APNs: FCM refuses an apns.payload without aps, and for a data message with no apns payload its documentation does not say what an Apple device gets (render --target fcm prints the FCM request)"])
        #expect((try? Renderer(target: .fcm).render(report).get()).map { String(decoding: $0, as: UTF8.self) } == #"{"message":{"topic":"sync","data":{"inbox":"3"}}}"# + "\n")
    }

    @Test func anImageGoesToFcmOptionsAndNeedsMutableContent() {
        let report = lint(#"{"message": {"topic": "news", "notification": {"title": "Hi", "image": "https://example.com/a.png"}, "apns": {"headers": {"apns-push-type": "alert"}}}}"#)
        #expect(report.summary == ["fcm-image-without-mutable-content@1:63"])
        #expect(render(report, headers: false) == #"{"aps":{"alert":{"title":"Hi"}},"fcm_options":{"image":"https://example.com/a.png"}}"# + "\n")
    }

    @Test func fcmsOwnChecks() {
        // Two targets, a number in apns.headers, an unknown field, an apns.payload without aps.
        let report = lint(#"{"message": {"token": "t1", "topic": "a b", "priority": "high", "apns": {"headers": {"apns-priority": 5}, "payload": {"sync": 1}}}}"#)
        #expect(report.summary == [
            "fcm-target-invalid@1:29", "fcm-target-invalid@1:38", "fcm-unknown-key@1:45", "fcm-apns-header-not-string@1:103",
            "fcm-apns-payload-without-aps@1:107",
        ])
        let header = report.diagnostics.first { $0.ruleID == "fcm-apns-header-not-string" }
        #expect(header?.fix?.edits.map(\.replacement) == ["5"])
    }

    @Test func aSkygearDefinitionIsNotTakenForFCM() {
        let report = lint(#"{"message": {"title": "Hello Rick", "body": "Ditto"}, "data": {"points": "42"}}"#)
        #expect(report.dialects == [.skygear])
        #expect(report.diagnostics.isEmpty)
    }

    @Test func aBareMessageWithATopicIsFCMsNotNodeAPNs() {
        let report = lint(#"{"topic": "news", "notification": {"title": "Hi"}, "apns": {"headers": {"apns-push-type": "alert"}}}"#)
        #expect(report.dialects == [.fcm])
        #expect(!report.ruleIDs.contains("dialect-unclear"))
    }

    @Test func theLegacyAPIIsReportedAndWhatItWouldSendIsAdvice() throws {
        let report = lint(#"{"to": "bk3RNwTe3H0:CI2k", "notification": {"title": "Hi", "badge": "3"}, "content_available": true, "priority": "high"}"#)
        #expect(report.dialects == [.fcm])
        let legacy = try #require(finding(report, "fcm-legacy-api"))
        #expect(legacy.severity == .error)
        #expect(legacy.help?.hasSuffix(#"{"message":{"token":"bk3RNwTe3H0:CI2k","notification":{"title":"Hi"},"apns":{"headers":{"apns-priority":"10"},"payload":{"aps":{"badge":"3","content-available":1}}}}}"#) == true)
        let badge = try #require(finding(report, "badge-invalid"))
        #expect(badge.severity == .info)
        #expect(badge.fix == nil)
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.ruleID) == ["fcm-legacy-api"])
    }
}

@Suite("Amazon SNS: the payloads inside the message's strings")
struct SNSDialectTests {
    @Test func theIssueBodyIsReadInsideItsString() throws {
        let report = lint(snsBody)
        #expect(report.dialects == [.sns])
        #expect(report.summary == ["badge-invalid@1:65", "content-available-not-1@1:93"])
        let badge = try #require(finding(report, "badge-invalid"))
        #expect(report.source.text(try #require(badge.range)) == #"\"3\""#)
        let flag = try #require(finding(report, "content-available-not-1"))
        #expect(report.source.text(try #require(flag.range)) == "true")
        #expect(render(report, headers: false) == #"{"aps":{"alert":"hi","badge":"3","content-available":true}}"# + "\n")
    }

    @Test func aSafeFixIsWrittenBackEscapedAndTheFileStillParses() throws {
        let result = Linter().fix(SourceText(snsBody), fileName: "sns.json", format: .json)
        let fixed = String(decoding: result.fixed, as: UTF8.self)
        #expect(fixed == #"{"default": "hi", "APNS": "{\"aps\":{\"alert\":\"hi\",\"badge\":3,\"content-available\":1}}"}"#)
        #expect(result.report.ruleIDs.isEmpty)
        #expect(lint(fixed).diagnostics.isEmpty)
    }

    @Test func positionsGoThroughEscapesOverSeveralLinesAndUnicode() throws {
        let body = """
            {
              "default": "Caf\\u00e9",
              "APNS_SANDBOX": "{\\"aps\\": {\\"alert\\": \\"Caf\\u00e9 \\\\\\"ready\\\\\\"\\",\\n \\"sound\\": \\"\\"}}"
            }
            """
        let report = lint(body)
        #expect(report.summary == ["sound-empty@3:84"])
        #expect(report.source.text(try #require(report.diagnostics.first?.range)) == #"\"\""#)
    }

    @Test func aPublishRequestReadsTwoLevelsOfEscapesAndItsAttributes() throws {
        let body = #"""
            {"TargetArn": "arn:aws:sns:us-east-1:123456789012:endpoint/APNS/app/1", "MessageStructure": "json",
             "Message": "{\"default\": \"Hi\", \"APNS\": \"{\\\"aps\\\":{\\\"badge\\\":\\\"3\\\"}}\"}",
             "MessageAttributes": {"AWS.SNS.MOBILE.APNS.PRIORITY": {"DataType": "String", "StringValue": "10"},
                                   "AWS.SNS.MOBILE.APNS.PUSH_TYPE": {"DataType": "String", "StringValue": "alert"}}}
            """#
        let report = lint(body)
        #expect(report.summary == ["badge-invalid@2:76"])
        #expect(report.source.text(try #require(report.diagnostics.first?.range)) == #"\\\"3\\\""#)
        #expect(render(report) == "apns-push-type: alert\napns-priority: 10\n\n" + #"{"aps":{"badge":"3"}}"# + "\n")
        let fixed = String(decoding: Linter().fix(SourceText(body), fileName: "r.json", format: .json).fixed, as: UTF8.self)
        #expect(fixed.contains(#"{\\\"aps\\\":{\\\"badge\\\":3}}"#))
        #expect(lint(fixed).diagnostics.isEmpty)
    }

    @Test func snsOwnChecks() {
        let report = lint(#"{"apns": "{\"aps\":{\"alert\":\"Hi\"}}", "APNS": {"aps": {"alert": "Hi"}}}"#)
        #expect(report.dialects == [.sns])
        #expect(report.summary == ["sns-default-missing@1:1", "sns-unknown-platform-key@1:2", "sns-platform-value-not-string@1:42"])
        #expect(report.diagnostics.first { $0.ruleID == "sns-unknown-platform-key" }?.help?.hasPrefix(#"did you mean "APNS"?"#) == true)
        #expect(report.diagnostics.first { $0.ruleID == "sns-default-missing" }?.severity == .error)
    }

    /// An APNs platform's value that is not a string is ignored by SNS, so an Apple device gets the `default` text: check
    /// says so, and render prints that request (it said nothing was sent), in a bare message and in a Publish request
    /// alike. A platform string beside it is the payload SNS reads, and then `default` is not sent.
    @Test func aPlatformObjectLeavesTheDefaultTextAndRenderAgrees() throws {
        let bare = lint(#"{"default": "Back in stock", "APNS": {"aps": {"alert": "Back in stock", "badge": 1}}}"#)
        #expect(bare.summary == ["sns-platform-value-not-string@1:30"])
        let message = try #require(bare.diagnostics.first?.message)
        #expect(message.hasSuffix(#"so it ignores this one and the device gets the "default" text instead; the object is checked as the payload it would be once written as a string"#))
        #expect(render(bare, headers: false) == #"{"aps":{"alert":"Back in stock"}}"# + "\n")
        let request = lint(#"""
            {"TargetArn": "arn:aws:sns:us-east-1:123456789012:endpoint/APNS_SANDBOX/app/1", "MessageStructure": "json",
             "Message": "{\"default\": \"Hi\", \"APNS_SANDBOX\": {\"aps\": {\"badge\": 2}}}"}
            """#)
        #expect(request.summary == ["sns-platform-value-not-string@2:36"])
        #expect(render(request, headers: false) == #"{"aps":{"alert":"Hi"}}"# + "\n")
        // Another Apple platform's string is read instead, and the default text is not what the device gets.
        let beside = lint(#"{"default": "Hi", "APNS": {"aps": {}}, "APNS_SANDBOX": "{\"aps\":{\"alert\":\"Sandbox\"}}"}"#)
        #expect(beside.summary == ["sns-platform-value-not-string@1:19"])
        #expect(render(beside, headers: false) == #"{"aps":{"alert":"Sandbox"}}"# + "\n")
        // With no default text either, there is nothing to send, and both say so.
        let neither = lint(#"{"APNS": {"aps": {"alert": "Hi"}}, "GCM": "{}"}"#)
        #expect(neither.summary == ["sns-default-missing@1:1", "sns-platform-value-not-string@1:2"])
        #expect(render(neither) == nil)
    }

    @Test func aPublishRequestWithoutAMessageObjectIsRefused() {
        #expect(lint(#"{"TopicArn": "arn:aws:sns:us-east-1:1:t", "MessageStructure": "json"}"#).summary == ["sns-publish-invalid@1:2"])
        let array = lint(#"{"TopicArn": "arn:aws:sns:us-east-1:1:t", "MessageStructure": "json", "Message": "[1]"}"#)
        #expect(array.summary == ["sns-publish-invalid@1:82"])
        #expect(array.diagnostics.first?.message.hasPrefix("the JSON in Message is an array") == true)
    }

    @Test func brokenJSONInsideTheStringIsReportedAtItsPlace() {
        let report = lint(#"{"default": "hi", "APNS": "{\"aps\":{\"alert\":\"hi\",}}"}"#)
        #expect(report.summary.count == 1)
        #expect(report.summary.first?.hasPrefix("invalid-json@1:") == true)
        #expect(report.diagnostics.first?.message.hasSuffix(#"(in the JSON inside "APNS")"#) == true)
    }

    @Test func bothAPNsPlatformsAreChecked() {
        let report = lint(#"{"default": "hi", "APNS": "{\"aps\":{\"badge\":\"1\"}}", "APNS_SANDBOX": "{\"aps\":{\"badge\":\"2\"}}"}"#)
        #expect(report.summary == ["badge-invalid@1:48", "badge-invalid@1:95"])
        #expect(render(report, headers: false) == #"{"aps":{"badge":"1"}}"# + "\n" + #"{"aps":{"badge":"2"}}"# + "\n")
    }

    /// A top level the reader did not keep (a 2 MB string beside the keys) that names an SNS key is read whole, so its
    /// system and its payload are known: no silent pass.
    @Test func aMessageWhoseTopLevelIsElidedIsStillReadAsSNS() throws {
        let payload = #"{\"aps\":{\"alert\":\""# + String(repeating: "x", count: 2_000_000) + #"\"}}"#
        let report = lint(#"{"default": "hi", "APNS": ""# + payload + #""}"#)
        #expect(report.dialects == [.sns])
        #expect(report.summary == ["sns-publish-invalid@1:1", "payload-too-large@1:28"])
    }

    @Test func aYAMLMessageIsReadInsideItsQuotedStrings() {
        let report = lint("default: hi\nAPNS: '{\"aps\": {\"badge\": \"3\"}}'\n", fileExtension: "yaml")
        #expect(report.summary == ["badge-invalid@2:26"])
    }
}
