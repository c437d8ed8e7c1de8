import APNSLint
import Testing

/// Issue 39: the classes of Apple's spec no earlier issue named, each caught by a named rule at the contract's
/// severity, and the working form of each left clean.
@Suite("Apple's spec: Wallet passes, broadcasts, topic suffixes, push types with their own payloads")
struct AppleSpecClassesTests {
    private func findings(_ text: String) -> [String] {
        let report = lint(text)
        return report.diagnostics.map { "\($0.ruleID) \($0.severity.rawValue)@\(report.source.position(of: $0.range?.start ?? 0))" }
    }

    @Test func aWalletPassUpdateIsAnEmptyDictionaryAndAnAlertThereIsNeverShown() {
        #expect(findings(#"{"headers": {"apns-topic": "pass.com.example.ticket"}, "payload": {}}"#) == [])
        #expect(findings(#"{"headers": {"apns-topic": "pass.com.example.ticket"}, "payload": {"aps": ""}}"#) == [])
        #expect(findings(#"{"headers": {"apns-topic": "pass.com.example.ticket", "apns-push-type": "alert"}, "payload": {"aps": {"alert": "Gate B12", "badge": 1}}}"#)
            == ["wallet-pass-payload warning@1:103", "wallet-pass-payload warning@1:124"])
    }

    @Test func aBroadcastCarriesLiveActivityUpdatesOnly() {
        #expect(findings(#"{"headers": {"apns-push-type": "alert", "apns-channel-id": "dHN0LXNyY2gtY2hubA=="}, "payload": {"aps": {"alert": "Kick-off"}}}"#)
            == ["push-type-invalid error@1:32"])
        // No push type on a broadcast: MissingPushType.
        #expect(findings(#"{"headers": {"apns-channel-id": "dHN0LXNyY2gtY2hubA=="}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"s": 1}}}}"#)
            == ["push-type-missing error@1:2"])
        #expect(findings(#"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "not base64!"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"s": 1}}}}"#)
            == ["channel-id-invalid error@1:67"])
    }

    @Test func topicSuffixesTwiceOrOfAnotherPushType() {
        #expect(findings(#"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.phone.voip.voip"}, "payload": {"aps": {}}}"#)
            == ["topic-suffix-mismatch error@1:54"])
        #expect(findings(#"{"headers": {"apns-topic": "com.example.delivery.push-type.liveactivity", "apns-priority": 10}, "payload": {"aps": {"alert": "On its way"}}}"#)
            == ["push-type-missing warning@1:2", "topic-suffix-mismatch error@1:28"])
        // push-type-missing then suggests the payload's type, not the topic's.
        #expect(lint(#"{"headers": {"apns-topic": "com.example.delivery.push-type.liveactivity"}, "payload": {"aps": {"alert": "On its way"}}}"#)
            .diagnostics.first { $0.ruleID == "push-type-missing" }?.help?.hasPrefix(#"add "apns-push-type": "alert""#) == true)
    }

    @Test func pushTypesWithTheirOwnPayloads() {
        #expect(findings(#"{"headers": {"apns-push-type": "location", "apns-topic": "com.example.app.location-query", "apns-priority": "10"}, "payload": {"aps": {"alert": "Where are you?"}}}"#)
            == ["push-type-mismatch warning@1:136"])
        #expect(findings(#"{"headers": {"apns-push-type": "widgets", "apns-topic": "com.example.app.push-type.widgets"}, "payload": {"aps": {"alert": "x"}}}"#)
            == ["push-type-mismatch error@1:32"])
        #expect(findings(#"{"headers": {"apns-push-type": "fileprovider", "apns-topic": "com.example.app.pushkit.fileprovider"}, "payload": {"aps": {}}}"#)
            == ["push-type-mismatch warning@1:114"])
        #expect(findings(#"{"headers": {"apns-topic": "com.example.app.pushkit.fileprovider", "apns-push-type": "fileprovider"}, "payload": {"container-identifier": "NSFileProviderWorkingSetContainerItemIdentifier", "domain": "com.example.app.files"}}"#) == [])
    }

    /// The table's "push types" column: a key sent with a push type that does not read it is delivered and ignored.
    @Test func aKeyOfAnotherPushTypeIsIgnored() {
        #expect(findings(#"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"s": 1}, "badge": 1}}}"#)
            == ["aps-key-ignored-by-push-type warning@1:140"])
        #expect(findings(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Shipped", "stale-date": 1763715600, "dismissal-date": 1763715600}}}"#)
            == ["aps-key-ignored-by-push-type warning@1:82", "aps-key-ignored-by-push-type warning@1:108"])
        // Keys other rules own in a type are theirs: an alert in a background push, a Live Activity key elsewhere.
        #expect(findings(#"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1, "badge": 1}}}"#)
            == ["background-with-alert warning@1:111"])
        #expect(findings(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi", "event": "update"}}}"#)
            == ["push-type-mismatch error@1:32"])
        // A key the type reads, or a type the table does not give `aps` keys to.
        #expect(findings(#"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi", "content-available": 1, "relevance-score": 0.5}}}"#) == [])
        #expect(findings(#"{"headers": {"apns-push-type": "voip", "apns-topic": "com.example.app.voip"}, "payload": {"aps": {"thread-id": "t"}}}"#) == [])
    }

    /// The rules read the table: what it says of a push type is what they report.
    @Test func theRulesReadTheTable() {
        #expect(PushType.allCases.filter { PushType.inferred(fromAPSKeys: $0.spec.markers) == $0 } == [.alert, .background, .pushtotalk, .widgets, .liveactivity]
            .sorted { PushType.allCases.firstIndex(of: $0)! < PushType.allCases.firstIndex(of: $1)! })
        #expect(PushType.inferred(fromAPSKeys: [.alert, .contentState]) == .liveactivity)
        #expect(PushType.inferred(fromAPSKeys: [.badge, .contentAvailable]) == .alert)
        #expect(PushType.inferred(fromAPSKeys: [.threadID]) == nil)
        #expect(APSKey.interruptionLevel.facts.allowed == ["passive", "active", "time-sensitive", "critical"])
        #expect(APSKey.interruptionLevel.facts.values == "passive, active, time-sensitive or critical")
        #expect(HeaderKey.priority.facts.values == "10, 5 or 1")
    }
}
