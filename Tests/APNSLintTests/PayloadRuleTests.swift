import APNSLint
import Testing

/// A compact payload of exactly `size` bytes on the wire: `{"aps":{"alert":"xx…"}}`.
private func alertPayload(bytes size: Int) -> String {
    #"{"aps":{"alert":""# + String(repeating: "x", count: size - 20) + #""}}"#
}

/// A compact VoIP-style payload of exactly `size` bytes: `{"aps":{},"caller":"xx…"}`.
private func callPayload(bytes size: Int) -> String {
    #"{"aps":{},"caller":""# + String(repeating: "x", count: size - 22) + #""}"#
}

private func messages(_ report: FileReport, _ rule: String) -> [String] {
    report.diagnostics.filter { $0.ruleID == rule }.map(\.message)
}

private func helps(_ report: FileReport, _ rule: String) -> [String] {
    report.diagnostics.filter { $0.ruleID == rule }.compactMap(\.help)
}

@Suite("Payload size: limits per push type and profile")
struct PayloadSizeLimitTests {
    @Test func theHelpersBuildExactSizes() {
        #expect(lint(alertPayload(bytes: 4096)).definition?.payloadBytes?.count == 4096)
        #expect(lint(callPayload(bytes: 5120)).definition?.payloadBytes?.count == 5120)
    }

    @Test("4096 bytes for every push type but VoIP, declared or not",
          arguments: [nil, "alert", "background", "liveactivity", "mdm", "location"])
    func standardLimit(_ pushType: String?) {
        let headers = pushType.map { ["apns-push-type": $0] } ?? [:]
        #expect(!lint(alertPayload(bytes: 4096), headers: headers).ruleIDs.contains("payload-too-large"))
        let over = lint(alertPayload(bytes: 4097), headers: headers)
        #expect(messages(over, "payload-too-large") == [
            "the payload is 4097 bytes as sent (compact UTF-8 JSON), 1 over APNs's limit of 4096 bytes for a payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered",
        ])
    }

    @Test func voipHas5120Bytes() {
        let voip = ["apns-push-type": "voip"]
        #expect(!lint(callPayload(bytes: 5120), headers: voip).ruleIDs.contains("payload-too-large"))
        let over = lint(callPayload(bytes: 5121), headers: voip)
        #expect(messages(over, "payload-too-large") == [
            "the payload is 5121 bytes as sent (compact UTF-8 JSON), 1 over APNs's limit of 5120 bytes for a VoIP payload; APNs rejects it with 413 PayloadTooLarge and nothing is delivered",
        ])
        #expect(helps(over, "payload-too-large") == ["cut at least 1 byte; the largest values are /caller (5101 bytes)"])
        // The same bytes without the VoIP push type are over the standard limit.
        #expect(lint(callPayload(bytes: 5120)).ruleIDs.contains("payload-too-large"))
    }

    @Test("the legacy binary profile allows 2048 bytes for every push type", arguments: [nil, "alert", "voip"])
    func legacyBinary(_ pushType: String?) {
        let headers = pushType.map { ["apns-push-type": $0] } ?? [:]
        let legacy = RuleOptions(sizeLimitProfile: .legacyBinary)
        #expect(!lint(alertPayload(bytes: 2048), headers: headers, options: legacy).ruleIDs.contains("payload-too-large"))
        let over = lint(alertPayload(bytes: 2049), headers: headers, options: legacy)
        #expect(messages(over, "payload-too-large") == [
            "the payload is 2049 bytes as sent (compact UTF-8 JSON), 1 over the legacy binary interface's limit of 2048 bytes; the legacy binary interface refuses it and nothing is delivered",
        ])
        #expect(helps(over, "payload-too-large") == [
            "cut at least 1 byte; the largest values are /aps/alert (2031 bytes); send large content by reference (an id or URL the app fetches)",
        ])
    }

    @Test func nearLimitThresholdIsAStrictShareOfTheLimit() {
        // 0.9 × 4096 = 3686.4: 3686 bytes is not above it, 3687 is.
        #expect(!lint(alertPayload(bytes: 3686)).ruleIDs.contains("payload-near-limit"))
        let near = lint(alertPayload(bytes: 3687))
        #expect(near.ruleIDs == ["payload-near-limit"])
        #expect(messages(near, "payload-near-limit") == [
            "the payload is 3687 bytes as sent (compact UTF-8 JSON), 90% of APNs's limit of 4096 bytes for a payload (the warning threshold is 90%); only 409 bytes are left for text filled in at send time, and over the limit APNs rejects it with 413 PayloadTooLarge and nothing is delivered",
        ])
        #expect(helps(near, "payload-near-limit") == [
            "keep headroom for longer names and translations; the largest values are /aps/alert (3669 bytes); send large content by reference (an id or URL the app fetches)",
        ])
        #expect(near.diagnostics.first?.severity == .warning)
    }

    @Test func atTheLimitIsNearAndOneByteOverIsTooLargeOnly() {
        #expect(lint(alertPayload(bytes: 4096)).ruleIDs == ["payload-near-limit"])
        #expect(lint(alertPayload(bytes: 4097)).ruleIDs == ["payload-too-large"])
    }

    @Test func nearLimitFollowsThePushTypeTheProfileAndTheShare() {
        let voip = ["apns-push-type": "voip"]
        // 0.9 × 5120 = 4608.
        #expect(!lint(callPayload(bytes: 4608), headers: voip).ruleIDs.contains("payload-near-limit"))
        let nearVoIP = lint(callPayload(bytes: 4609), headers: voip)
        #expect(messages(nearVoIP, "payload-near-limit").first?.contains("90% of APNs's limit of 5120 bytes for a VoIP payload") == true)
        #expect(helps(nearVoIP, "payload-near-limit") == ["keep headroom for longer names and translations; the largest values are /caller (4589 bytes)"])
        // 0.9 × 2048 = 1843.2.
        let legacy = RuleOptions(sizeLimitProfile: .legacyBinary)
        #expect(!lint(alertPayload(bytes: 1843), options: legacy).ruleIDs.contains("payload-near-limit"))
        #expect(messages(lint(alertPayload(bytes: 1844), options: legacy), "payload-near-limit") == [
            "the payload is 1844 bytes as sent (compact UTF-8 JSON), 90% of the legacy binary interface's limit of 2048 bytes (the warning threshold is 90%); only 204 bytes are left for text filled in at send time, and over the limit the legacy binary interface refuses it and nothing is delivered",
        ])
        // A share of 0.75: above 3072 bytes.
        let share = RuleOptions(nearLimitShare: 0.75)
        #expect(!lint(alertPayload(bytes: 3072), options: share).ruleIDs.contains("payload-near-limit"))
        #expect(messages(lint(alertPayload(bytes: 3500), options: share), "payload-near-limit").first?
            .contains("85.4% of APNs's limit of 4096 bytes for a payload (the warning threshold is 75%); only 596 bytes are left") == true)
    }

    @Test func sizeRulesDoNotMeasureNonObjectPayloads() {
        let text = "[" + String(repeating: #""xxxxxxxxxx","#, count: 400) + #""x"]"#
        #expect(lint(text).ruleIDs == ["payload-not-object"])
    }
}

