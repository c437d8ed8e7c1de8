import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// The Live Activity rules beyond their examples: exact messages, when a payload counts as a Live Activity, and
/// that ordinary pushes never trigger them.
@Suite("Live Activity rules")
struct LiveActivityRuleTests {
    static let now = RuleOptions(now: 1763712000)

    static var liveActivityRuleIDs: Set<String> {
        Set(RuleRegistry.all.map { $0.documented }.filter { $0.category == .liveActivity }.map(\.id))
    }

    /// The Live Activity findings only, as `rule@line:column`.
    static func findings(_ text: String, headers: [String: String] = [:], options: RuleOptions = now,
                         fileExtension: String = "json") -> [String] {
        let report = lint(text, headers: headers, options: options, fileExtension: fileExtension)
        return zip(report.diagnostics, report.summary).filter { liveActivityRuleIDs.contains($0.0.ruleID) }.map(\.1)
    }

    static func diagnostics(_ text: String, rule: String, headers: [String: String] = [:], options: RuleOptions = now) -> [Diagnostic] {
        lint(text, headers: headers, options: options).diagnostics.filter { $0.ruleID == rule }
    }

    @Test func theCategoryHoldsTheNineRules() {
        #expect(Self.liveActivityRuleIDs == [
            "liveactivity-missing-field", "liveactivity-event-invalid", "liveactivity-timestamp-unit",
            "liveactivity-timestamp-future", "dismissal-date-without-end", "stale-date-before-timestamp",
            "liveactivity-sound-placement", "content-state-too-large", "input-push-token-invalid",
        ])
        #expect(RuleCategory.liveActivity.title == "Live Activities")
        let categories = RuleCategory.allCases
        #expect(categories.firstIndex(of: .liveActivity)! + 1 == categories.firstIndex(of: .size)!)
    }

    @Test("the good Live Activity example is clean, also with a clock", arguments: [
        "json/good/live-activity-update.json", "yaml/good/live-activity-update.yaml",
    ])
    func goodExampleIsClean(_ path: String) throws {
        let url = packageRoot.appendingPathComponent("Examples/\(path)")
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let text = try String(contentsOf: url, encoding: .utf8)
        let format = URL(fileURLWithPath: path).pathExtension
        #expect(Self.findings(text, fileExtension: format).isEmpty)
        #expect(Self.findings(text, options: RuleOptions(), fileExtension: format).isEmpty)
        // Sent right when it was produced, and a day later: still clean.
        #expect(Self.findings(text, options: RuleOptions(now: 1763712000 + 86_400), fileExtension: format).isEmpty)
    }

    @Test("ordinary pushes never trigger a Live Activity rule", arguments: [
        #"{"aps": {"alert": {"title": "Sale", "body": "20% off"}, "sound": "default", "badge": 1}}"#,
        #"{"aps": {"alert": "Hi", "sound": {"critical": 1, "name": "alarm.caf", "volume": 1}}, "timestamp": 1763712000000}"#,
        #"{"headers": {"apns-push-type": "background", "apns-priority": 5}, "payload": {"aps": {"content-available": 1}, "event": "sync", "content-state": "x"}}"#,
        #"{"aps": {"content-available": 1}}"#,
        #"{"headers": {"apns-push-type": "alert"}, "payload": {"aps": {"alert": "Goal", "event": "goal", "sound": "default", "timestamp": 1763712000000, "dismissal-date": 1, "input-push-token": true}}}"#,
        #"{"headers": {"apns-push-type": "widgets"}, "payload": {"aps": {"content-changed": true}}}"#,
        #"{"mdm": "00000000-1111-2222-3333-444444444444"}"#,
        #"{"headers": {"apns-push-type": "voip"}, "payload": {"caller": "Alice", "event": "incoming"}}"#,
    ])
    func ordinaryPushes(_ text: String) {
        #expect(Self.findings(text).isEmpty)
    }

    @Test("every good example under Examples/ is free of Live Activity findings")
    func goodExamples() throws {
        for format in ["json", "yaml"] {
            let directory = packageRoot.appendingPathComponent("Examples/\(format)/good")
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasSuffix(".\(format)") {
                let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                #expect(Self.findings(text, fileExtension: format).isEmpty, "\(format)/good/\(name)")
            }
        }
    }

    @Test func missingTimestampMessage() throws {
        let text = #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"event": "update", "content-state": {"eta": "14:35"}}}}"#
        let diagnostic = try #require(Self.diagnostics(text, rule: "liveactivity-missing-field").first)
        #expect(diagnostic.message.hasPrefix(#"this Live Activity push has no "timestamp" in "aps": "#))
        #expect(diagnostic.message.contains("APNSwift and Pushy require it"))
        #expect(diagnostic.message.contains("drops the push"))
        #expect(!diagnostic.message.contains("taken for a Live Activity"))
        #expect(diagnostic.pointer.description == "/payload/aps")
        #expect(diagnostic.help?.contains("seconds (not milliseconds)") == true)
    }

    @Test func inferredLiveActivitySaysSo() throws {
        let text = #"{"aps": {"timestamp": 1763712000, "content-state": {"eta": "14:35"}}}"#
        let diagnostic = try #require(Self.diagnostics(text, rule: "liveactivity-missing-field").first)
        #expect(diagnostic.message.contains(#"no "event" in "aps" (taken for a Live Activity: no apns-push-type is declared, and "aps" holds "content-state")"#))
        #expect(diagnostic.help?.hasSuffix("if this is not a Live Activity, declare its apns-push-type") == true)
        // Rules about keys only Live Activities have say it in a note.
        let stale = #"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {}, "stale-date": 1763700000}}"#
        let note = try #require(Self.diagnostics(stale, rule: "stale-date-before-timestamp").first?.notes.first)
        #expect(note.message == #"taken for a Live Activity: no apns-push-type is declared, and "aps" holds "event" and "content-state""#)
    }

    @Test func aPushTypeFromTheCommandLineIsDeclared() throws {
        let text = #"{"aps": {"event": "update", "content-state": {"eta": "14:35"}}}"#
        let diagnostic = try #require(Self.diagnostics(text, rule: "liveactivity-missing-field", headers: ["apns-push-type": "liveactivity"]).first)
        #expect(!diagnostic.message.contains("taken for a Live Activity"))
        // A declared push type of another kind turns the Live Activity rules off.
        #expect(Self.findings(text, headers: ["apns-push-type": "alert"]).isEmpty)
    }

    @Test func endNeedsNoContentState() {
        #expect(Self.findings(#"{"aps": {"timestamp": 1763715600, "event": "end"}}"#).isEmpty)
        #expect(Self.findings(#"{"aps": {"timestamp": 1763715600, "event": "update"}}"#) == ["liveactivity-missing-field@1:2"])
    }

    @Test func startKeysAreReportedAtTheEventAlsoWithACaseSlip() {
        let text = #"{"aps": {"timestamp": 1763712000, "event": "Start", "content-state": {}}}"#
        #expect(Self.findings(text) == [
            "liveactivity-event-invalid@1:44", "liveactivity-missing-field@1:44", "liveactivity-missing-field@1:44",
            "liveactivity-missing-field@1:44",
        ])
        let messages = Self.diagnostics(text, rule: "liveactivity-missing-field").map(\.message)
        #expect(messages.map { $0.contains(#""attributes-type""#) } == [true, false, false])
        #expect(messages[2].contains(#"no "alert""#))
    }

    @Test("event values get the closest event as a suggestion", arguments: [
        ("Update", #"did you mean "update"? (the values are lowercase)"#),
        (" end ", #"did you mean "end"? (without spaces)"#),
        ("stop", #"did you mean "end"?"#),
        ("finished", #"did you mean "end"?"#),
        ("begin", #"did you mean "start"?"#),
        ("updte", #"did you mean "update"?"#),
        ("progress", #"write "start" (push-to-start), "update" or "end""#),
    ])
    func eventSuggestion(_ value: String, _ help: String) throws {
        let text = #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": ""# + value + #"", "content-state": {}}}}"#
        let diagnostic = try #require(Self.diagnostics(text, rule: "liveactivity-event-invalid").first)
        #expect(diagnostic.help == help)
        #expect(diagnostic.message.hasPrefix(#""event" is ""# + value + #"", but a Live Activity event is "start", "update" or "end""#))
    }

    @Test func eventsTypo() throws {
        // Reported once, as the misspelled key; the missing "event" is not reported again.
        let text = #"{"aps": {"timestamp": 1763712000, "events": "update", "content-state": {}}}"#
        #expect(Self.findings(text) == ["liveactivity-event-invalid@1:35"])
        let diagnostic = try #require(Self.diagnostics(text, rule: "liveactivity-event-invalid").first)
        #expect(diagnostic.help == #"did you mean "event"? rename the key to "event""#)
        // With "event" too, "events" is only dead weight.
        let both = #"{"aps": {"timestamp": 1763712000, "event": "update", "events": "update", "content-state": {}}}"#
        #expect(Self.diagnostics(both, rule: "liveactivity-event-invalid").first?.help == #"remove "events""#)
        // Alone, "events" naming an event is enough; in an alert it is someone's custom key.
        #expect(Self.findings(#"{"aps": {"events": "start"}}"#) == ["liveactivity-event-invalid@1:10"])
        #expect(Self.findings(#"{"aps": {"alert": "Hi", "events": "update"}}"#).isEmpty)
        #expect(Self.findings(#"{"aps": {"events": ["concert"]}}"#).isEmpty)
    }

    @Test("a value in milliseconds gets the seconds and an unsafe fix", arguments: [
        ("1763712000000", "1763712000", "write 1763712000 (1763712000000 / 1000, 2025-11-21T08:00:00Z)"),
        ("1763712000999", "1763712000", "write 1763712000 (1763712000999 / 1000, rounded down, 2025-11-21T08:00:00Z)"),
        ("1763712000000000", "1763712000", "write 1763712000 (1763712000000000 / 1,000,000, 2025-11-21T08:00:00Z)"),
        ("1763712000000000000", "1763712000", "write 1763712000 (1763712000000000000 / 1,000,000,000, 2025-11-21T08:00:00Z)"),
        ("1.763712e12", "1763712000", "write 1763712000 (1.763712e12 / 1000, 2025-11-21T08:00:00Z)"),
    ])
    func millisecondsFix(_ value: String, _ seconds: String, _ help: String) throws {
        let text = #"{"aps": {"timestamp": "# + value + #", "event": "update", "content-state": {"eta": "14:35"}}}"#
        let diagnostic = try #require(Self.diagnostics(text, rule: "liveactivity-timestamp-unit").first)
        #expect(diagnostic.help == help)
        let fix = try #require(diagnostic.fix)
        #expect(fix.applicability == .unsafe)
        let fixed = applying(fix, to: text)
        #expect(fixed == text.replacingOccurrences(of: value, with: seconds))
        #expect(Self.findings(fixed).isEmpty)
    }

    @Test func millisecondsMessage() throws {
        let text = #"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {}, "stale-date": 1763715600000}}"#
        let diagnostic = try #require(Self.diagnostics(text, rule: "liveactivity-timestamp-unit").first)
        #expect(diagnostic.message == #""stale-date" is 1763715600000, which is milliseconds, but Live Activity dates are UNIX seconds: read as seconds it is a date in the year 57859; the activity never becomes stale"#)
        // Milliseconds are not also compared with the timestamp.
        #expect(Self.findings(text) == ["liveactivity-timestamp-unit@1:89"])
        // Absurd values are reported without a seconds value, and do not crash.
        for absurd in ["1e300", "123456789012345678901234567890", "1e21"] {
            let diagnostic = Self.diagnostics(#"{"aps": {"timestamp": "# + absurd + #", "event": "update", "content-state": {}}}"#, rule: "liveactivity-timestamp-unit").first
            #expect(diagnostic?.fix == nil, "\(absurd)")
            #expect(diagnostic?.help == "write the UNIX time in seconds, e.g. 1763712000 for 2025-11-21T08:00:00Z", "\(absurd)")
        }
        #expect(Self.diagnostics(#"{"aps": {"timestamp": 18000000000000000000, "event": "update", "content-state": {}}}"#, rule: "liveactivity-timestamp-unit").first?.fix != nil)
        // The largest plausible seconds value is fine.
        #expect(Self.findings(#"{"aps": {"timestamp": 100000000000, "event": "end"}}"#).isEmpty)
    }

    @Test func timestampInTheFuture() throws {
        let update = { (timestamp: Int) in #"{"aps": {"timestamp": \#(timestamp), "event": "update", "content-state": {}}}"# }
        #expect(Self.findings(update(1763712000 + 8 * 3600)).isEmpty)
        #expect(Self.findings(update(1763712000 + 8 * 3600 + 1)) == ["liveactivity-timestamp-future@1:23"])
        // Without a clock the rule is skipped; a start or end is not checked.
        #expect(Self.findings(update(1763712000 + 86_400), options: RuleOptions()).isEmpty)
        #expect(Self.findings(#"{"aps": {"timestamp": 1763798400, "event": "end"}}"#).isEmpty)
        let diagnostic = try #require(Self.diagnostics(update(1763712000 + 9 * 3600 + 90), rule: "liveactivity-timestamp-future").first)
        #expect(diagnostic.message.hasPrefix(#""timestamp" is 2025-11-21T17:01:30Z, 9 hours 1 minute 30 seconds after now (2025-11-21T08:00:00Z); the system drops an update"#))
        #expect(diagnostic.severity == .warning)
    }

    @Test func staleDateMessage() throws {
        let text = #"{"headers": {"apns-push-type": "liveactivity"}, "payload": {"aps": {"timestamp": 1763712000, "event": "update", "content-state": {}, "stale-date": 1763710200}}}"#
        let diagnostic = try #require(Self.diagnostics(text, rule: "stale-date-before-timestamp").first)
        #expect(diagnostic.message.hasPrefix(#""stale-date" (2025-11-21T07:30:00Z) is 30 minutes before "timestamp" (2025-11-21T08:00:00Z): "#))
        #expect(diagnostic.notes.isEmpty)
    }

    @Test func soundHelpDependsOnTheAlert() {
        let base = #"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {}, "sound": "chime.caf""#
        let help = { (extra: String) in Self.diagnostics(base + extra + "}}", rule: "liveactivity-sound-placement").first?.help }
        #expect(help(#", "alert": {"title": "Late", "sound": "default"}"#) == #"remove "sound" from "aps": "alert" already has the sound it plays"#)
        #expect(help(#", "alert": {"title": "Late"}"#) == #"move it into the alert: "alert": {…, "sound": "chime.caf"}"#)
        #expect(help(#", "alert": "Late""#)?.hasPrefix("write the alert as a dictionary") == true)
        #expect(help("")?.hasPrefix("a Live Activity plays a sound only with an alert") == true)
    }

    @Test func sizeCountsTheWireBytesAndTheKeyThatCounts() throws {
        let big = String(repeating: "x", count: 4100)
        let overridden = #"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"log": ""# + big + #"", "log": "short"}}}"#
        #expect(Self.diagnostics(overridden, rule: "content-state-too-large").isEmpty)
        let overriding = #"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {"log": "short", "log": ""# + big + #""}}}"#
        let diagnostic = try #require(Self.diagnostics(overriding, rule: "content-state-too-large").first)
        #expect(diagnostic.message.hasPrefix(#""content-state" is 4110 bytes as sent (compact UTF-8 JSON), 14 over the limit of 4096: "#))
        // Pretty-printing does not count; multi-byte characters do.
        let pretty = "{\"aps\": {\"timestamp\": 1763712000, \"event\": \"update\",\n  \"content-state\": {\n      \"log\":    \"" + String(repeating: "é", count: 2043) + "\"\n  }}}"
        #expect(Self.diagnostics(pretty, rule: "content-state-too-large").isEmpty)
        #expect(Self.diagnostics(pretty.replacingOccurrences(of: "éé", with: "ééé"), rule: "content-state-too-large").count == 1)
    }

    @Test func inputPushTokenOnAnUpdateWithAWrongValueGivesBothFindings() {
        let text = #"{"aps": {"timestamp": 1763712000, "event": "update", "content-state": {}, "input-push-token": 0}}"#
        #expect(Self.findings(text) == ["input-push-token-invalid@1:75", "input-push-token-invalid@1:95"])
        #expect(Self.findings(#"{"aps": {"timestamp": 1763712000, "event": "start", "content-state": {}, "attributes-type": "A", "attributes": {}, "alert": {"title": "Hi"}, "input-push-token": 1.0}}"#).isEmpty)
    }

    @Test func yamlDefinitionsReportAtTheirPlace() {
        let yaml = """
            headers:
              apns-push-type: liveactivity
            payload:
              aps:
                timestamp: 1763712000000
                event: update
                content-state: {eta: "14:35"}
                dismissal-date: 1763719200
            """
        #expect(Self.findings(yaml, fileExtension: "yaml") == ["liveactivity-timestamp-unit@5:16", "dismissal-date-without-end@8:5"])
    }

    @Test func nestedPayloadsAreNotLiveActivities() {
        let text = #"{"aps": {"content-available": 1}, "local": {"aps": {"alert": "Hi", "content-state": {}, "sound": "default"}}}"#
        #expect(Self.findings(text).isEmpty)
    }
}
