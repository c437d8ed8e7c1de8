import APNSLint
import Foundation
import Testing

// Verdict classes of the push services' routes (issue 47): FCM's fields in either spelling, a legacy FCM body read as
// it mapped to APNs, a template's placeholder target, Expo's one spelling of the background flag, an SNS payload
// object holding a string aps, and a notification apns_erlv3 refuses for the token its sender supplies.

private func rendered(_ report: FileReport, headers: Bool = true) -> String? {
    (try? Renderer(includeHeaders: headers).render(report).get()).map { String(decoding: $0, as: UTF8.self) }
}

private func finding(_ report: FileReport, _ rule: String) -> Diagnostic? {
    report.diagnostics.first { $0.ruleID == rule }
}

@Suite("FCM: every field in either spelling, read from one table")
struct FCMSpellingTests {
    @Test("apns.fcmOptions.image and apns.fcm_options.image render the same and both need mutable-content", arguments: ["fcm_options", "fcmOptions"])
    func anImageInEitherSpelling(options: String) throws {
        let report = lint(#"{"message": {"topic": "news", "notification": {"title": "Hi"}, "apns": {"headers": {"apns-push-type": "alert"}, ""#
            + options + #"": {"image": "https://example.com/a.png"}}}}"#)
        #expect(report.ruleIDs == ["fcm-image-without-mutable-content"])
        #expect(report.diagnostics.first.map { "\($0.pointer)" } == "/message/apns/\(options)/image")
        #expect(rendered(report) == """
            apns-push-type: alert
            apns-priority: 10

            {"aps":{"alert":{"title":"Hi"}},"fcm_options":{"image":"https://example.com/a.png"}}

            """)
    }

    @Test func camelCaseFieldsAreFieldsForTheRulesAndForTheRequest() {
        // validateOnly, liveActivityToken: known to fcm-unknown-key, and the token makes FCM send the Live Activity type.
        let report = lint(#"{"validateOnly": true, "message": {"token": "t", "apns": {"liveActivityToken": "la", "headers": {"apns-priority": "10"}, "payload": {"aps": {"timestamp": 1700000000, "event": "update", "content-state": {"score": 1}}}}}}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
        #expect(rendered(report)?.hasPrefix("apns-push-type: liveactivity\napns-priority: 10\n") == true)
    }

    @Test func aFieldWrittenInBothSpellingsIsReadOnceTheLastWritten() {
        let report = lint(#"{"message": {"topic": "news", "notification": {"title": "Hi"}, "apns": {"fcm_options": {"image": "https://example.com/old.png"}, "fcmOptions": {"image": "https://example.com/new.png"}, "payload": {"aps": {"mutable-content": 1}}}}}"#)
        #expect(report.diagnostics.filter { $0.ruleID.hasPrefix("fcm-") }.isEmpty, "\(report.summary)")
        #expect(rendered(report, headers: false) == #"{"aps":{"mutable-content":1,"alert":{"title":"Hi"}},"fcm_options":{"image":"https://example.com/new.png"}}"# + "\n")
    }

    @Test func aMisspeltFieldIsStillUnknownAndTheClosestSpellingIsSuggested() throws {
        let report = lint(#"{"message": {"topic": "news", "apns": {"fcmOption": {"image": "https://example.com/a.png"}, "payload": {"aps": {"badge": 1}}}}}"#)
        let unknown = try #require(finding(report, "fcm-unknown-key"))
        #expect(unknown.severity == .error)
        #expect(unknown.help?.hasPrefix(#"did you mean "fcm_options"? the fields are headers, payload, fcm_options, live_activity_token"#) == true)
    }
}

@Suite("FCM: a template's placeholder target is filled in at send time")
struct FCMPlaceholderTargetTests {
    // Issue 51: a template's slot states no fault, so it is not judged (it was a warning to fill it in, issue 47).
    @Test("a placeholder topic is not judged", arguments: ["<Your topic>", "{{topic}}", "${TOPIC}", "/topics/<name>", "{topic}", "YOUR_TOPIC"])
    func placeholderTopic(topic: String) throws {
        let report = lint(#"{"message": {"topic": ""# + topic + #"", "notification": {"title": "Hi"}}}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
    }

    @Test("a placeholder token is no error", arguments: ["{{token}}", "YOUR_TOKEN", "<FCM registration token>", "$DEVICE_TOKEN", "***FCM_TOKEN***"])
    func placeholderToken(token: String) {
        let report = lint(#"{"message": {"token": ""# + token + #"", "notification": {"title": "Hi", "body": "there"}}}"#)
        #expect(report.diagnostics.allSatisfy { $0.severity != .error }, "\(report.summary)")
    }

    @Test("a real malformed topic is still an error", arguments: ["breaking news", "news!", "Ünïcode"])
    func malformedTopic(topic: String) throws {
        let report = lint(#"{"message": {"topic": ""# + topic + #"", "notification": {"title": "Hi"}}}"#)
        let target = try #require(finding(report, "fcm-target-invalid"))
        #expect(target.severity == .error)
        #expect(target.message.hasPrefix("topic \"\(topic)\" is not a topic name FCM allows"))
    }
}

@Suite("FCM's legacy HTTP API: read as it mapped to APNs, so a migration's faults are reported")
struct FCMLegacyMappingTests {
    @Test func theNotificationsKeysGoToAPSAsTheLegacyReferenceMapsThem() {
        let report = lint(#"{"to": "/topics/news", "priority": "normal", "collapse_key": "scores", "notification": {"title": "Goal", "body_loc_key": "GOAL", "body_loc_args": ["Arsenal"], "sound": "goal.caf", "badge": 2, "click_action": "SCORE", "icon": "ic_goal"}, "data": {"match": "4471"}}"#)
        #expect(report.ruleIDs == ["fcm-legacy-api"])
        #expect(rendered(report) == """
            apns-priority: 5
            apns-collapse-id: scores

            {"aps":{"alert":{"title":"Goal","loc-key":"GOAL","loc-args":["Arsenal"]},"sound":"goal.caf","badge":2,"category":"SCORE"},"match":"4471"}

            """)
    }

    @Test("a flag written with APNs's hyphen at the top level was not sent", arguments: ["content-available", "mutable-content"])
    func hyphenatedFlagAtTheTop(key: String) throws {
        let report = lint(#"{"to": "t", "notification": {"title": "Hi"}, ""# + key + #"": 1}"#)
        let dropped = try #require(finding(report, "dialect-dropped-key"))
        #expect(dropped.severity == .info)
        #expect(dropped.message == "\"\(key)\" is not a field of FCM's legacy HTTP API, so it was not sent: the device got no \(key)")
        let legacy = key.replacingOccurrences(of: "-", with: "_")
        #expect(dropped.help == "write \"\(legacy)\": true (in HTTP v1: \"apns\": {\"payload\": {\"aps\": {\"\(key)\": 1}}})")
        #expect(report.source.position(of: dropped.range!.start).description == "1:46")
        #expect(rendered(report, headers: false) == #"{"aps":{"alert":{"title":"Hi"}}}"# + "\n")
    }

    @Test("a flag that is not a JSON boolean was refused, and is read as its author meant", arguments: ["1", #""true""#])
    func flagOfAnotherType(value: String) throws {
        let report = lint(#"{"to": "t", "data": {"sync": "1"}, "content_available": "# + value + "}")
        let refused = try #require(finding(report, "dialect-dropped-key"))
        #expect(refused.message.hasPrefix("\"content_available\" is \(value), but the legacy API took only a JSON boolean and refused another type"))
        #expect(refused.severity == .info)
        #expect(rendered(report, headers: false) == #"{"aps":{"content-available":1},"sync":"1"}"# + "\n")
        // true is the legacy spelling: nothing to say about it.
        let boolean = lint(#"{"to": "t", "data": {"sync": "1"}, "content_available": true, "priority": "normal"}"#)
        #expect(boolean.ruleIDs == ["fcm-legacy-api"])
    }

    @Test func anApnsBlockIsReadAsHTTPv1ReadsItAndItsHandBuiltAPSIsChecked() throws {
        let body = """
            {
              "to": "t",
              "priority": "high",
              "content_available": true,
              "apns": {"payload": {"aps": {"mutable_content": 1, "threadId": "chat"}, "kind": "sync"}}
            }
            """
        let report = lint(body)
        // Custom keys inside aps leave it a background push, sent at the priority high asks for: 10.
        #expect(report.summary == [
            "fcm-legacy-api@2:3", "background-priority-10@3:15", "dialect-dropped-key@5:3", "unknown-aps-key@5:32", "unknown-aps-key@5:54",
        ])
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.ruleID) == ["fcm-legacy-api"])
        #expect(finding(report, "dialect-dropped-key")?.message.hasPrefix(#""apns" is a field of FCM's HTTP v1 API, not of the legacy API"#) == true)
        #expect(rendered(report, headers: false) == #"{"aps":{"content-available":1,"mutable_content":1,"threadId":"chat"},"kind":"sync"}"# + "\n")
    }

    @Test func theApnsBlocksHeadersWinAndABackgroundTypeBesideANotificationIsReported() throws {
        let report = lint(#"{"to": "t", "priority": "high", "notification": {"title": "Up 2%"}, "apns": {"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}"#)
        let alert = try #require(finding(report, "background-with-alert"))
        #expect(alert.severity == .info)
        #expect(rendered(report) == """
            apns-push-type: background
            apns-priority: 5

            {"aps":{"alert":{"title":"Up 2%"},"content-available":1}}

            """)
    }

    @Test func flagsWrittenTrueInsideAHandBuiltAPSAreReported() {
        let report = lint(#"{"to": "t", "notification": {"title": "Link", "apns": {}}, "apns": {"payload": {"aps": {"content-available": true, "mutable-content": true}}}}"#)
        #expect(report.summary == [
            "fcm-legacy-api@1:2", "dialect-dropped-key@1:47", "dialect-dropped-key@1:60", "content-available-not-1@1:110",
            "mutable-content-not-1@1:135",
        ])
        #expect(report.diagnostics.dropFirst().allSatisfy { $0.severity == .info })
    }

    @Test func theHelpsHTTPv1BodyKeepsTheApnsBlockAndTheNotificationsAppleKeys() throws {
        let report = lint(#"{"to": "t", "priority": "high", "notification": {"title": "Hi", "subtitle": "s", "badge": 2}, "content_available": true, "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"category": "C"}, "k": 1}, "fcm_options": {"image": "https://x/a.png"}}}"#)
        let help = try #require(finding(report, "fcm-legacy-api")?.help)
        let v1 = String(help[try #require(help.range(of: "messages:send) as ")).upperBound...])
        #expect(v1 == #"{"message":{"token":"t","notification":{"title":"Hi"},"apns":{"headers":{"apns-priority":"5"},"payload":{"aps":{"alert":{"subtitle":"s"},"badge":2,"content-available":1,"category":"C"},"k":1},"fcm_options":{"image":"https://x/a.png"}}}}"#)
        // The body it gives is one FCM's HTTP v1 API takes, with the fault the block carries: an image and no mutable-content.
        #expect(lint(v1).ruleIDs.filter { $0.hasPrefix("fcm-") } == ["fcm-image-without-mutable-content"])
    }

    @Test func anAlertWrittenInTheApnsBlockKeepsTheNotificationsTitle() {
        let report = lint(#"{"to": "t", "notification": {"title": "Hi", "body": "legacy"}, "apns": {"payload": {"aps": {"alert": {"body": "v1"}}}}}"#)
        #expect(rendered(report, headers: false) == #"{"aps":{"alert":{"body":"v1","title":"Hi"}}}"# + "\n")
    }
}

@Suite("Expo: _contentAvailable is the flag's one spelling")
struct ExpoContentAvailableTests {
    @Test func contentAvailableIsNotReadSoTheMessageIsNoBackgroundPush() throws {
        let report = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "contentAvailable": true, "priority": "normal", "data": {"sync": "inbox"}}"#)
        let dropped = try #require(finding(report, "dialect-dropped-key"))
        #expect(dropped.severity == .error)
        #expect(dropped.help?.hasPrefix(#"write "_contentAvailable": true"#) == true)
        // Nothing of the flag reaches APNs.
        #expect(rendered(report, headers: false)?.contains("content-available") == false)
    }

    @Test func aFlagSpeltOtherwiseAndWrittenFalseAsksForNothingSoItIsAWarning() throws {
        let report = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "contentAvailable": false}"#)
        let dropped = try #require(finding(report, "dialect-dropped-key"))
        #expect(dropped.severity == .warning)
        #expect(dropped.help?.hasPrefix(#"did you mean "_contentAvailable"? "#) == true)
    }

    @Test func theUnderscoredFlagMakesABackgroundPush() {
        let report = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "priority": "normal", "data": {"sync": "inbox"}}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
        #expect(rendered(report)?.hasPrefix("apns-push-type: background\napns-priority: 5\n") == true)
    }
}

@Suite("SNS: a payload object whose aps is a JSON string is reported at both layers")
struct SNSObjectPayloadTests {
    @Test func bothLayersAreReportedEachAtItsPlace() throws {
        let body = #"""
            {"default": "Sale", "APNS_SANDBOX": {"aps": "{\"alert\":\"Sale\"}", "offer": 7}}
            """#
        let report = lint(body)
        #expect(report.summary == ["sns-platform-value-not-string@1:21", "aps-not-object@1:45"])
        #expect(finding(report, "aps-not-object")?.help == "this string holds encoded JSON (the payload was encoded twice); write the object itself")
    }

    @Test func anObjectWithAGoodAPSGetsOnlyTheOuterFinding() {
        let report = lint(#"{"default": "Sale", "APNS": {"aps": {"alert": "Sale"}}}"#)
        #expect(report.ruleIDs == ["sns-platform-value-not-string"])
        #expect(rendered(report, headers: false) == #"{"aps":{"alert":"Sale"}}"# + "\n")
    }

    @Test func insideAPublishRequestsMessageTheInnerPlaceIsFound() {
        let body = #"""
            {"TargetArn": "arn:aws:sns:us-east-1:123456789012:endpoint/APNS/app/1", "MessageStructure": "json",
             "Message": "{\"default\": \"Sale\", \"APNS\": {\"aps\": 3}}"}
            """#
        let report = lint(body)
        #expect(report.summary == ["sns-platform-value-not-string@2:38", "aps-not-object@2:58"])
    }
}

@Suite("apns_erlv3: a notification refused for its token still gets its other findings")
struct ErlangRefusedNotificationTests {
    @Test func aTopicWithSpacesIsBadTopicOnceTheTokenIsGiven() throws {
        let report = lint("[{alert, <<\"Hi\">>},\n {topic, <<\"com example app\">>}].", fileExtension: "erl")
        #expect(report.summary == ["dialect-missing-key@1:1", "topic-invalid@2:10"])
        #expect(finding(report, "dialect-missing-key")?.message.contains("{key_not_found,token}") == true)
        #expect(rendered(report)?.hasPrefix("apns-expiration: 2147483647\napns-topic: com example app\n") == true)
    }

    @Test func aTokenOfTheWrongTypeStillLeavesTheHeadersChecked() {
        let report = lint("[{token, \"00fc13ad\"}, {alert, <<\"Hi\">>}, {priority, 7}].", fileExtension: "erl")
        #expect(report.summary == ["invalid-value-type@1:10", "priority-invalid@1:53"])
    }

    @Test func withAGoodTopicOnlyTheRefusalIsReported() {
        let report = lint("[{alert, <<\"Hi\">>}, {topic, <<\"com.example.app\">>}].", fileExtension: "erl")
        #expect(report.ruleIDs == ["dialect-missing-key"])
    }
}
