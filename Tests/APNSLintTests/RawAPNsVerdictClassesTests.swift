import APNSLint
import Testing

/// Issue 47: verdict classes of raw APNs requests, each caught by the rule that names its cause at the contract's
/// severity, and each working form left without an error.
@Suite("Raw APNs verdict classes: topic suffixes, push type against payload, header fields in the body")
struct RawAPNsVerdictClassesTests {
    private func findings(_ text: String) -> [String] {
        let report = lint(text)
        return report.diagnostics.map { "\($0.ruleID) \($0.severity.rawValue)@\(report.source.position(of: $0.range?.start ?? 0))" }
    }

    /// Without apns-push-type, APNs takes the push type of the topic's suffix; a VoIP, complication or File Provider
    /// payload is whatever dictionary the app reads, an aps with an alert included.
    @Test func aSuffixedTopicWithoutAPushTypeIsThatTopicsPush() {
        #expect(findings(#"{"headers": {"apns-topic": "com.example.phone.voip"}, "payload": {"aps": {"alert": "Incoming call"}, "caller": "Ana", "video": false}}"#)
            == ["push-type-missing warning@1:2"])
        #expect(findings(#"{"headers": {"apns-topic": "com.example.phone.voip", "apns-expiration": "0"}, "payload": {"aps": {"alert": "Ana is calling", "content-available": 1}}}"#)
            == ["push-type-missing warning@1:2"])
        // A complication push is no background update: no priority rule for it.
        #expect(findings(#"{"headers": {"apns-topic": "com.example.watchkitapp.complication"}, "payload": {"aps": {"content-available": 1}, "score": "2-1"}}"#)
            == ["push-type-missing warning@1:2"])
        #expect(findings(#"{"headers": {"apns-topic": "com.example.files.pushkit.fileprovider"}, "payload": {"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier"}}"#)
            == ["push-type-missing warning@1:2"])
        // The header it recommends is the topic's type.
        #expect(lint(#"{"headers": {"apns-topic": "com.example.phone.voip"}, "payload": {"aps": {"alert": "Incoming call"}}}"#)
            .diagnostics.first?.help?.hasPrefix(#"add "apns-push-type": "voip""#) == true)
        // A topic whose push type has Apple's own payload is still contradicted by an alert.
        #expect(findings(#"{"headers": {"apns-topic": "com.example.weather.push-type.widgets"}, "payload": {"aps": {"alert": "Rain at 4 pm"}}}"#)
            == ["push-type-missing warning@1:2", "topic-suffix-mismatch error@1:28"])
    }

    @Test func aBackgroundPushWithoutContentAvailableWakesNothing() {
        #expect(findings(#"{"headers": {"apns-push-type": "background", "apns-priority": "5", "apns-topic": "com.example.mail"}, "payload": {"aps": {}, "mailbox": "inbox"}}"#)
            == ["push-type-mismatch error@1:32"])
        #expect(findings(#"{"headers": {"apns-push-type": "background", "apns-priority": "5", "apns-topic": "com.example.mail"}, "payload": {"aps": {"thread-id": "inbox"}}}"#)
            == ["push-type-mismatch error@1:32"])
        #expect(lint(#"{"headers": {"apns-push-type": "background", "apns-priority": "5"}, "payload": {"aps": {}}}"#).diagnostics.first?.message
            == #"apns-push-type is background, but "aps" has no "content-available": only "content-available": 1 wakes the app for a background push, and this one has nothing to show either, so the device does nothing with it"#)
        #expect(findings(#"{"headers": {"apns-push-type": "background", "apns-priority": "5", "apns-topic": "com.example.mail"}, "payload": {"aps": {"content-available": 1}, "mailbox": "inbox"}}"#) == [])
    }

    @Test func anAlertPushWithNothingToShow() {
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.chat"}, "payload": {"aps": {}, "message-id": 42}}"#)
            == ["alert-empty warning@1:88"])
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.chat"}, "payload": {"aps": {"category": "INVITE", "thread-id": "room-7"}}}"#)
            == ["alert-empty warning@1:88"])
        #expect(lint(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"category": "INVITE"}}}"#).diagnostics.first?.message
            == #"apns-push-type is alert, but "aps" holds only "category", which show nothing by themselves: no alert, badge or sound, so the notification shows nothing (and, without content-available, wakes nothing)"#)
        // A badge or a sound is something to show.
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.chat"}, "payload": {"aps": {"badge": 0}}}"#) == [])
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.chat"}, "payload": {"aps": {"sound": "ping.caf", "content-available": 1}}}"#) == [])
        // Without a declared push type an empty aps is not judged (a VoIP or other app-read payload may be one).
        #expect(findings(#"{"aps": {"category": "INVITE"}}"#) == [])
    }

    /// gorush's default push type (apns2 sends alert) on a content-available payload: a mismatch, and a warning.
    @Test func aBackgroundPayloadSentAsAlert() {
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-priority": "5", "apns-topic": "com.example.chat"}, "payload": {"aps": {"content-available": 1}, "sync": "contacts"}}"#)
            == ["push-type-mismatch warning@1:32"])
        let gorush = #"{"notifications": [{"tokens": ["0f2b"], "platform": 1, "topic": "com.example.chat", "content_available": true, "data": {"sync": "contacts"}}]}"#
        #expect(lint(gorush).diagnostics.contains { $0.ruleID == "push-type-mismatch" && $0.severity == .warning })
        #expect(!lint(gorush).diagnostics.contains { $0.severity == .error })
    }

    /// A key of the app's own inside aps shows nothing: the payload stays a background update, sent at APNs's
    /// default priority 10 when no apns-priority is given.
    @Test func aCustomKeyInsideAPSLeavesABackgroundPush() {
        #expect(findings(#"{"headers": {"apns-topic": "com.example.news"}, "payload": {"aps": {"content-available": 1, "article": "a-17"}}}"#)
            == ["background-priority-10 warning@1:2", "push-type-missing warning@1:2", "custom-key-in-aps warning@1:93"])
        #expect(findings(#"{"headers": {"apns-topic": "com.example.news", "apns-priority": "10"}, "payload": {"aps": {"content-available": 1, "article": "a-17"}}}"#)
            == ["push-type-missing warning@1:2", "background-priority-10 warning@1:65", "custom-key-in-aps warning@1:116"])
        #expect(findings(#"{"headers": {"apns-push-type": "background", "apns-priority": 10}, "payload": {"aps": {"content-available": 1, "category": "SYNC"}}}"#)
            == ["background-priority-10 warning@1:63", "aps-key-ignored-by-push-type warning@1:112"])
    }

    /// A Live Activity update or a widget reload without apns-push-type, to the bare bundle ID: DeviceTokenNotForTopic.
    @Test func aLiveActivityOrWidgetPayloadToTheBareBundleID() {
        #expect(findings(#"{"headers": {"apns-topic": "com.example.rides", "apns-priority": "10"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"eta": 4}}}}"#)
            == ["push-type-missing warning@1:2", "topic-suffix-mismatch error@1:28"])
        #expect(lint(#"{"headers": {"apns-topic": "com.example.rides"}, "payload": {"aps": {"timestamp": 1763712000, "event": "end", "content-state": {}}}}"#)
            .diagnostics.first { $0.ruleID == "topic-suffix-mismatch" }?.help == #"use "com.example.rides.push-type.liveactivity" and add apns-push-type liveactivity to the headers"#)
        #expect(findings(#"{"headers": {"apns-topic": "com.example.weather"}, "payload": {"aps": {"content-changed": true}}}"#)
            == ["push-type-missing warning@1:2", "topic-suffix-mismatch error@1:28"])
        // The topic already names the Live Activity: only the header is recommended.
        #expect(findings(#"{"headers": {"apns-topic": "com.example.rides.push-type.liveactivity", "apns-priority": "10"}, "payload": {"aps": {"timestamp": 1763712000, "event": "end", "content-state": {"eta": 0}}}}"#)
            == ["push-type-missing warning@1:2"])
    }

    /// What the sending code fills in (a placeholder or redacted topic) is not judged.
    @Test func aTemplatesPlaceholderTopicIsNotJudged() {
        for topic in ["{{bundle_id}}", "${BUNDLE_ID}", "YOUR_BUNDLE_ID"] {
            let live = #"{"headers": {"apns-topic": "\#(topic)"}, "payload": {"aps": {"timestamp": 1763712000, "event": "end", "content-state": {}}}}"#
            #expect(!lint(live).diagnostics.contains { $0.ruleID == "topic-suffix-mismatch" }, "\(topic)")
        }
        for topic in ["{{bundle_id}}", "${BUNDLE_ID}"] {
            let voip = #"{"headers": {"apns-push-type": "voip", "apns-topic": "\#(topic)"}, "payload": {"caller": "Ana"}}"#
            #expect(!lint(voip).diagnostics.contains { $0.ruleID == "topic-suffix-mismatch" }, "\(topic)")
        }
        // Beside a declared push type, a name without a period is judged: the push type says which suffix it needs.
        #expect(lint(#"{"headers": {"apns-push-type": "voip", "apns-topic": "YOUR_APP"}, "payload": {"caller": "Ana"}}"#)
            .diagnostics.contains { $0.ruleID == "topic-suffix-mismatch" })
    }

    /// A sender library that encodes its notification type whole puts the request's header fields into the body.
    @Test func headerFieldsEncodedIntoTheBody() {
        #expect(findings(#"{"headers": {"apns-push-type": "location", "apns-topic": "com.example.maps.location-query", "apns-priority": "5"}, "payload": {"topic": "com.example.maps.location-query", "expiration": {"expiration": 0}, "priority": {"rawValue": 5}, "payload": {"request": "where"}}}"#)
            == ["headers-in-payload warning@1:128"])
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-collapse-id": "score-7"}, "payload": {"aps": {"alert": "Goal!"}, "push_type": "alert", "collapseId": "score-7"}}"#)
            == ["headers-in-payload warning@1:112"])
        let message = lint(#"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.phone.voip"}, "payload": {"topic": "com.example.phone.voip", "payload": {"caller": "Ana"}}}"#)
            .diagnostics.first { $0.ruleID == "headers-in-payload" }?.message
        #expect(message == #"the payload holds the request's header fields ("topic"), as a sender library writes them when it encodes its notification type whole (APNSwift before PR #245): APNs accepts the request and reads its headers from HTTP/2, but the app receives this metadata as its data, and the app's own data sits one level down under "payload" instead of at the top of the body"#)
        // The app's own keys that happen to share a header's name are custom data.
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-topic": "com.example.news"}, "payload": {"aps": {"alert": "Rates cut"}, "topic": "economy", "priority": "high"}}"#) == [])
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-priority": "10"}, "payload": {"aps": {"alert": "Hi"}, "priority": 10}}"#) == [])
    }
}
