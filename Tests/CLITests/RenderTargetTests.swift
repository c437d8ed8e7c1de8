import APNSLintTestSupport
import Foundation
import Testing

@Suite("apns-lint render --target, end to end")
struct RenderTargetTests {
    static let seedExample = """
        {
          "message": {"title": "Hello Rick", "body": "Ditto", "ttl": 99999},
          "custom": {"android_sound": "wakeup.mp3", "android_icon": "icon-1", "ios_sound": "wakeup.m4a", "ios_badge": 1,
                     "ios_launch_image": "launch.png", "ios_category": "general"}
        }
        """

    @Test func fcmPrintsTheFCMV1MessageOfASkygearDefinition() throws {
        let dir = try workspace(["push/welcome.json": Self.seedExample, "push/.apns-lint.yml": "dialect: skygear\n"])
        let result = try run(["render", "--target", "fcm", "push/welcome.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == #"{"message":{"notification":{"title":"Hello Rick","body":"Ditto"},"android":{"priority":"normal","ttl":"99999s","notification":{"sound":"wakeup.mp3","icon":"icon-1"}}}}"# + "\n")
        #expect(result.stderr == "")
    }

    @Test func apnsIsTheDefaultAndPrintsTheAPNsRequest() throws {
        let dir = try workspace(["welcome.json": Self.seedExample])
        let explicit = try run(["render", "--target", "apns", "--headers", "welcome.json"], in: dir)
        let implicit = try run(["render", "--headers", "welcome.json"], in: dir)
        #expect(explicit.status == 0)
        #expect(explicit.stdout == "apns-priority: 5\n\n" + #"{"aps":{"alert":{"title":"Hello Rick","body":"Ditto","launch-image":"launch.png"},"sound":"wakeup.m4a","badge":1,"category":"general"}}"# + "\n")
        #expect(implicit.stdout == explicit.stdout)
    }

    @Test func fcmFailsForADefinitionThatSendsNoFCMMessage() throws {
        let dir = try workspace([
            "apns.json": #"{"aps": {"alert": "Hi"}}"#,
            "ios-only.json": #"{"platform": {"android": false}, "message": {"title": "Hi"}}"#,
        ])
        for file in ["apns.json", "ios-only.json"] {
            let result = try run(["render", "--target", "fcm", file], in: dir)
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "\(file): error: the definition sends no FCM message; only an FCM request and a Skygear definition whose platform.android is not false do\n")
        }
    }

    @Test func apnsFailsForASkygearDefinitionThatSendsOnlyToAndroid() throws {
        let dir = try workspace(["android-only.yaml": "platform:\n  ios: false\nmessage:\n  title: Hi\n"])
        let result = try run(["render", "android-only.yaml"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr == "android-only.yaml: error: the definition sends nothing to APNs: its platform.ios is false (render --target fcm prints its FCM message)\n")
        let fcm = try run(["render", "--target", "fcm", "--pretty", "android-only.yaml"], in: dir)
        #expect(fcm.status == 0)
        #expect(fcm.stdout.hasPrefix("{\n  \"message\": {\n"))
    }

    @Test func headersWithFCMIsAUsageError() throws {
        let dir = try workspace(["welcome.json": Self.seedExample])
        let result = try run(["render", "--target", "fcm", "--headers", "welcome.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("an FCM message has none"))
    }

    @Test func unknownTargetIsAUsageError() throws {
        let dir = try workspace(["welcome.json": Self.seedExample])
        let result = try run(["render", "--target", "gcm", "welcome.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("gcm"))
    }
}
