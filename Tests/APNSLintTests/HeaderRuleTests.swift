import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// "Now" for the date checks: 2025-11-21 08:00:00 UTC.
private let now = 1_763_712_000

/// The push-type and header rules: exact messages, severities and the edge cases the examples do not cover.
@Suite("Push type and header rules")
struct HeaderRuleTests {
    static let ids = [
        "push-type-invalid", "push-type-missing", "push-type-mismatch", "topic-suffix-mismatch", "pushtotalk-priority",
        "duplicate-header", "topic-invalid", "priority-invalid", "apns-id-invalid", "expiration-invalid", "expiration-unlikely-date", "device-token-invalid", "device-token-length",
    ]

    /// The diagnostics of one rule.
    static func findings(_ rule: String, _ text: String, headers: [String: String] = [:], options: RuleOptions = RuleOptions(),
                         format: String = "json") -> [Diagnostic] {
        lint(text, headers: headers, options: options, fileExtension: format).diagnostics.filter { $0.ruleID == rule }
    }

    static func envelope(_ headers: String, payload: String = #"{"aps": {"alert": "Hi"}}"#) -> String {
        #"{"headers": {\#(headers)}, "payload": \#(payload)}"#
    }

    // MARK: - Every rule

    @Test("every registered header rule is one of these, and they are all registered")
    func registered() {
        #expect(Set(Self.ids).isSubset(of: Set(RuleRegistry.ids)))
    }