@Suite("Payload value rules: exact messages")
struct PayloadValueMessageTests {
    @Test func badgeOfTheWrongType() {
        let report = lint(#"{"aps": {"badge": "5"}}"#)
        #expect(report.ruleIDs == ["badge-invalid"])
        #expect(report.diagnostics[0].severity == .error)
        #expect(messages(report, "badge-invalid") == [
            #""badge" must be a whole number (the count on the app icon), but it is a string ("5"); senders drop or coerce such a value, so the icon does not show the count you meant"#,
        ])
        #expect(helps(report, "badge-invalid") == ["write the number without quotes: 5"])
    }

    @Test("badge help lines", arguments: [
        (#"1.5"#, "write a whole number: 1 or 2"),
        (#"3.0"#, "write it as an integer: 3"),
        (#"1.5e2"#, "write it as an integer: 150"),
        (#"true"#, "write the count as a number, such as 1"),
        (#"null"#, "write 0 to remove the badge, or remove the key to leave it unchanged"),
        (#""many""#, "write the count as a number, such as 1 (0 removes the badge)"),
    ])
    func badgeHelp(_ value: String, _ help: String) {
        #expect(helps(lint(#"{"aps": {"badge": "# + value + "}}"), "badge-invalid") == [help])
    }

    @Test func negativeBadgeIsAWarningOfItsOwn() {
        let report = lint(#"{"aps": {"badge": -1}}"#)
        #expect(report.diagnostics.map(\.severity) == [.warning])
        #expect(messages(report, "badge-negative") == [
            #""badge" is -1: a negative count is not documented (Apple documents a count, with 0 removing the badge), and senders differ (gorush silently drops it), so what the app icon shows is unknown"#,
        ])
        #expect(lint(#"{"aps": {"badge": 0}}"#).ruleIDs.isEmpty)
        #expect(lint(#"{"aps": {"badge": -0}}"#).ruleIDs.isEmpty)
    }

    @Test func soundMessages() {
        let report = lint(#"{"aps": {"alert": "Hi", "sound": {"critical": "1", "name": 5, "volume": 80}}}"#)
        #expect(messages(report, "sound-invalid") == [
            #""critical" in the sound dictionary is "1", but Apple documents the number 1 (a critical alert) or 0 (a regular one); senders differ in how they read anything else"#,
            #""name" in the sound dictionary must be a string (a sound file name, or "default"), but it is an integer (5)"#,
            #""volume" in the sound dictionary is 80, outside 0…1 (0 is silent, 1 full volume); APNSwift crashes on it, and Pushy and the Firebase SDKs refuse it"#,
        ])
        #expect(helps(report, "sound-invalid") == [
            "write 1 without quotes", #"quote it if it is a file name: "5""#,
            "the volume is a fraction of full volume: if 80 means 80 %, write 0.8",
        ])
        #expect(!report.ruleIDs.contains("invalid-value-type"))
        let missing = lint(#"{"aps": {"alert": "Hi", "sound": {"critical": 0}}}"#)
        #expect(missing.summary == ["sound-invalid@1:25"])
        #expect(messages(missing, "sound-invalid") == [
            #"the critical sound dictionary has no "name", so the system has no sound file to play (the Firebase SDKs refuse such a sound)"#,
        ])
        // An empty name on a visible alert: common, accepted by APNs, undocumented on the device, so a warning.
        let empty = lint(#"{"aps": {"alert": "Hi", "sound": ""}}"#)
        #expect(empty.summary == ["sound-empty@1:34"])
        #expect(empty.diagnostics.map(\.severity) == [.warning])
        #expect(messages(empty, "sound-empty") == [
            #""sound" is an empty string, which names no sound file; APNs accepts it, but what the device does with it is not documented (it is an old workaround for a notification without sound)"#,
        ])
        #expect(lint(#"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "a.caf", "volume": "0.5"}}}"#).diagnostics
            .first { $0.ruleID == "sound-invalid" }?.help == "write the number without quotes: 0.5")
    }

    @Test func criticalAlertEntitlementIsOneNotePerNotification() {
        let both = lint(#"{"aps": {"alert": "Low", "sound": {"critical": 1, "name": "a.caf"}, "interruption-level": "critical"}}"#)
        #expect(both.summary == ["critical-alert-entitlement@1:36"])
        #expect(both.diagnostics[0].severity == .info)
        #expect(messages(both, "critical-alert-entitlement") == [
            #"this is a critical alert (a critical sound and "interruption-level": "critical"): it breaks through mute and Focus only if the app has Apple's Critical Alerts entitlement (com.apple.developer.usernotifications.critical-alerts), which Apple grants on request, and the user allowed critical alerts"#,
        ])
        let level = lint(#"{"aps": {"alert": "Low", "interruption-level": "critical"}}"#)
        #expect(messages(level, "critical-alert-entitlement").first?.hasPrefix(#"this is a critical alert ("interruption-level": "critical")"#) == true)
        #expect(lint(#"{"aps": {"alert": "Low", "sound": {"critical": 0, "name": "a.caf"}}}"#).ruleIDs.isEmpty)
    }

    @Test("interruption-level suggestions", arguments: [
        ("time-senstive", #"did you mean "time-sensitive"? (Apple's documentation once misspelled it "time-senstive"; the value the system reads is "time-sensitive")"#),
        ("Time-Sensitive", #"did you mean "time-sensitive"? (the values are exact lowercase kebab-case strings)"#),
        ("timeSensitive", #"did you mean "time-sensitive"? (the values are exact lowercase kebab-case strings)"#),
        ("time_sensitive", #"did you mean "time-sensitive"? (the values are exact lowercase kebab-case strings)"#),
        ("CRITICAL", #"did you mean "critical"? (the values are exact lowercase kebab-case strings)"#),
        ("pasive", #"did you mean "passive"?"#),
        ("urgent", #"use one of "passive", "active", "time-sensitive", "critical""#),
    ])
    func interruptionLevel(_ value: String, _ help: String) {
        let report = lint(#"{"aps": {"alert": "Hi", "interruption-level": ""# + value + #""}}"#)
        #expect(report.ruleIDs == ["interruption-level-invalid"])
        #expect(helps(report, "interruption-level-invalid") == [help])
        #expect(messages(report, "interruption-level-invalid") == [
            #""interruption-level" is ""# + value + #"", which is not one of passive, active, time-sensitive, critical; the system does not know the level, so the notification is not delivered with the interruption level you meant"#,
        ])
    }

    @Test func relevanceScoreIsBoundedForNotificationsOnly() {
        let report = lint(#"{"aps": {"alert": "Goal", "relevance-score": 80}}"#)
        #expect(messages(report, "relevance-score-range") == [
            #""relevance-score" is 80, outside 0…1; for a notification the score is a number from 0 to 1 that ranks it in the notification summary (APNSwift refuses other values)"#,
        ])
        #expect(helps(report, "relevance-score-range") == ["scale it into 0…1: if 80 is on a scale of 100, write 0.8"])
        #expect(helps(lint(#"{"aps": {"alert": "Goal", "relevance-score": 5}}"#), "relevance-score-range") == ["scale it into 0…1: if 5 is on a scale of 10, write 0.5"])
        #expect(lint(#"{"aps": {"alert": "Goal", "relevance-score": 0}}"#).ruleIDs.isEmpty)
        // Live Activities: declared push type, or `event` / `content-state` in aps.
        #expect(!lint(#"{"aps": {"timestamp": 1, "relevance-score": 80}}"#, headers: ["apns-push-type": "liveactivity"]).ruleIDs.contains("relevance-score-range"))
        #expect(!lint(#"{"aps": {"event": "update", "relevance-score": 80}}"#).ruleIDs.contains("relevance-score-range"))
        #expect(!lint(#"{"aps": {"content-state": {}, "relevance-score": 80}}"#).ruleIDs.contains("relevance-score-range"))
        // A string is the wrong type, not out of range.
        #expect(lint(#"{"aps": {"alert": "Goal", "relevance-score": "0.5"}}"#).ruleIDs == ["invalid-value-type"])
    }

    @Test func locArgsElementsAreReportedEachWhereTheyAre() {
        let report = lint(#"{"aps": {"alert": {"loc-key": "K", "loc-args": ["a", 3, null], "title-loc-key": "T", "title-loc-args": [true]}}}"#)
        #expect(report.summary == ["loc-args-not-strings@1:54", "loc-args-not-strings@1:57", "loc-args-not-strings@1:105"])
        #expect(report.diagnostics.map(\.pointer.description) == ["/aps/alert/loc-args/1", "/aps/alert/loc-args/2", "/aps/alert/title-loc-args/0"])
        #expect(report.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(messages(report, "loc-args-not-strings") == [
            #"element 1 of "loc-args" is an integer (3), not a string; Apple documents "loc-args" as an array of strings (the text for the format string's placeholders)"#,
            #"element 2 of "loc-args" is null, not a string; Apple documents "loc-args" as an array of strings (the text for the format string's placeholders)"#,
            #"element 0 of "title-loc-args" is a boolean (true), not a string; Apple documents "title-loc-args" as an array of strings (the text for the format string's placeholders)"#,
        ])
        #expect(helps(report, "loc-args-not-strings") == [#"write it as a string: "3""#, #"write the text to use as a string ("" for none)"#, #"write it as a string: "true""#])
        // Not an array at all: still invalid-value-type's.
        #expect(lint(#"{"aps": {"alert": {"loc-key": "K", "loc-args": "Bob"}}}"#).ruleIDs == ["invalid-value-type"])
    }

    @Test func urlArgs() {
        let single = lint(#"{"aps": {"alert": {"title": "T", "body": "B"}, "url-args": "a/b"}}"#)
        #expect(single.ruleIDs == ["url-args-invalid"])
        #expect(messages(single, "url-args-invalid") == [
            #""url-args" must be an array of strings, one for each placeholder of the website's urlFormatString, but it is a string ("a/b"); the page Safari opens cannot be built from it"#,
        ])
        #expect(helps(single, "url-args-invalid") == [#"wrap it in an array: ["a/b"]"#])
        let elements = lint(#"{"aps": {"alert": {"title": "T", "body": "B"}, "url-args": [1, "x", {}]}}"#)
        #expect(elements.summary == ["url-args-invalid@1:61", "url-args-invalid@1:69"])
        #expect(messages(elements, "url-args-invalid").last ==
            #"element 2 of "url-args" is an object ({…}), not a string; "url-args" must be an array of strings, one for each placeholder of the website's urlFormatString"#)
    }

    @Test func alertEmpty() {
        let text = lint(#"{"aps": {"alert": "", "badge": 1}}"#)
        #expect(messages(text, "alert-empty") == [
            #""alert" is an empty string, so the notification has no text to show; what the device does with an empty alert is not documented"#,
        ])
        let dictionary = lint(#"{"aps": {"alert": {"launch-image": "Splash"}}}"#)
        #expect(messages(dictionary, "alert-empty") == [
            #""alert" has no title, subtitle or body (nor title-loc-key, subtitle-loc-key or loc-key), so the notification has no text to show; what the device does with such an alert is not documented"#,
        ])
        let blanks = lint(#"{"aps": {"alert": {"title": "", "body": ""}}}"#)
        #expect(messages(blanks, "alert-empty").first?.hasPrefix(#""alert" has only empty text ("title", "body" are empty)"#) == true)
        // Arguments without their key are the *-loc-args-without-* rules' to report.
        #expect(lint(#"{"aps": {"alert": {"loc-args": ["x"]}}}"#).ruleIDs == ["loc-args-without-loc-key"])
        #expect(lint(#"{"aps": {"alert": {"subtitle": "S"}}}"#).ruleIDs.isEmpty)
    }

    @Test func summaryArgs() {
        let report = lint(#"{"aps": {"alert": {"body": "B", "summary-arg": "Ana", "summary-arg-count": 0}}}"#)
        #expect(report.summary == ["summary-arg-ignored@1:33", "summary-arg-ignored@1:76"])
        #expect(report.diagnostics.allSatisfy { $0.severity == .info })
        #expect(messages(report, "summary-arg-ignored") == [
            #""summary-arg" is ignored since iOS 15 (it fed the notification group's summary on iOS 12–14)"#,
            #""summary-arg-count" is 0, but it must be an integer of at least 1 (how many items this notification counts as; Pushy refuses smaller counts); it is also ignored since iOS 15 (it fed the notification group's summary on iOS 12–14)"#,
        ])
        let fine = lint(#"{"aps": {"alert": {"body": "B", "summary-arg-count": 2}}}"#)
        #expect(fine.summary == ["summary-arg-ignored@1:33"])
        // A count of the wrong type is invalid-value-type's; this rule still notes it is ignored.
        #expect(lint(#"{"aps": {"alert": {"body": "B", "summary-arg-count": "2"}}}"#).ruleIDs == ["summary-arg-ignored", "invalid-value-type"])
    }
}

@Suite("Unknown aps keys: misspellings versus custom data")
struct UnknownAPSKeyPartitionTests {
    @Test("each unknown aps key is reported by exactly one rule", arguments: [
        ("content_available", "unknown-aps-key"),
        ("threadId", "unknown-aps-key"),
        ("sounds", "unknown-aps-key"),
        ("Badge", "unknown-aps-key"),
        ("title", "unknown-aps-key"),
        ("loc_key", "unknown-aps-key"),
        ("apns-collapse-id", "unknown-aps-key"),
        ("order-id", "custom-key-in-aps"),
        ("ride", "custom-key-in-aps"),
        ("action", "custom-key-in-aps"),
        ("campaignId", "custom-key-in-aps"),
    ])
    func partition(_ key: String, _ rule: String) {
        let report = lint(#"{"aps": {"alert": "Hi", ""# + key + #"": 1}}"#)
        #expect(report.ruleIDs == [rule])
    }

    @Test func customKeyMessageAndHelp() {
        let report = lint(#"{"aps": {"alert": "Hi", "order-id": 1}}"#)
        #expect(report.diagnostics.first?.severity == .warning)
        #expect(messages(report, "custom-key-in-aps") == [
            #""order-id" is not a key APNs defines for "aps"; it looks like your own data, which belongs beside "aps", not in it (Apple reserves "aps" for its keys, and the device ignores others there)"#,
        ])
        #expect(helps(report, "custom-key-in-aps") == [#"move "order-id" out of "aps" to the top level of the payload, beside "aps"; the app reads it from userInfo["order-id"]"#])
        let clash = lint(#"{"aps": {"alert": "Hi", "order-id": 1}, "order-id": 2}"#)
        #expect(helps(clash, "custom-key-in-aps") == [#"the top level already has a "order-id": merge the two, or rename this one, and move it out of "aps""#])
    }

    @Test func misplacedAlertKeysAndHeadersGetTheirOwnHelp() {
        #expect(helps(lint(#"{"aps": {"body": "Hi"}}"#), "unknown-aps-key") == [#"did you mean "alert": {"body": …}? "body" belongs inside the "alert" dictionary"#])
        #expect(helps(lint(#"{"aps": {"alert": "Hi", "apns-push-type": "alert"}}"#), "unknown-aps-key") == [
            #"did you mean the request header "apns-push-type"? Headers go in "headers" (or on the command line), not in the payload"#,
        ])
        #expect(helps(lint(#"{"aps": {"content_available": 1}}"#), "unknown-aps-key") == [
            #"did you mean "content-available"? (APNs reads only the exact kebab-case spelling)"#,
        ])
    }
}

