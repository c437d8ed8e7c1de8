import APNSLint
import APNSLintTestSupport
import Foundation
import Testing

/// Issue 47: `check --show-dialect` prints which system each definition is read as and why, and exits.
@Suite("check --show-dialect")
struct ShowDialectTests {
    @Test func printsEachDefinitionsReadingAndExits() throws {
        let dir = try workspace([
            "push/fcm.json": #"{"message": {"token": "t", "apns": {"payload": {"aps": {"badge": "3"}}}}}"#,
            "push/typo.json": #"{"apns": {"alert": "Hi", "sound": "default"}}"#,
            "push/two.yaml": "aps:\n  alert: Hi\n---\nbody: Hi\nlocKey: GREETING\n",
        ])
        let result = try run(["check", "--show-dialect", "push/fcm.json", "push/typo.json", "push/two.yaml"], in: dir)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            push/fcm.json: read as Firebase Cloud Messaging because its "message" holds "token", which only an FCM message has; weighed against Skygear
            push/typo.json: read as APNs request because its "apns" holds aps's keys: "aps" misspelt, not another system's field; weighed against Firebase Cloud Messaging
            push/two.yaml (document 1 of 2): read as APNs request because its top level has "aps"
            push/two.yaml (document 2 of 2): read as node-apn because its top level has "locKey", which only node-apn uses

            """)
    }

    /// A file of no definition is not passed over in silence.
    @Test func aFileOfNoDefinitionSaysSo() throws {
        let dir = try workspace(["empty.json": ""])
        let result = try run(["check", "--show-dialect", "empty.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("apns-lint: empty.json: no definition was read: "))
        #expect(result.stderr.hasSuffix(" [invalid-json]\n"))
    }

    /// The JSON summary counts the definitions read as each system, a stream's clean records among them.
    @Test func theJSONSummaryCountsEachSystemsDefinitions() throws {
        let dir = try workspace([
            "sent.jsonl": #"{"aps": {"alert": "Hi"}}"# + "\n" + #"{"message": {"token": "t", "notification": {"title": "Hi"}}}"# + "\n"
                + #"{"aps": {"badge": "2"}}"# + "\n",
            "push.json": #"{"body": "Hi", "locKey": "K", "locArgs": ["a"]}"#,
        ])
        let result = try run(["check", "--format", "json", "sent.jsonl", "push.json"], in: dir)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["dialects"] as? [String: Int] == ["apns": 2, "fcm": 1, "node-apn": 1])
    }

    @Test func theDialectOptionListsTheRegistrysSystems() throws {
        let help = try run(["check", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for name in DialectRegistry.standard.names { #expect(help.contains(name), "\(name)") }
    }
}
