import APNSLintTestSupport
import Foundation
import Testing

@Suite("Other systems' formats, end to end")
struct DialectCommandTests {
    @Test func renderPrintsTheRequestNodeAPNSends() throws {
        let dir = try workspace(["push.yaml": """
            topic: com.example.app
            pushType: alert
            body: Hello, world!
            title: node-apn
            payload: {sender: node-apn}
            """])
        let result = try run(["render", "--headers", "push.yaml"], in: dir)
        #expect(result.status == 0)
        // node-apn 7 sends apns-priority 10 with every notification.
        #expect(result.stdout == """
            apns-push-type: alert
            apns-priority: 10
            apns-topic: com.example.app

            {"sender":"node-apn","aps":{"alert":{"body":"Hello, world!","title":"node-apn"}}}

            """)
    }

    @Test func theDialectOptionAndTheConfigurationChooseTheFormat() throws {
        let dir = try workspace([
            "adck/.apns-lint.yml": "dialect: adck\nrules: {legacy-binary-interface: off}\n",
            "adck/message.json": #"{"body": "Hi", "badge": 5, "sound": "default"}"#,
            "plain.json": #"{"body": "Hi", "badge": 5}"#,
        ])
        #expect(try run(["render", "adck/message.json"], in: dir).stdout == #"{"aps":{"alert":{"body":"Hi"},"badge":5,"sound":"default"}}"# + "\n")
        let plain = try run(["check", "--format", "concise", "plain.json"], in: dir)
        #expect(plain.stdout.hasPrefix("plain.json:1:1: error: the payload has no \"aps\" dictionary"))
        let declared = try run(["check", "--format", "concise", "--dialect", "node-apn", "plain.json"], in: dir)
        // Read as node-apn: a notification (no missing-aps), sent with headers (apns-priority 10) but no push type.
        #expect(declared.stdout.hasPrefix("plain.json:1:1: warning: no apns-push-type in the request headers"))
        #expect(!declared.stdout.contains("missing-aps"))
        #expect(try run(["config", "adck/message.json"], in: dir).stdout.contains("\ndialect: adck\n"))
    }

    @Test func findingsPointAtWhatTheUserWrote() throws {
        let dir = try workspace(["push.json": "{\n  \"topic\": \"com.example.app\",\n  \"pushType\": \"alert\",\n  \"title\": \"Game\",\n  \"locArgs\": [\"Ana\"]\n}\n"])
        let result = try run(["check", "--format", "concise", "push.json"], in: dir)
        #expect(result.stdout.hasPrefix("push.json:5:3: error: \"loc-args\" is given without \"loc-key\""))
        #expect(result.status == 1)
    }
}
