import APNSLint
import Foundation
import Testing

/// Issue 47: each definition's reading comes with its evidence (the keys or shape that decided it, the systems weighed
/// against it), and `aps` misspelt as another system's key is read as the APNs payload its author meant.
@Suite("Dialect readings: which system, and why")
struct DialectReadingTests {
    private func reading(_ json: String, fileName: String = "push.json") throws -> DialectReading {
        try #require(Linter().lint(json, fileName: fileName).readings.first)
    }

    @Test("each reading names what decided it", arguments: [
        (#"{"aps": {"alert": "Hi"}}"#, #"read as APNs request because its top level has "aps""#),
        (#"{"alert": "Hi", "badge": 1}"#, "read as APNs request because it has no other system's keys"),
        (#"{"body": "Hi", "locArgs": ["a"]}"#, #"read as node-apn because its top level has "locArgs", which only node-apn uses"#),
        (#"{"message": {"token": "t", "notification": {"title": "Hi"}}}"#,
         #"read as Firebase Cloud Messaging because its "message" holds "token", which only an FCM message has; weighed against Skygear"#),
        (#"{"default": "Hi", "APNS": "{\"aps\": {\"alert\": \"Hi\"}}"}"#,
         #"read as Amazon SNS because it has a string "default" beside "APNS", as an SNS message does"#),
        (#"[{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "body": "Hi"}]"#,
         "read as Expo push service because it is a list holding an Expo message (a batch)"),
        (#"{"dialect": "adck", "body": "Hi"}"#, #"read as ADCK because the definition says so ("dialect": "adck")"#),
    ])
    func explained(json: String, explanation: String) throws {
        let reading = try reading(json)
        #expect(reading.explanation == explanation)
        #expect(reading.isCertain)
    }

    @Test func aFilesExtensionDecidesItsSystem() throws {
        let reading = try reading(#"{"aps": {"alert": "Hi"}}"#, fileName: "welcome.apns")
        #expect(reading.dialect == .simulator)
        #expect(reading.explanation == "read as Simulator .apns file because the file is a .apns file")
    }

    /// `apns`, `APS` or `Aps` holding aps's keys, and nothing else of another system: the author meant `aps`. Before,
    /// `apns` made it an FCM message with five FCM errors and no word about the missing `aps`.
    @Test("aps misspelt as another system's key is read as APNs, and missing-aps names the key", arguments: ["apns", "APS", "Aps"])
    func misspeltAPS(key: String) throws {
        let report = Linter().lint(#"{"\#(key)": {"alert": "Hello", "badge": 0, "sound": "default"}}"#, fileName: "push.json")
        let reading = try #require(report.readings.first)
        #expect(reading.dialect == .apns)
        // `apns` is also FCM's key: the reading could have been FCM's. `APS` is no other system's.
        #expect(reading.isCertain == (key != "apns"))
        #expect(reading.weighed == (key == "apns" ? [.fcm] : []))
        #expect(report.diagnostics.map(\.ruleID) == ["missing-aps"])
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.message.hasPrefix(#"the payload has no "aps" dictionary, only "\#(key)""#))
        #expect(diagnostic.help == #"rename "\#(key)" to "aps" (keys are case-sensitive)"#)
        // The finding says how the definition was read when it could have been read as another system's.
        #expect(diagnostic.notes.map(\.message).contains(reading.explanation) == !reading.isCertain)
        #expect(reading.explanation.hasPrefix(#"read as APNs request because its "\#(key)" holds aps's keys"#))
    }

    /// An FCM `apns` config (headers, payload) is FCM's own, not a misspelling.
    @Test func anFCMApnsConfigIsNotAMisspelling() throws {
        let reading = try reading(#"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Hi"}}}}}"#)
        #expect(reading.dialect == .fcm)
        #expect(try self.reading(#"{"token": "t", "apns": {"headers": {"apns-priority": "5"}, "payload": {"aps": {}}}}"#).dialect == .fcm)
    }

    /// A mix of two systems' keys: the reading is not certain, and every finding says how it was read.
    @Test func aMixOfSystemsIsUncertainAndEveryFindingSaysHowItWasRead() throws {
        let report = Linter().lint(#"{"body": "Hi", "locKey": "K", "loc_args": ["a"]}"#, fileName: "push.json")
        let reading = try #require(report.readings.first)
        #expect(reading.dialect == .nodeAPN && reading.weighed == [.adck] && !reading.isCertain)
        let others = report.diagnostics.filter { $0.ruleID != "dialect-unclear" }
        #expect(!others.isEmpty)
        #expect(others.allSatisfy { $0.notes.map(\.message).contains(reading.explanation) })
    }

    @Test func theJSONReportCarriesEachFindingsReadingAndCountsThemInTheSummary() throws {
        let report = Linter().lint(#"{"message": {"token": "t", "apns": {"payload": {"aps": {"badge": "3"}}}}}"#, fileName: "fcm.json")
        var summary = Summary()
        summary.add(report)
        let text = JSONReporter().report([report], rules: [], summary: summary)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let badge = try #require(diagnostics.first { $0["rule"] as? String == "badge-invalid" })
        let dialect = try #require(badge["dialect"] as? [String: Any])
        #expect(dialect["name"] as? String == "fcm")
        #expect(dialect["title"] as? String == "Firebase Cloud Messaging")
        #expect(dialect["because"] as? String == #"its "message" holds "token", which only an FCM message has"#)
        #expect(dialect["weighed"] as? [String] == ["skygear"])
        #expect(dialect["certain"] as? Bool == true)
        #expect((object["summary"] as? [String: Any])?["dialects"] as? [String: Int] == ["fcm": 1])
    }

    @Test func renderNotesAReadingTheKeysDecided() throws {
        let fcm = Linter().lint(#"{"message": {"token": "t", "apns": {"payload": {"aps": {"alert": "Hi"}}}}}"#, fileName: "fcm.json")
        #expect(Renderer().readingNotes(for: fcm) == [
            #"fcm.json: note: read as Firebase Cloud Messaging because its "message" holds "token", which only an FCM message has; weighed against Skygear"#,
        ])
        // An APNs payload, and a system the definition declares, need no note.
        #expect(Renderer().readingNotes(for: Linter().lint(#"{"aps": {"alert": "Hi"}}"#)).isEmpty)
        #expect(Renderer().readingNotes(for: Linter().lint(#"{"dialect": "node-apn", "body": "Hi"}"#)).isEmpty)
    }

    /// The docs' table of systems is made from the registry: docs/dialects.md must be what scripts/generate writes.
    @Test func theDocsTableOfSystemsIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent(DialectDocumentation.fileName), encoding: .utf8)
        #expect(DialectDocumentation.updating(page) == page, "docs/dialects.md's table of systems is stale: run scripts/generate")
        for dialect in Dialect.allCases { #expect(page.contains("| `\(dialect.rawValue)` | \(dialect.title) |")) }
    }
}