@Suite("reserved-custom-key")
struct ReservedCustomKeyTests {
    @Test func nestedAPSThatIsNotANotification() {
        let report = lint(#"{"aps": {"alert": "Hi"}, "meta": {"aps": "x"}}"#)
        #expect(report.summary == ["reserved-custom-key@1:35"])
        #expect(report.diagnostics.first?.pointer.description == "/meta/aps")
        #expect(messages(report, "reserved-custom-key") == [
            #"a custom key named "aps" (at /meta/aps) holds a string ("x"), not a notification; "aps" is reserved for the system's dictionary, and senders refuse custom data named "aps" (Pushy, Firebase Admin for Java) or send it as a second "aps""#,
        ])
    }

    @Test func nestedPayloadsAreNotReservedKeyMisuseAndAreReportedOnce() {
        // The nested payload itself is nested-payload's; deeper notification-like values pass; a bad one deep
        // inside a nested payload is reported once, not again by the nested run.
        let report = lint(#"{"aps": {"content-available": 1}, "n": {"aps": {"alert": "Hi"}, "x": {"aps": 3}, "h": [{"aps": {"badge": 1}}, {"aps": {}}]}}"#)
        #expect(report.ruleIDs == ["nested-payload", "reserved-custom-key"])
        #expect(report.diagnostics.last?.pointer.description == "/n/x/aps")
        #expect(report.diagnostics.last?.notes.isEmpty == true)
    }

    @Test func apnsJSONExtraWithAnAPSKey() {
        let term = """
            [
                {'alert', <<"Hi">>},
                {extra, [{<<"aps">>, <<"promo">>}]}
            ].
            """
        let report = lint(term, fileExtension: "erl")
        #expect(report.summary == ["reserved-custom-key@3:15"])
        #expect(messages(report, "reserved-custom-key").first?.hasPrefix(#"a second "aps", beside the payload's own, holds a string ("promo")"#) == true)
    }
}