    @Test("the good examples stay clean with a clock and on watchOS", arguments: ["json/good", "yaml/good", "erlang/good"])
    func goodExamplesAreClean(_ directory: String) throws {
        let linter = Linter(options: RuleOptions(now: now, platforms: [.watchos, .ios]))
        for path in ExamplesTests.files(directory) {
            let bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent("Examples/\(path)")))
            let report = linter.lint(SourceText(bytes: bytes), fileName: path, format: InputFormat.detect(fileName: path)!)
            let mine = report.diagnostics.filter { Self.ids.contains($0.ruleID) }
            #expect(mine.isEmpty, "\(path): \(mine.map(\.message))")
        }
    }

    @Test("a bare payload without headers triggers no header rule", arguments: [
        #"{"aps": {"alert": "Hi"}}"#,
        #"{"aps": {"content-available": 1}}"#,
        #"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {}}}"#,
        #"{"mdm": "5E2C9A3F-7B1D-4E8A-9C6F-0D3B2A1E4F57"}"#,
        #"{"aps": {"alert": "Hi"}, "headers": {"apns-priority": "high", "apns-priority": 10}, "device-token": "zz"}"#,
    ])
    func barePayload(_ text: String) {
        let report = lint(text, options: RuleOptions(now: now, platforms: [.watchos]))
        #expect(report.diagnostics.filter { Self.ids.contains($0.ruleID) }.isEmpty, "\(report.summary)")
    }

    @Test("every finding in a file has a place and says how to fix it")
    func placesAndHelp() {
        let text = Self.envelope(
            #""apns-push-type": "Alert", "apns-topic": "<bundle>", "apns-priority": "high", "apns-id": "x", "apns-expiration": 300, "APNS-ID": "y""#)
        let report = lint(text, options: RuleOptions(now: now))
        let mine = report.diagnostics.filter { Self.ids.contains($0.ruleID) }
        #expect(mine.count == 6, "\(report.summary)")
        #expect(mine.contains { $0.ruleID == "expiration-unlikely-date" })
        for diagnostic in mine {
            #expect(diagnostic.range != nil)
            #expect(diagnostic.help?.isEmpty == false)
        }
    }

    // MARK: - push-type-invalid

    @Test("push-type-invalid suggests the documented value", arguments: [
        ("Alert", #"write "alert""#),
        ("LiveActivity", #"write "liveactivity""#),
        ("live_activity", #"write "liveactivity""#),
        ("Push-To-Talk", #"write "pushtotalk""#),
        (" voip", #"write "voip""#),
        ("backgorund", #"did you mean "background"?"#),
        ("alerts", #"did you mean "alert"?"#),
        ("widget", #"did you mean "widgets"?"#),
        ("silent", #"a silent push is apns-push-type "background""#),
        ("banner", "use one of: alert, background, location, voip, complication, fileprovider, mdm, liveactivity, pushtotalk, widgets, controls"),
        ("", #"set it to the type of this push, e.g. "alert" (what the payload looks like)"#),
    ])
    func pushTypeInvalid(_ value: String, _ help: String) throws {
        let found = Self.findings("push-type-invalid", Self.envelope(#""apns-push-type": "\#(value)""#))
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.help == help)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("400 InvalidPushType"))
        #expect(diagnostic.pointer.description == "/headers/apns-push-type")
    }

    @Test func pushTypeInvalidMessages() {
        #expect(Self.findings("push-type-invalid", Self.envelope(#""apns-push-type": "Alert""#)).map(\.message) == [
            #"apns-push-type is "Alert", but APNs documents the push type as "alert" (lowercase, one word, no spaces); a value it does not know is rejected with 400 InvalidPushType"#,
        ])
        #expect(Self.findings("push-type-invalid", Self.envelope(#""apns-push-type": "backgorund""#)).map(\.message) == [
            #"apns-push-type "backgorund" is not a push type APNs knows; APNs rejects the request with 400 InvalidPushType"#,
        ])
    }

    @Test("push-type-invalid leaves other types to invalid-value-type, and accepts LiveActivity on the broadcast API")
    func pushTypeInvalidEdges() {
        let number = lint(Self.envelope(#""apns-push-type": 5"#))
        #expect(number.ruleIDs.contains("invalid-value-type"))
        #expect(!number.ruleIDs.contains("push-type-invalid"))
        #expect(Self.findings("push-type-invalid", Self.envelope(#""apns-push-type": "LiveActivity", "apns-channel-id": "abc=""#)).isEmpty)
        #expect(Self.findings("push-type-invalid", Self.envelope(#""apns-push-type": "Voip", "apns-channel-id": "abc=""#)).count == 1)
        // From the command line: no place in the file, and a note says where it came from.
        let cli = Self.findings("push-type-invalid", #"{"aps": {"alert": "Hi"}}"#, headers: ["apns-push-type": "Alert"])
        #expect(cli.count == 1)
        #expect(cli.first?.range == nil)
        #expect(cli.first?.notes.first?.message == "apns-push-type comes from the command line: --header apns-push-type Alert")
    }

    // MARK: - push-type-missing

    @Test func pushTypeMissingIsAWarningAndSaysWhatThePayloadSuggests() throws {
        let text = Self.envelope(#""apns-priority": 10, "apns-topic": "com.example.chat""#)
        let diagnostic = try #require(Self.findings("push-type-missing", text).first)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.message == "no apns-push-type in the request headers: Apple requires it on watchOS 6 and later and recommends it on every other platform; without it APNs may reject, delay or drop the notification")
        #expect(diagnostic.help == #"add "apns-push-type": "alert" to the headers; "aps" has alert, badge or sound, so the payload is a visible notification"#)
        #expect(lint(text).summary.contains("push-type-missing@1:2"))
    }

    @Test func pushTypeMissingIsAnErrorOnWatchOS() throws {
        let text = Self.envelope(#""apns-priority": 5"#, payload: #"{"aps": {"content-available": 1}}"#)
        let diagnostic = try #require(Self.findings("push-type-missing", text, options: RuleOptions(platforms: [.ios, .watchos])).first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("the app runs on watchOS, where Apple requires it (watchOS 6 and later)"))
        #expect(diagnostic.help == #"add "apns-push-type": "background" to the headers; "aps" has content-available and nothing to show, so the payload is a background update"#)
        #expect(Self.findings("push-type-missing", text, options: RuleOptions(platforms: [.ios])).first?.severity == .warning)
    }

    @Test("push-type-missing: what the topic, the payload or nothing suggests", arguments: [
        (#"{"aps": {}}"#, #""apns-topic": "com.example.phone.voip""#, #"add "apns-push-type": "voip" to the headers; the topic ends in .voip"#),
        (#"{"aps": {"event": "end", "content-state": {}}}"#, "", #"add "apns-push-type": "liveactivity" to the headers; "aps" has content-state or event, so the payload is a Live Activity update"#),
        (#"{"mdm": "5E2C9A3F"}"#, "", #"add "apns-push-type": "mdm" to the headers; the payload is an MDM wake-up ({"mdm": …})"#),
        (#"{"aps": {"thread-id": "x"}}"#, "", #"add "apns-push-type" to the headers: alert to show something, background for a silent update, or the type of this push"#),
    ])
    func pushTypeMissingHelp(_ payload: String, _ headers: String, _ help: String) {
        #expect(Self.findings("push-type-missing", Self.envelope(headers, payload: payload)).map(\.help) == [help])
    }

    @Test func pushTypeMissingWithHeadersFromTheCommandLineOnly() throws {
        let found = Self.findings("push-type-missing", #"{"aps": {"alert": "Hi"}}"#, headers: ["apns-priority": "10"])
        let diagnostic = try #require(found.first)
        #expect(found.count == 1)
        #expect(diagnostic.range == nil)
        #expect(diagnostic.notes.map(\.message) == ["the request headers come from outside the file: --header apns-priority"])
        #expect(diagnostic.help == #"send apns-push-type: alert (with the request headers, --push-type, or the configuration's headers); "aps" has alert, badge or sound, so the payload is a visible notification"#)
        #expect(Self.findings("push-type-missing", #"{"aps": {"alert": "Hi"}}"#, headers: ["apns-push-type": "alert"]).isEmpty)
    }

    @Test func pushTypeMissingInYAMLPointsAtTheHeadersKey() {
        let yaml = "headers:\n  apns-priority: 10\npayload:\n  aps:\n    alert: Hi\n"
        #expect(lint(yaml, fileExtension: "yaml").summary == ["push-type-missing@1:1"])
    }

    // MARK: - push-type-mismatch

    @Test("push-type-mismatch: each contradiction, reported at the push type", arguments: [
        (#""apns-push-type": "alert""#, #"{"aps": {"event": "update", "content-state": {}, "timestamp": 1}}"#,
         #"apns-push-type is alert, but "aps" has "event" and "content-state", so the payload is a Live Activity update; a push type that contradicts the payload may be rejected, delayed or dropped by APNs, and only a liveactivity push reaches the Live Activity"#),
        (#""apns-push-type": "voip""#, #"{"aps": {"content-changed": true}}"#,
         #"apns-push-type is voip, but "aps" has "content-changed", which only a widgets or controls push carries; a push type that contradicts the payload may be rejected, delayed or dropped by APNs, and the widget is not reloaded"#),
        (#""apns-push-type": "background", "apns-priority": 5"#, #"{"mdm": "5E2C9A3F"}"#,
         #"apns-push-type is background, but the payload is an MDM wake-up ({"mdm": …} without "aps"); a push type that contradicts the payload may be rejected, delayed or dropped by APNs, and only an mdm push wakes the device's MDM client"#),
        (#""apns-push-type": "mdm""#, #"{"aps": {"content-available": 1}}"#,
         #"apns-push-type is mdm, but the payload has "aps"; an MDM wake-up's body is {"mdm": "<PushMagic>"} and nothing else, so a push type that contradicts the payload may be rejected, delayed or dropped by APNs"#),
    ])
    func pushTypeMismatch(_ headers: String, _ payload: String, _ message: String) throws {
        let text = Self.envelope(headers, payload: payload)
        let found = Self.findings("push-type-mismatch", text)
        #expect(found.map(\.message) == [message])
        let diagnostic = try #require(found.first)
        #expect(diagnostic.pointer.description == "/headers/apns-push-type")
        #expect(diagnostic.notes.first?.message == "the payload says otherwise here")
        #expect(diagnostic.notes.first?.range != nil)
    }

    @Test("push-type-mismatch: matching payloads, and background with an alert left to background-with-alert", arguments: [
        (#""apns-push-type": "liveactivity""#, #"{"aps": {"event": "end", "content-state": {}, "timestamp": 1}}"#),
        (#""apns-push-type": "widgets""#, #"{"aps": {"content-changed": true}}"#),
        (#""apns-push-type": "controls""#, #"{"aps": {"content-changed": true}}"#),
        (#""apns-push-type": "mdm""#, #"{"mdm": "5E2C9A3F"}"#),
        (#""apns-push-type": "alert""#, #"{"aps": {"alert": "Hi", "content-available": 1}}"#),
        (#""apns-push-type": "background", "apns-priority": 5"#, #"{"aps": {"content-available": 1, "alert": "Hi"}}"#),
        (#""apns-push-type": "Alert""#, #"{"aps": {"event": "update", "content-state": {}}}"#),
    ])
    func pushTypeMatches(_ headers: String, _ payload: String) {
        #expect(Self.findings("push-type-mismatch", Self.envelope(headers, payload: payload)).isEmpty)
    }

    @Test func pushTypeMismatchFromTheCommandLinePointsAtThePayload() {
        let text = #"{"aps": {"alert": "Hi", "content-changed": true}}"#
        let report = lint(text, headers: ["apns-push-type": "alert"])
        #expect(report.summary.filter { $0.hasPrefix("push-type-mismatch") } == ["push-type-mismatch@1:25"])
        let notes = report.diagnostics.first { $0.ruleID == "push-type-mismatch" }?.notes.map(\.message)
        #expect(notes == ["apns-push-type comes from the command line: --header apns-push-type alert"])
    }

    // MARK: - topic-suffix-mismatch

    @Test("topic-suffix-mismatch: the topic each push type needs", arguments: [
        ("voip", "com.example.phone", #"use "com.example.phone.voip""#),
        ("alert", "com.example.phone.voip", #"use "com.example.phone", or set apns-push-type to voip if this is a voip push"#),
        ("background", "com.example.home.push-type.widgets", #"use "com.example.home", or set apns-push-type to widgets if this is a widgets push"#),
        ("voip", "com.example.radio.voip-ptt", #"use "com.example.radio.voip", or set apns-push-type to pushtotalk if this is a pushtotalk push"#),
        ("pushtotalk", "com.example.radio.voip", #"use "com.example.radio.voip-ptt", or set apns-push-type to voip if this is a voip push"#),
        ("liveactivity", "com.example.delivery.liveactivity", #"use "com.example.delivery.push-type.liveactivity""#),
        ("widgets", "com.example.home.push-type.widget", #"use "com.example.home.push-type.widgets""#),
        ("fileprovider", "com.example.files.fileprovider", #"use "com.example.files.pushkit.fileprovider""#),
        ("location", "com.example.maps", #"use "com.example.maps.location-query""#),
        ("complication", "com.example.watch", #"use "com.example.watch.complication""#),
        ("controls", "com.example.home.push-type.widgets", #"use "com.example.home.push-type.controls", or set apns-push-type to widgets if this is a widgets push"#),
    ])
    func topicSuffixMismatch(_ type: String, _ topic: String, _ help: String) throws {
        let found = Self.findings("topic-suffix-mismatch", Self.envelope(#""apns-push-type": "\#(type)", "apns-topic": "\#(topic)""#, payload: #"{"aps": {}}"#))
        #expect(found.map(\.help) == [help])
        #expect(found.first?.pointer.description == "/headers/apns-topic")
        #expect(found.first?.message.contains("400 DeviceTokenNotForTopic, BadTopic or TopicDisallowed") == true)
    }

    @Test func topicSuffixMismatchMessage() {
        let found = Self.findings("topic-suffix-mismatch", Self.envelope(#""apns-push-type": "alert", "apns-topic": "com.example.phone.voip""#))
        #expect(found.map(\.message) == [
            #"apns-topic "com.example.phone.voip" ends in .voip, the suffix of voip pushes, but apns-push-type alert needs the bare bundle ID; the device token is registered for another topic, so APNs rejects the push (400 DeviceTokenNotForTopic, BadTopic or TopicDisallowed)"#,
        ])
    }

    @Test("topic-suffix-mismatch: right topics, and cases it leaves alone", arguments: [
        #""apns-push-type": "voip", "apns-topic": "com.example.phone.voip""#,
        #""apns-push-type": "voip", "apns-topic": "com.example.phone.VoIP""#,
        #""apns-push-type": "alert", "apns-topic": "com.example.voiptalk""#,
        #""apns-push-type": "liveactivity", "apns-topic": "com.example.delivery.push-type.liveactivity""#,
        #""apns-push-type": "mdm", "apns-topic": "com.apple.mgmt.External.2a7c1f6e""#,
        #""apns-push-type": "Voip", "apns-topic": "com.example.phone""#,
        #""apns-topic": "com.example.phone.voip""#,
        #""apns-push-type": "voip""#,
        #""apns-push-type": "voip", "apns-topic": "com.example.phone/voip""#,
        #""apns-push-type": "liveactivity", "apns-topic": "com.example.delivery", "apns-channel-id": "abc=""#,
    ])
    func topicSuffixLeftAlone(_ headers: String) {
        #expect(Self.findings("topic-suffix-mismatch", Self.envelope(headers, payload: #"{"aps": {}}"#)).isEmpty)
    }

    // MARK: - topic-invalid

    @Test("topic-invalid says what is wrong", arguments: [
        ("", #"apns-topic "" is empty; an empty topic names no app, so APNs rejects the request (400 MissingTopic or BadTopic)"#),
        ("   ", #"apns-topic "   " is empty; an empty topic names no app, so APNs rejects the request (400 MissingTopic or BadTopic)"#),
        ("<bundle-id>", #"apns-topic "<bundle-id>" is a template placeholder, not a bundle ID; APNs rejects the request with 400 BadTopic"#),
        ("<com.example.app>", #"apns-topic "<com.example.app>" has angle brackets, which never appear in a bundle ID; APNs rejects the request with 400 BadTopic"#),
        ("https://api.push.apple.com", #"apns-topic "https://api.push.apple.com" is a URL (https://…), not a bundle ID; APNs rejects the request with 400 BadTopic"#),
        ("com.example.app/voip", #"apns-topic "com.example.app/voip" holds a slash, which never appears in a bundle ID; APNs rejects the request with 400 BadTopic"#),
        (" com.example.app", #"apns-topic " com.example.app" has whitespace at its start; HTTP/2 forbids whitespace around a header value, and no bundle ID has any, so APNs rejects the request with 400 BadTopic"#),
        ("com.example .app", #"apns-topic "com.example .app" holds whitespace, which never appears in a bundle ID; APNs rejects the request with 400 BadTopic"#),
    ])
    func topicInvalid(_ topic: String, _ message: String) {
        let found = Self.findings("topic-invalid", Self.envelope(#""apns-topic": "\#(topic)""#))
        #expect(found.map(\.message) == [message])
        #expect(found.first?.severity == .error)
    }

    @Test func topicInvalidHelp() {
        #expect(Self.findings("topic-invalid", Self.envelope(#""apns-topic": "<com.example.app>""#)).first?.help == #"remove the angle brackets: "com.example.app""#)
        #expect(Self.findings("topic-invalid", Self.envelope(#""apns-topic": "com.example.app\n""#)).first?.help == #"write "com.example.app""#)
        #expect(Self.findings("topic-invalid", Self.envelope(#""apns-topic": "com.apple.mgmt.External.2a7c1f6e-8d4b""#)).isEmpty)
        #expect(Self.findings("topic-invalid", Self.envelope(#""apns-topic": 5"#)).isEmpty)
    }

    // MARK: - priority-invalid

    @Test("priority-invalid: help for each kind of value", arguments: [
        (#""high""#, #"write 10: APNs's number for "high" (send immediately)"#),
        (#""HIGH""#, #"write 10: APNs's number for "high" (send immediately)"#),
        (#""normal""#, #"write 5: APNs's number for "normal" (send when power allows)"#),
        (#"" 10""#, "write 10"),
        (#""10.0""#, "write 10"),
        ("10.0", "write 10"),
        ("0", "use 10 to send immediately or 5 to let the device save power (or remove the header: APNs uses 10)"),
        ("7", "use 10 to send immediately or 5 to let the device save power (or remove the header: APNs uses 10)"),
        (#""low""#, "use 10 to send immediately or 5 to let the device save power (or remove the header: APNs uses 10)"),
        ("null", "use 10 to send immediately or 5 to let the device save power (or remove the header: APNs uses 10)"),
        ("[10]", "use 10 to send immediately or 5 to let the device save power (or remove the header: APNs uses 10)"),
    ])
    func priorityInvalid(_ value: String, _ help: String) {
        let found = Self.findings("priority-invalid", Self.envelope(#""apns-push-type": "alert", "apns-priority": \#(value)"#))
        #expect(found.map(\.help) == [help])
        #expect(found.first?.message.hasSuffix("APNs accepts only 10 (send now), 5 (send when power allows) and 1 (power first), and rejects anything else with 400 BadPriority") == true)
    }

    @Test func priorityInvalidMessages() {
        #expect(Self.findings("priority-invalid", Self.envelope(#""apns-priority": "high""#)).map(\.message) == [
            #"apns-priority is "high", but APNs accepts only 10 (send now), 5 (send when power allows) and 1 (power first), and rejects anything else with 400 BadPriority"#,
        ])
        #expect(Self.findings("priority-invalid", Self.envelope(#""apns-priority": true"#)).map(\.message) == [
            "apns-priority is a boolean (true), but APNs accepts only 10 (send now), 5 (send when power allows) and 1 (power first), and rejects anything else with 400 BadPriority",
        ])
    }

    @Test("priority-invalid accepts 10, 5 and 1, as numbers or strings", arguments: ["10", "5", "1", #""10""#, #""5""#, #""1""#])
    func priorityValid(_ value: String) {
        #expect(Self.findings("priority-invalid", Self.envelope(#""apns-priority": \#(value)"#)).isEmpty)
    }

    @Test("priority, expiration and device token are checked by their own rules only, not by invalid-value-type")
    func ownRulesTakeOverTypeChecks() {
        let text = #"{"headers": {"apns-priority": "high", "apns-expiration": true}, "device-token": 5, "payload": {"aps": {"alert": "Hi"}}}"#
        let ids = lint(text).ruleIDs
        #expect(!ids.contains("invalid-value-type"))
        #expect(ids.contains("priority-invalid") && ids.contains("expiration-invalid") && ids.contains("device-token-invalid"))
        #expect(Self.findings("priority-invalid", #"{"aps": {"alert": "Hi"}}"#, headers: ["apns-priority": "high"]).count == 1)
    }

    // MARK: - apns-id-invalid

    @Test("apns-id-invalid: what is wrong and the fixed value", arguments: [
        ("6f1c1c3e52a84b599a0c0d2f5c1b9e77", "its hyphens are missing or misplaced", #"write "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77""#),
        ("{6F1C1C3E-52A8-4B59-9A0C-0D2F5C1B9E77}", "it has braces around the UUID", #"write "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77""#),
        ("urn:uuid:6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77", "it has the urn:uuid: prefix around the UUID", #"write "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77""#),
        ("6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77 ", "it has whitespace around it", #"write "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77""#),
        ("123e4567-e89b-12d3-a456-42665544000", "the last group has 11 hex digits, not 12 (Apple's old example UUID has this typo)", nil),
        ("6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9g77", "\"g\" is not a hex digit", nil),
        ("order-10452", "\"o\" is not a hex digit", nil),
        ("", "it is empty", nil),
        ("6f1c1c3e-52a8-4b59-9a0c", "it has 20 hex digits in 4 groups", nil),
    ] as [(String, String, String?)])
    func apnsIDInvalid(_ value: String, _ what: String, _ help: String?) {
        let found = Self.findings("apns-id-invalid", Self.envelope(#""apns-id": "\#(value)""#))
        #expect(found.count == 1)
        #expect(found.first?.message.contains(": \(what); APNs rejects the request with 400 BadMessageId") == true, "\(found.map(\.message))")
        #expect(found.first?.help == (help ?? #"use a UUID such as "123e4567-e89b-12d3-a456-426655440000", or remove apns-id and APNs creates one"#))
    }

    @Test func apnsIDInUppercaseIsAccepted() {
        // APNs answers with uppercase apns-ids, and sideshow/apns2's README sends one.
        #expect(Self.findings("apns-id-invalid", Self.envelope(#""apns-id": "6F1C1C3E-52A8-4B59-9A0C-0D2F5C1B9E77""#)).isEmpty)
        #expect(Self.findings("apns-id-invalid", Self.envelope(#""apns-id": "6f1c1c3e-52a8-4b59-9a0c-0d2f5c1b9e77""#)).isEmpty)
    }

    // MARK: - expiration-invalid

    @Test("expiration-invalid: values APNs rejects, and what it says", arguments: [
        (#""2025-11-22T08:00:00Z""#, #"apns-expiration "2025-11-22T08:00:00Z" is not an integer of UNIX epoch seconds; APNs rejects the request with 400 BadExpirationDate"#,
         "write the date as UNIX epoch seconds (an integer), or 0 for a single delivery attempt; APNs does not read date strings"),
        (#""1h""#, #"apns-expiration "1h" is not an integer of UNIX epoch seconds; APNs rejects the request with 400 BadExpirationDate"#,
         "write the date as UNIX epoch seconds (an integer), or 0 for a single delivery attempt; a duration is not a date: send the current epoch time plus the duration, computed when you send"),
        (#"" 1763798400""#, #"apns-expiration " 1763798400" is not an integer of UNIX epoch seconds; APNs rejects the request with 400 BadExpirationDate"#,
         "write 1763798400 (digits only)"),
        ("1.7637e9", "apns-expiration 1.7637e9 is not an integer of UNIX epoch seconds; APNs rejects the request with 400 BadExpirationDate",
         "write a whole number of seconds: 1763700000"),
        ("true", "apns-expiration is a boolean (true), not an integer of UNIX epoch seconds; APNs rejects the request with 400 BadExpirationDate",
         "write the date as UNIX epoch seconds (an integer), or 0 for a single delivery attempt"),
        ("-1", "apns-expiration is -1, a negative date; APNs rejects the request with 400 BadExpirationDate",
         "write 0 for a single delivery attempt, or remove the header to let APNs apply its storage policy"),
    ] as [(String, String, String)])
    func expirationInvalid(_ value: String, _ message: String, _ help: String) {
        let found = Self.findings("expiration-invalid", Self.envelope(#""apns-expiration": \#(value)"#), options: RuleOptions(now: now))
        #expect(found.map(\.message) == [message])
        #expect(found.map(\.help) == [help])
        #expect(found.map(\.severity) == [.error])
    }

    @Test("expiration-unlikely-date: accepted values that are probably not the date meant, and the date compared with", arguments: [
        ("300", nil, "apns-expiration is 300, which is the date 1970-01-01 00:05:00 UTC, not a duration of 5 minutes; APNs reads an absolute date, long past, so it does not store the notification (as with 0)",
         "to keep it for 5 minutes, send the current epoch time + 300, computed when you send; or 0 for a single attempt"),
        (#""86400""#, now, "apns-expiration is 86400, which is the date 1970-01-02 00:00:00 UTC, not a duration of 1 day; APNs reads an absolute date, long past, so it does not store the notification (as with 0)",
         "to keep it for 1 day, send now + 86400, e.g. 1763798400 at 2025-11-21 08:00:00 UTC; compute it when you send"),
        ("1763712000000", nil, "apns-expiration is 1763712000000, which looks like milliseconds: APNs reads epoch seconds, so this is a date in the year 57859, not the expiry you meant",
         "divide by 1000: 1763712000 (2025-11-21 08:00:00 UTC)"),
        ("1767225600", now, "apns-expiration 1767225600 (2026-01-01 00:00:00 UTC) is 40 days 16 hours ahead (compared with 2025-11-21 08:00:00 UTC, the time of this check), but APNs stores a notification for 30 days or less, so it will not keep it until then",
         "use a date at most 30 days ahead, e.g. 1766304000 (2025-12-21 08:00:00 UTC), or remove the header to let APNs apply its storage policy"),
        ("1763625600", now, "apns-expiration 1763625600 (2025-11-20 08:00:00 UTC) is 1 day in the past (compared with 2025-11-21 08:00:00 UTC, the time of this check); sent now, it behaves like 0: APNs makes one delivery attempt and does not store the notification",
         "write 0 if a single attempt is what you want, or compute a date ahead of the time of sending (epoch seconds) when you send"),
    ] as [(String, Int?, String, String)])
    func expirationUnlikely(_ value: String, _ now: Int?, _ message: String, _ help: String) {
        let text = Self.envelope(#""apns-expiration": \#(value)"#)
        let found = Self.findings("expiration-unlikely-date", text, options: RuleOptions(now: now))
        #expect(found.map(\.message) == [message])
        #expect(found.map(\.help) == [help])
        #expect(found.map(\.severity) == [.warning])
        // Never an error: a committed file does not turn red as the calendar moves.
        #expect(lint(text, options: RuleOptions(now: now)).diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test("expiration rules: valid values, and dates compared with now only when there is one", arguments: [
        ("0", now), (#""0""#, now), ("1763798400", now), (#""1766304000""#, now), ("2147483647", now),
        ("1767225600", nil), ("1763625600", nil), ("1000000000", nil),
    ] as [(String, Int?)])
    func expirationValid(_ value: String, _ now: Int?) {
        let text = Self.envelope(#""apns-expiration": \#(value)"#)
        #expect(Self.findings("expiration-invalid", text, options: RuleOptions(now: now)).isEmpty)
        #expect(Self.findings("expiration-unlikely-date", text, options: RuleOptions(now: now)).isEmpty)
    }

    @Test func expirationFromTheCommandLine() throws {
        let diagnostic = try #require(Self.findings("expiration-unlikely-date", #"{"aps": {"alert": "Hi"}}"#, headers: ["apns-expiration": "300"]).first)
        #expect(diagnostic.range == nil)
        #expect(diagnostic.notes.first?.message == "apns-expiration comes from the command line: --header apns-expiration 300")
    }

    // MARK: - duplicate-header

    @Test func duplicateHeaderComparesNamesCaseInsensitively() throws {
        let text = Self.envelope(#""APNS-Priority": "5", "apns-push-type": "background", "apns-priority": "5""#, payload: #"{"aps": {"content-available": 1}}"#)
        let report = lint(text)
        #expect(report.summary == ["duplicate-header@1:14"])
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.message == #"header "APNS-Priority" is also set as "apns-priority" (both "5"): header names are case-insensitive and HTTP/2 sends them in lowercase, so APNs gets apns-priority twice and answers 400 DuplicateHeaders"#)
        #expect(diagnostic.help == #"keep one "apns-priority" and delete the other"#)
        #expect(diagnostic.notes.map(\.message) == ["apns-lint reads this one"])
        let used = try #require(text.range(of: #""apns-priority""#))
        #expect(diagnostic.notes.first?.range?.start == text.utf8.distance(from: text.startIndex, to: used.lowerBound))
    }

    @Test func aHeaderNameWrittenTwiceTheSameWayIsDuplicateKeys() {
        // A JSON parser keeps one of the values, so one header is sent: not DuplicateHeaders.
        let text = Self.envelope(#""apns-push-type": "alert", "apns-topic": "a.b", "apns-topic": "c.d", "apns-topic": "c.d""#,
                                 payload: #"{"aps": {"alert": "Hi", "alert": "Ho"}}"#)
        let report = lint(text)
        #expect(!report.ruleIDs.contains("duplicate-header"))
        #expect(report.diagnostics.filter { $0.ruleID == "duplicate-key" }.map(\.pointer.description)
                == ["/headers/apns-topic", "/headers/apns-topic", "/payload/aps/alert"])
        #expect(report.diagnostics.filter { $0.ruleID == "duplicate-key" }.allSatisfy { $0.severity == .warning })
    }

    @Test func duplicateKeyStillReportsAHeadersKeyThatIsNotTheEnvelopes() {
        // A bare payload's custom "headers" object is data, not request headers.
        let report = lint(#"{"aps": {"alert": "Hi"}, "headers": {"a": 1, "a": 2}}"#)
        #expect(report.ruleIDs == ["duplicate-key"])
        // A second "headers" object in an envelope: the one not read is duplicate-key's, with its members.
        let twice = lint(#"{"headers": {"x": 1, "x": 2}, "headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Hi"}}}"#)
        #expect(twice.diagnostics.filter { $0.ruleID == "duplicate-key" }.map(\.pointer.description) == ["/headers", "/headers/x"])
        #expect(!twice.ruleIDs.contains("duplicate-header"))
    }

    @Test func duplicateHeaderInYAML() {
        let yaml = "headers:\n  apns-push-type: alert\n  Apns-Topic: com.example.a\n  apns-topic: com.example.a\npayload:\n  aps:\n    alert: Hi\n"
        #expect(lint(yaml, fileExtension: "yaml").summary == ["duplicate-header@3:3"])
    }

    // MARK: - device-token-invalid

    @Test("device-token-invalid: what the token is and the hex inside", arguments: [
        ("<00fc13ad ff785122 b4ad2880 9a342098 23412414 21348097 878e577c 991de8f0>",
         "device-token is the description of the NSData (angle brackets, spaces), not the token; APNs answers 400 BadDeviceToken",
         #"the token is the hex digits alone: "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0""#),
        ("<00FC13AD FF785122>",
         "device-token is the description of the NSData (angle brackets, spaces), not the token; APNs answers 400 BadDeviceToken",
         #"the token is the hex digits alone: "00fc13adff785122""#),
        ("00fc13ad ff785122 b4ad2880 9a342098 23412414 21348097 878e577c 991de8f0",
         "device-token is hex digits with spaces, not the token; APNs answers 400 BadDeviceToken",
         #"the token is the hex digits alone: "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0""#),
        ("00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f",
         "device-token has 63 hex digits, an odd number, so it is not a whole number of bytes: a digit was lost or added; APNs answers 400 BadDeviceToken",
         "copy the token again from where the app reported it"),
        ("{length = 32, bytes = 0x00fc13ad ff785122 ... 878e577c 991de8f0 }",
         "device-token is the description of an NSData ({length = …, bytes = 0x…}), which since iOS 13 leaves out the middle of the token, not the token; APNs answers 400 BadDeviceToken",
         #"have the app send the token as hex: deviceToken.map { String(format: "%02x", $0) }.joined()"#),
        ("dXs3:APA91bHun4MxP5egoKMwt2KZFBaFUH",
         #"device-token holds "X" (character 2), which is not a hex digit (it looks like an FCM registration token, which goes to FCM, not APNs); APNs answers 400 BadDeviceToken"#,
         "a device token is hex digits only (0-9, a-f): copy it again from where the app reported it"),
        ("",
         "device-token is empty, so the request path has no token; APNs answers 400 MissingDeviceToken",
         "set it to the hex token the app got from registerForRemoteNotifications"),
    ])
    func deviceTokenInvalid(_ token: String, _ message: String, _ help: String) {
        let found = Self.findings("device-token-invalid", #"{"device-token": "\#(token)", "payload": {"aps": {"alert": "Hi"}}}"#)
        #expect(found.map(\.message) == [message])
        #expect(found.map(\.help) == [help])
        #expect(found.first?.severity == .error)
    }

    @Test func deviceTokenThatYAMLReadsAsANumber() {
        let yaml = "device-token: 1234567890\npayload:\n  aps:\n    alert: Hi\n"
        let found = Self.findings("device-token-invalid", yaml, format: "yaml")
        #expect(found.map(\.message) == ["device-token must be a string of hex digits, but it is an integer (1234567890); APNs answers 400 BadDeviceToken"])
        #expect(!lint(yaml, fileExtension: "yaml").ruleIDs.contains("invalid-value-type"))
    }

    @Test("device-token-length: a short token is a warning, a long one passes (Apple: token length varies)")
    func deviceTokenLength() {
        let short = "00fc13adff785122b4ad28809a3420982341241421348097878e577c991d"
        let found = Self.findings("device-token-length", #"{"device-token": "\#(short)", "payload": {"aps": {"alert": "Hi"}}}"#)
        #expect(found.map(\.message) == ["device-token has 60 hex digits (30 bytes), fewer than the 64 (32 bytes) device tokens have had; Apple says token lengths vary, but a short one is usually cut short when copied, and APNs answers 400 BadDeviceToken to a token it does not know"])
        #expect(found.map(\.severity) == [.warning])
        let long = String(repeating: "ab", count: 80)
        let longReport = lint(#"{"device-token": "\#(long)", "payload": {"aps": {"alert": "Hi"}}}"#)
        #expect(longReport.diagnostics.isEmpty, "\(longReport.summary)")
    }

    @Test("device-token-invalid accepts 64 hex digits in either case")
    func deviceTokenValid() {
        for token in ["00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0", "00FC13ADFF785122B4AD28809A3420982341241421348097878E577C991DE8F0"] {
            #expect(Self.findings("device-token-invalid", #"{"device-token": "\#(token)", "payload": {"aps": {"alert": "Hi"}}}"#).isEmpty)
        }
    }

    // MARK: - pushtotalk-priority

    @Test func pushToTalkPriorityAndExpiration() {
        let text = Self.envelope(#""apns-push-type": "pushtotalk", "apns-priority": "5", "apns-expiration": 1763712060"#, payload: #"{"aps": {}}"#)
        let found = Self.findings("pushtotalk-priority", text)
        #expect(found.map(\.message) == [
            "apns-priority 5 on a pushtotalk push: Apple recommends priority 10, and at 5 APNs may hold the push back to save power while someone is talking",
            "apns-expiration 1763712060 on a pushtotalk push: Apple recommends 0, so that APNs does not store the push and deliver it after the transmission is over",
        ])
        #expect(found.map(\.severity) == [.warning, .warning])
        #expect(found.map { $0.pointer.description } == ["/headers/apns-priority", "/headers/apns-expiration"])
    }

    @Test func pushToTalkWithoutExpiration() {
        let found = Self.findings("pushtotalk-priority", Self.envelope(#""apns-push-type": "pushtotalk""#, payload: #"{"aps": {}}"#))
        #expect(found.map(\.message) == [
            "a pushtotalk push without apns-expiration: APNs stores it under its own policy and may deliver it after the transmission is over; Apple recommends apns-expiration 0",
        ])
        #expect(found.first?.pointer.description == "/headers/apns-push-type")
        #expect(Self.findings("pushtotalk-priority", #"{"aps": {}}"#, headers: ["apns-push-type": "pushtotalk"]).map(\.help) == ["pass --expiration 0"])
    }

    @Test("pushtotalk-priority leaves invalid values to their rules, and other push types alone", arguments: [
        #""apns-push-type": "pushtotalk", "apns-priority": 10, "apns-expiration": 0"#,
        #""apns-push-type": "pushtotalk", "apns-expiration": "0""#,
        #""apns-push-type": "pushtotalk", "apns-priority": "high", "apns-expiration": 0"#,
        #""apns-push-type": "pushtotalk", "apns-expiration": -1"#,
        #""apns-push-type": "pushtotalk", "apns-expiration": "soon""#,
        #""apns-push-type": "voip", "apns-priority": 5"#,
    ])
    func pushToTalkLeftAlone(_ headers: String) {
        #expect(Self.findings("pushtotalk-priority", Self.envelope(headers, payload: #"{"aps": {}}"#)).isEmpty)
    }
}
