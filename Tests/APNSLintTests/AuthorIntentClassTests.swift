import APNSLint
import Foundation
import Testing

// Issue 51, items 3, 4 and 6: findings judged by what the author meant and what the sending system does. A flag's
// explicit "off" is advice, its quoted "1" undocumented; a template's placeholder target is not judged, on any
// system; gorush without a topic relies on its certificate; OneSignal's targeting fields are fields; FCM sends a
// notification message as an alert.

private func only(_ report: FileReport, _ rule: String) -> Diagnostic? {
    let found = report.diagnostics.filter { $0.ruleID == rule }
    return found.count == 1 ? found[0] : nil
}

@Suite("mutable-content: the severity follows what the author meant")
struct MutableContentIntentTests {
    @Test("an explicit off is advice, with the documented spelling as a safe fix", arguments: [
        (#"false"#, "false"), (#""0""#, "\"0\""), (#""false""#, "\"false\""), (#""no""#, "\"no\""),
    ])
    func off(value: String, written: String) throws {
        let text = #"{"aps": {"alert": "Hi", "mutable-content": "# + value + "}}"
        let report = lint(text)
        #expect(report.summary == ["mutable-content-not-1@1:44"])
        let finding = try #require(only(report, "mutable-content-not-1"))
        #expect(finding.severity == .info)
        #expect(finding.message == "\"mutable-content\" is \(written), which says \"no Notification Service Extension\": the extension runs only for the number 1, so the notification is delivered as written, but \(written) is not a documented value")
        #expect(finding.help == "remove the key (or write 0): without it the extension does not run either")
        #expect(finding.fix?.applicability == .safe)
        let fixed = Linter().fix(SourceText(text), fileName: "a.json", format: .json)
        #expect(String(decoding: fixed.fixed, as: UTF8.self) == #"{"aps": {"alert": "Hi", "mutable-content": 0}}"#)
    }

    @Test func theQuotedOneIsUndocumentedSoAWarning() throws {
        let report = lint(#"{"aps": {"alert": "Hi", "mutable-content": "1"}}"#)
        let finding = try #require(only(report, "mutable-content-not-1"))
        #expect(finding.severity == .warning)
        #expect(finding.message == "\"mutable-content\" is the string \"1\", but Apple documents the number 1; whether iOS runs the Notification Service Extension for the string is not documented")
        #expect(finding.help == "write 1 without quotes")
        #expect(finding.fix?.applicability == .safe)
        #expect(report.summary == ["mutable-content-not-1@1:44"])
    }

    @Test("an on written another way is still an error", arguments: [#"true"#, #""true""#, #""yes""#, #"2"#])
    func onWrittenAnotherWay(value: String) throws {
        let report = lint(#"{"aps": {"alert": "Hi", "mutable-content": "# + value + "}}")
        let finding = try #require(only(report, "mutable-content-not-1"))
        #expect(finding.severity == .error)
        #expect(finding.message.hasSuffix("but APNs documents only the number 1; the Notification Service Extension may never see this notification"))
    }

    @Test("the documented values are not reported", arguments: ["1", "0"])
    func documented(value: String) {
        #expect(lint(#"{"aps": {"alert": "Hi", "mutable-content": "# + value + "}}").diagnostics.isEmpty)
    }

    @Test func aSimulatorFileWithAnExplicitOffFailsNothing() {
        let report = lint(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi", "mutable-content": false}}"#, fileExtension: "apns")
        #expect(report.diagnostics.allSatisfy { $0.severity == .info }, "\(report.summary)")
        #expect(report.ruleIDs.contains("mutable-content-not-1"))
    }
}

@Suite("a template's placeholder target is not judged, on every system")
struct PlaceholderTargetClassTests {
    @Test("FCM: topic, token and condition", arguments: [
        #""topic": "<Your topic>""#, #""topic": "{topic}""#, #""topic": "YOUR_TOPIC""#, #""topic": "%TOPIC%""#,
        #""token": "<FCM registration token>""#, #""token": "{{token}}""#, #""condition": "{condition}""#,
    ])
    func fcm(target: String) {
        let report = lint(#"{"message": {"# + target + #", "notification": {"title": "Hi", "body": "there"}}}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
    }

    @Test("Expo: to", arguments: ["<Expo push token>", "{{expoPushToken}}", "YOUR_EXPO_PUSH_TOKEN", "${TOKEN}"])
    func expo(token: String) {
        let report = lint(#"{"to": ""# + token + #"", "title": "Order shipped"}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
    }

    @Test("APNs: the device token", arguments: ["<device token>", "{{device_token}}", "YOUR_DEVICE_TOKEN", "$DEVICE_TOKEN", "[DEVICE_TOKEN]"])
    func apns(token: String) {
        let report = lint(#"{"device-token": ""# + token + #"", "headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
    }

    @Test func realFaultsAreStillCaught() throws {
        let topic = lint(#"{"message": {"topic": "breaking news", "notification": {"title": "Hi"}}}"#)
        #expect(try #require(only(topic, "fcm-target-invalid")).severity == .error)
        let expo = lint(#"{"to": "a1b2c3d4e5f6", "title": "Order shipped"}"#)
        #expect(try #require(only(expo, "expo-request-invalid")).severity == .error)
        // An NSData description in angle brackets is hex, not a slot: still reported, with its fix.
        let data = lint(#"{"device-token": "<00fc13ad ff785122>", "headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#)
        #expect(try #require(only(data, "device-token-invalid")).message.hasPrefix("device-token is the description of the NSData"))
        let letters = lint(#"{"device-token": "zz", "headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#)
        #expect(try #require(only(letters, "device-token-invalid")).severity == .error)
    }
}

@Suite("what the sending system does itself")
struct SystemDoesItselfTests {
    @Test func gorushWithoutTopicReliesOnTheCertificateSoAdvice() throws {
        let report = lint(#"{"notifications": [{"tokens": ["token_a"], "platform": 1, "message": "Hello World iOS!"}]}"#)
        let missing = try #require(only(report, "dialect-missing-key"))
        #expect(missing.severity == .info)
        #expect(missing.message == "this iOS notification has no \"topic\", so gorush sends no apns-topic: APNs then uses the topic of the server's certificate when it is for one app, as gorush's README examples rely on; with a token (.p8) key APNs refuses it (MissingTopic)")
        #expect(report.diagnostics.allSatisfy { $0.severity == .info }, "\(report.summary)")
    }

    @Test func gorushWithATopicSendsIt() {
        let report = lint(#"{"notifications": [{"tokens": ["token_a"], "platform": 1, "message": "Hi", "topic": "com.example.app"}]}"#)
        #expect(!report.ruleIDs.contains("dialect-missing-key"), "\(report.summary)")
    }

    @Test("OneSignal's targeting fields are fields, not dropped keys", arguments: [
        #""include_external_user_ids": ["u-1"], "channel_for_external_user_ids": "push""#,
        #""include_aliases": {"external_id": ["u-1"]}, "target_channel": "push""#,
        #""include_subscription_ids": ["1dd608f2-c6a1-11e3-851d-000c2940e62c"]"#,
        #""include_player_ids": ["1dd608f2-c6a1-11e3-851d-000c2940e62c"]"#,
        #""include_email_tokens": ["a@example.com"], "include_unsubscribed": true"#,
        #""include_phone_numbers": ["+15555550100"]"#,
        #""include_android_reg_ids": ["r"], "include_chrome_web_reg_ids": ["c"], "include_wp_wns_uris": ["w"]"#,
    ])
    func oneSignalTargeting(targeting: String) {
        let report = lint(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "# + targeting + #", "contents": {"en": "Hi"}}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
    }

    @Test func oneSignalChannelOfAnotherTypeIsStillReported() throws {
        let report = lint(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "include_external_user_ids": ["u-1"], "channel_for_external_user_ids": 1, "contents": {"en": "Hi"}}"#)
        #expect(try #require(only(report, "onesignal-request-invalid")).severity == .warning)
    }

    @Test func fcmSendsANotificationMessageAsAnAlert() throws {
        let report = lint(#"{"message": {"token": "bk3RNwTe3H0:CI2k_HHwgIpoDKCIZvvDMExUdFQ3P1", "notification": {"title": "Hi", "body": "there"}}}"#)
        #expect(report.diagnostics.isEmpty, "\(report.summary)")
        let rendered = try Renderer(includeHeaders: true).render(report).get()
        #expect(String(decoding: rendered, as: UTF8.self).hasPrefix("apns-push-type: alert\napns-priority: 10\n"))
    }

    @Test func fcmKeepsThePushTypeTheMessageSets() throws {
        let report = lint(#"{"message": {"token": "t", "notification": {"title": "Hi"}, "apns": {"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#)
        let rendered = try Renderer(includeHeaders: true).render(report).get()
        #expect(String(decoding: rendered, as: UTF8.self).hasPrefix("apns-push-type: background\n"))
    }

    @Test func fcmAddsNoPushTypeToAMessageThatIsNotANotificationMessage() throws {
        // What FCM sends for a message without a notification is not documented: the rule still asks for it.
        let report = lint(#"{"message": {"token": "t", "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {"content-available": 1}}}}}"#)
        #expect(report.ruleIDs.contains("push-type-missing"), "\(report.summary)")
    }
}

@Suite("content-available: an explicit off beside something to show is advice; elsewhere, and any other value, an error")
struct ContentAvailableIntentTests {
    @Test("off beside an alert, badge or sound: info, with 0 as a safe fix", arguments: [
        (#""alert": "Hi""#, "false", "false"), (#""badge": 3"#, #""0""#, "\"0\""), (#""sound": "default""#, #""no""#, "\"no\""),
    ])
    func offBesideSomethingToShow(shown: String, value: String, written: String) throws {
        let text = #"{"aps": {"# + shown + #", "content-available": "# + value + "}}"
        let report = lint(text)
        #expect(report.ruleIDs == ["content-available-not-1"])
        let finding = try #require(only(report, "content-available-not-1"))
        #expect(finding.severity == .info)
        #expect(finding.message == "\"content-available\" is \(written), which says \"do not wake the app\": the app is woken only for the number 1, so the push is shown as written, but \(written) is not a documented value")
        #expect(finding.help == "remove the key (or write 0): without it the app is not woken either")
        let fixed = Linter().fix(SourceText(text), fileName: "a.json", format: .json)
        #expect(String(decoding: fixed.fixed, as: UTF8.self) == #"{"aps": {"# + shown + #", "content-available": 0}}"#)
    }

    @Test("off with nothing else to do, or declared background: an error", arguments: [
        #"{"aps": {"content-available": false}, "sync": "inbox"}"#,
        #"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"alert": "Hi", "content-available": false}}}"#,
    ])
    func offWithNothingToDo(text: String) throws {
        let finding = try #require(only(lint(text), "content-available-not-1"))
        #expect(finding.severity == .error)
        #expect(finding.message.hasPrefix("\"content-available\" is false, but APNs documents only the number 1"))
    }

    @Test("the quoted 1 stays an error: Parse's docs report such silent pushes failing to deliver")
    func quotedOne() throws {
        let finding = try #require(only(lint(#"{"aps": {"content-available": "1"}}"#), "content-available-not-1"))
        #expect(finding.severity == .error)
    }
}