@Suite("invalid-value-type leaves the payload-value rules' keys alone")
struct InvalidValueTypeHandOverTests {
    @Test func ownedKeysAreReportedOnceByTheirRule() {
        let report = lint(#"{"aps": {"alert": {"loc-key": "K", "loc-args": [3]}, "badge": "5", "url-args": 7, "sound": {"critical": true, "name": 5, "volume": "1"}}}"#)
        #expect(!report.ruleIDs.contains("invalid-value-type"))
        #expect(Set(report.ruleIDs) == ["loc-args-not-strings", "badge-invalid", "url-args-invalid", "sound-invalid", "critical-alert-entitlement"])
    }

    @Test func otherKeysAreStillItsOwn() {
        let report = lint(#"{"aps": {"alert": {"title": 7, "loc-key": "K", "loc-args": "x"}, "thread-id": 42, "category": ["c"]}}"#)
        #expect(report.ruleIDs == ["invalid-value-type", "invalid-value-type", "invalid-value-type", "invalid-value-type"])
    }

    @Test func payloadValueRulesAlsoCheckNestedPayloads() {
        let report = lint(#"{"aps": {"content-available": 1}, "n": {"aps": {"alert": "Hi", "badge": "2"}}}"#)
        #expect(report.ruleIDs == ["nested-payload", "badge-invalid"])
        #expect(report.diagnostics.last?.notes.map(\.message) == ["in the notification nested at /n, which the app presents itself"])
    }
}

@Suite("Payload size: broadcast requests")
struct BroadcastSizeTests {
    @Test func aBroadcastRequestHas5120Bytes() {
        let body = String(repeating: "x", count: 4500)
        let text = #"{"headers": {"apns-push-type": "liveactivity", "apns-channel-id": "dHN0LTI="}, "payload": {"aps": {"timestamp": 1, "event": "update", "content-state": {"s": ""# + body + #""}}}}"#
        let report = lint(text)
        #expect(!report.ruleIDs.contains("payload-too-large"))
        #expect(report.ruleIDs.contains("content-state-too-large"))
    }
}
