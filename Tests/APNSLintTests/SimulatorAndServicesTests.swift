import APNSLint
import Foundation
import Testing

/// Xcode Simulator `.apns` files, Expo push messages, OneSignal notifications and gorush requests: each read as the
/// APNs request (or the Simulator delivery) it becomes, every finding at what the user wrote.
private func render(_ report: FileReport) -> String? {
    (try? Renderer(includeHeaders: true).render(report).get()).map { String(decoding: $0, as: UTF8.self) }
}

private func lintFile(_ text: String, named name: String, now: Int? = nil) -> FileReport {
    Linter(options: RuleOptions(now: now)).lint(text, fileName: name, format: InputFormat.detect(fileName: name)!)
}

private func messages(_ report: FileReport) -> [String] {
    report.diagnostics.map { "\($0.ruleID)@\(report.source.position(of: $0.range?.start ?? 0)) \($0.severity.rawValue): \($0.message)" }
}

@Suite("Simulator .apns files: what simctl delivers, and what it refuses")
struct SimulatorFileTests {
    @Test func anAPNSFileIsJSONAndTheSimulatorsWhateverItsConfiguredDialect() throws {
        #expect(InputFormat.detect(fileName: "push.apns") == .json)
        #expect(InputFormat.detect(fileName: "Push.APNS") == .json)
        let configured = Linter(configuration: Configuration(settings: Settings(dialect: .nodeAPN)))
            .lint(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#, fileName: "welcome.apns")
        #expect(configured.dialects == [.simulator])
        #expect(configured.diagnostics.isEmpty)
    }

    @Test func theThreeThingsSimctlRefusesEachNameItsRule() {
        let missing = lintFile(#"{"aps": {"alert": "Welcome"}}"#, named: "welcome.apns")
        #expect(messages(missing) == [
            #"simulator-target-bundle-missing@1:1 info: the file has no "Simulator Target Bundle": that is fine with `xcrun simctl push <device> <bundle-id> <file>` (or a watch app's scheme), which names the app, but dropped on the Simulator it is not delivered, as nothing says which app it is for"#,
        ])
        // Issue 51: advice, as the file is as often pushed with simctl, which names the bundle, as dropped.
        #expect(missing.diagnostics.first?.help == #"to drop it on the Simulator, add "Simulator Target Bundle": "<the app's bundle identifier>"; to push it from a script, name the bundle: `xcrun simctl push booted <bundle-id> <file>`"#)

        let large = #"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": ""# + String(repeating: "x", count: 4100) + #""}}"#
        #expect(messages(lintFile(large, named: "large.apns")) == [
            #"simulator-file-too-large@1:1 error: the file is 4168 bytes, 72 over the 4096 simctl accepts ("Be 4096 bytes or less"), so it is not delivered"#,
        ])

        let voip = lintFile(#"{"Simulator Target Bundle": "com.example.app.voip", "aps": {}}"#, named: "call.apns")
        #expect(messages(voip) == [
            #"simulator-push-unsupported@1:29 error: "com.example.app.voip" is a VoIP (PushKit) topic (.voip): simctl delivers only app remote notifications ("VoIP, Complication, File Provider, and other types are not supported")"#,
        ])
        #expect(voip.diagnostics.first?.help == #"test VoIP (PushKit) pushes on a device; for the app's own notifications name its bundle identifier, "com.example.app""#)
        let complication = lintFile(#"{"Simulator Target Bundle": "com.example.app.watchkitapp.complication", "aps": {}}"#, named: "c.apns")
        #expect(complication.ruleIDs == ["simulator-push-unsupported"])
    }

    @Test func aFileUnderTheLimitThatAServerWouldSendCompactIsNotMeasuredTwice() {
        // 4000 bytes of alert: APNs's limit is not the Simulator's concern, and the file fits simctl's.
        let text = #"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": ""# + String(repeating: "x", count: 4000) + #""}}"#
        #expect(lintFile(text, named: "fits.apns").diagnostics.isEmpty)
        // The same payload as an APNs request is near APNs's limit.
        #expect(lintFile(text, named: "fits.json").ruleIDs == ["payload-near-limit"])
    }

    @Test func aMisspeltKeyALiveActivityAndMutableContentAreSaid() {
        #expect(messages(lintFile(#"{"Simulation Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#, named: "m.apns")) == [
            #"simulator-target-bundle-missing@1:2 warning: "Simulation Target Bundle" is not "Simulator Target Bundle": the Simulator does not read it, so dropped on the Simulator the file names no app"#,
        ])
        let activity = lintFile(#"{"Simulator Target Bundle": "com.example.app", "aps": {"timestamp": 1764230400, "event": "update", "content-state": {}}}"#, named: "la.apns")
        #expect(activity.summary == ["simulator-push-unsupported@1:81"])
        // Reported at the severity its rule is listed with (the extension that does not run is a rule of its own).
        #expect(activity.diagnostics.first?.severity == .error)
        let mutable = lintFile(#"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi", "mutable-content": 1}}"#, named: "nse.apns")
        #expect(mutable.summary == ["simulator-mutable-content-ignored@1:71"])
        #expect(mutable.diagnostics.first?.severity == .warning)
        #expect(mutable.diagnostics.first?.message.hasPrefix("the Simulator does not honour mutable-content for a file it is given") == true)
    }

    @Test func aTargetBundleThatIsNoBundleIdentifier() {
        for (value, position) in [(#""My App""#, "1:29"), (#"["com.example.app"]"#, "1:29"), (#""com.example.""#, "1:29"), ("7", "1:29")] {
            let report = lintFile(#"{"Simulator Target Bundle": "# + value + #", "aps": {"alert": "Hi"}}"#, named: "t.apns")
            #expect(report.summary == ["simulator-target-bundle-invalid@\(position)"], "\(value)")
        }
    }

    /// Issue 51: a template's slot states no bundle identifier, so it is not judged; an underscore, which Xcode builds
    /// and runs though Apple documents none, is a warning.
    @Test func aTemplateSlotIsNotJudgedAndAnUnderscoreIsAWarning() {
        for value in ["{app_bundle_id}", "[BUNDLE_ID]", "<bundle id>", "$(PRODUCT_BUNDLE_IDENTIFIER)", "${BUNDLE_ID}", "{{bundle_id}}",
                      "YOUR_BUNDLE_ID", "$BUNDLE_ID", "com.example.${SUFFIX}"] {
            let report = lintFile(#"{"Simulator Target Bundle": ""# + value + #"", "aps": {"alert": "Hi"}}"#, named: "t.apns")
            #expect(report.diagnostics.isEmpty, "\(value): \(messages(report))")
        }
        let underscore = lintFile(#"{"Simulator Target Bundle": "com.example.app_dev", "aps": {"alert": "Hi"}}"#, named: "dev.apns")
        #expect(messages(underscore) == [
            #"simulator-target-bundle-invalid@1:29 warning: "com.example.app_dev" has an underscore, which Apple's CFBundleIdentifier documentation does not allow (letters, digits, hyphens and periods); Xcode still builds and runs an app with such an identifier, so the Simulator delivers the file if the installed app's identifier is exactly this, but the spelling is undocumented"#,
        ])
        #expect(underscore.diagnostics.first?.help == #"check that the app's PRODUCT_BUNDLE_IDENTIFIER is exactly "com.example.app_dev"; the documented spelling uses a hyphen ("com.example.app-dev")"#)
        // Not a slot, and not an identifier: still an error.
        for value in ["My App", "com.example.", "app_dev"] {
            let report = lintFile(#"{"Simulator Target Bundle": ""# + value + #"", "aps": {"alert": "Hi"}}"#, named: "t.apns")
            #expect(report.diagnostics.map(\.severity) == [.error], "\(value)")
        }
    }

    /// Issue 51: the Simulator reads the file with Foundation's JSONSerialization, which takes a trailing comma
    /// (swift-foundation's JSONScanner) but no comment (only with .json5Allowed): the comma is a warning, still
    /// invalid-json (it is not JSON) with its fix. The same file as a request is JSON that APNs refuses: an error.
    @Test func aTrailingCommaIsAWarningInAnAPNSFileAndACommentStaysAnError() throws {
        let text = "{\n  \"Simulator Target Bundle\": \"com.example.app\",\n  \"aps\": {\"alert\": \"Hi\", \"badge\": 1,},\n  \"ids\": [1, 2 ,\n]\n}\n"
        let report = lintFile(text, named: "push.apns")
        #expect(messages(report) == [
            #"invalid-json@3:36 warning: trailing comma before '}': the Simulator takes it (Foundation's JSONSerialization, which reads the file, allows a comma after the last element), but JSON (RFC 8259) does not, so the same payload sent to APNs or through a strict JSON sender is refused"#,
            #"invalid-json@4:16 warning: trailing comma before ']': the Simulator takes it (Foundation's JSONSerialization, which reads the file, allows a comma after the last element), but JSON (RFC 8259) does not, so the same payload sent to APNs or through a strict JSON sender is refused"#,
        ])
        #expect(report.diagnostics.allSatisfy { $0.help == "remove the comma" && $0.fix?.applicability == .safe })
        // The fix stays: the file fixed is clean.
        let fixed = Linter().fix(SourceText(text), fileName: "push.apns", format: .json)
        #expect(fixed.report.diagnostics.isEmpty)
        #expect(String(decoding: fixed.fixed, as: UTF8.self) == "{\n  \"Simulator Target Bundle\": \"com.example.app\",\n  \"aps\": {\"alert\": \"Hi\", \"badge\": 1},\n  \"ids\": [1, 2 \n]\n}\n")
        // Rendered, as the app receives it: the Simulator delivers the file.
        #expect(render(report) == "\n" + #"{"Simulator Target Bundle":"com.example.app","aps":{"alert":"Hi","badge":1},"ids":[1,2]}"# + "\n")

        // The same text as a request: invalid JSON, which APNs and strict readers refuse.
        let request = lintFile(text.replacingOccurrences(of: "\"Simulator Target Bundle\": \"com.example.app\",", with: ""), named: "push.json")
        #expect(request.ruleIDs == ["invalid-json", "invalid-json"])
        #expect(request.diagnostics.map(\.message) == [
            "trailing comma before '}': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it",
            "trailing comma before ']': JSON (RFC 8259) does not allow a comma after the last element, and APNs and strict readers (Go's encoding/json, Python's json, JavaScript's JSON.parse) refuse it",
        ])
        #expect(request.diagnostics.filter { $0.ruleID == "invalid-json" }.allSatisfy { $0.severity == .error })

        let comment = lintFile("{\"Simulator Target Bundle\": \"com.example.app\", // the app\n \"aps\": {\"alert\": \"Hi\"}}", named: "c.apns")
        #expect(comment.summary == ["invalid-json@1:48"])
        #expect(comment.diagnostics.first?.severity == .error)
    }

    @Test func renderPrintsWhatTheAppReceivesTheTargetBundleIncluded() {
        let report = lintFile("{\n  \"Simulator Target Bundle\": \"com.example.app\",\n  \"aps\": {\"alert\": \"Hi\"},\n  \"screen\": \"home\"\n}\n", named: "w.apns")
        // No headers: the Simulator reads none.
        #expect(render(report) == "\n" + #"{"Simulator Target Bundle":"com.example.app","aps":{"alert":"Hi"},"screen":"home"}"# + "\n")
    }
}

@Suite("Expo push messages: the APNs request Expo's service sends")
struct ExpoMessageTests {
    @Test func aMessageBecomesAnAlertAtExposDefaultPriority() {
        let report = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "body": "there", "data": {"id": 7}, "collapseId": "news", "categoryId": "NEWS", "mutableContent": true}"#)
        #expect(report.dialects == [.expo])
        #expect(report.diagnostics.isEmpty)
        #expect(render(report) == """
            apns-push-type: alert
            apns-priority: 10
            apns-collapse-id: news

            {"aps":{"alert":{"title":"Hi","body":"there"},"category":"NEWS","mutable-content":1},"body":{"id":7}}

            """)
    }

    @Test func aBackgroundMessageAtTheDefaultPriorityGetsThePriorityFindingWithExposDefaultNamed() throws {
        let report = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "data": {"sync": "inbox"}}"#)
        #expect(report.summary == ["background-priority-10@1:1"])
        let finding = try #require(report.diagnostics.first)
        #expect(finding.notes.map(\.message) == [#"apns-priority 10 is Expo's default on iOS: the message sets no "priority", and Expo's default is "high""#])
        #expect(finding.help == #"add "priority": "normal" to send it at apns-priority 5"#)
        #expect(finding.fix == nil)
        // "normal" is apns-priority 5, and the push is a background one.
        let normal = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "priority": "normal", "data": {"sync": "inbox"}}"#)
        #expect(normal.diagnostics.isEmpty)
        #expect(render(normal) == "apns-push-type: background\napns-priority: 5\n\n{\"aps\":{\"content-available\":1},\"body\":{\"sync\":\"inbox\"}}\n")
    }

    @Test("the content-available flag in a spelling Expo does not read is an error that names Expo's", arguments: [
        "content-available", "content_available", "contentavailable", "contentAvailable",
    ])
    func misspeltContentAvailable(key: String) throws {
        let report = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", ""# + key + #"": true, "priority": "normal", "data": {"k": 1}}"#)
        let finding = try #require(report.diagnostics.first { $0.ruleID == "dialect-dropped-key" })
        #expect(finding.severity == .error)
        #expect(finding.message == "Expo does not read \"\(key)\": the request goes out without it, so what it asks for does not happen")
        #expect(finding.help == #"write "_contentAvailable": true (Expo's only spelling of the flag: expo-server-sdk-node's ExpoPushMessage, Expo's message request format)"#)
        #expect(report.source.position(of: finding.range!.start).description == "1:53")
    }

    @Test func aBackgroundMessageWithATitleIsSentAsAnAlert() {
        let report = lint(#"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "_contentAvailable": true, "title": "Sold!", "priority": "normal"}"#)
        #expect(messages(report) == [
            #"expo-background-with-alert@1:80 warning: a background message ("_contentAvailable") with "title": Expo sends a message with a title, subtitle or body as an alert, not a background push, so iOS shows it and the app's background task runs only when the user taps it"#,
        ])
    }

    @Test func aBatchIsCheckedMessageByMessageAndOver100RecipientsIsRefused() {
        let batch = "[" + (0..<101).map { #"{"to": "ExponentPushToken[token\#($0)]", "body": "Hi"}"# }.joined(separator: ",\n") + "]"
        let report = lint(batch)
        #expect(Set(report.dialects) == [.expo])
        #expect(report.summary == ["expo-request-invalid@101:8"])
        #expect(report.diagnostics.first?.message == "this is recipient 101 of the request: Expo takes at most 100 per request and refuses the whole request (PUSH_TOO_MANY_NOTIFICATIONS)")
        #expect(report.definitions.count == 101)
        let second = lint(#"[{"to": "ExponentPushToken[a]", "body": "Hi"}, {"to": "ExponentPushToken[b]", "body": "Hi", "badge": "3"}]"#)
        #expect(messages(second) == [
            #"expo-request-invalid@1:102 error: "badge" is a string, but Expo takes a number: it refuses the request (VALIDATION_ERROR) and sends none of its messages"#,
        ])
    }

    @Test func aCriticalSoundIsAPNssDictionary() {
        let report = lint(#"{"to": "ExponentPushToken[x]", "body": "Smoke alarm", "sound": {"critical": true, "name": "alarm.caf", "volume": 0.8}}"#)
        #expect(render(report)?.hasSuffix(#"{"aps":{"alert":{"body":"Smoke alarm"},"sound":{"critical":1,"name":"alarm.caf","volume":0.8}}}"# + "\n") == true)
        #expect(report.ruleIDs == ["critical-alert-entitlement"])
        let quiet = lint(#"{"to": "ExponentPushToken[x]", "body": "Hi", "sound": {"critical": false, "name": "chime.caf"}}"#)
        #expect(render(quiet)?.hasSuffix(#"{"aps":{"alert":{"body":"Hi"},"sound":{"name":"chime.caf"}}}"# + "\n") == true)
    }

    @Test func aDeviceTokenIsNotAnExpoPushToken() {
        let report = lint(#"{"to": "740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad", "body": "Hi"}"#)
        #expect(report.dialects == [.expo])
        #expect(report.summary == ["expo-request-invalid@1:8"])
        // A UUID is one (expo-server-sdk-node's isExpoPushToken).
        #expect(lint(#"{"to": "f47ac10b-58cc-4372-a567-0e02b2c3d479", "body": "Hi"}"#).diagnostics.isEmpty)
    }
}

@Suite("OneSignal notifications: the APNs request OneSignal sends")
struct OneSignalNotificationTests {
    private let head = #"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["Subscribed Users"], "contents": {"en": "Hi"}, "#

    @Test func bothSpellingsOfTimeSensitiveBecomeAPNssAndAnotherIsAnErrorNamingOneSignals() throws {
        for spelling in ["time_sensitive", "time-sensitive"] {
            let report = lint(head + #""ios_interruption_level": ""# + spelling + #""}"#)
            #expect(report.dialects == [.oneSignal])
            #expect(report.diagnostics.isEmpty, "\(spelling)")
            #expect(render(report)?.contains(#""interruption-level":"time-sensitive""#) == true)
        }
        let wrong = lint(head + #""ios_interruption_level": "timeSensitive"}"#)
        let finding = try #require(wrong.diagnostics.first)
        #expect(wrong.summary == ["onesignal-request-invalid@1:147"])
        #expect(finding.message == #""timeSensitive" is not one of OneSignal's interruption levels (active, passive, time_sensitive, critical), so the notification does not get the level meant"#)
        #expect(finding.help == "did you mean \"time_sensitive\"? OneSignal's API description writes active, passive, time_sensitive or critical")
    }

    @Test func theRequestOneSignalBuilds() {
        let report = lint(head + #""headings": {"en": "Sale"}, "ios_badgeType": "SetTo", "ios_badgeCount": 2, "ios_sound": "chime.caf", "thread_id": "sales", "priority": 5, "collapse_id": "sale", "data": {"id": 7}, "url": "https://example.com/sale"}"#)
        #expect(report.diagnostics.isEmpty)
        #expect(render(report) == """
            apns-push-type: alert
            apns-priority: 5
            apns-collapse-id: sale

            {"aps":{"alert":{"title":"Sale","body":"Hi"},"sound":"chime.caf","thread-id":"sales","badge":2,"mutable-content":1},"custom":{"a":{"id":7},"u":"https://example.com/sale"}}

            """)
    }

    @Test func whatOneSignalRefuses() {
        let noEnglish = lint(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["All"], "contents": {"vi": "Xin chào"}}"#)
        #expect(messages(noEnglish) == [
            #"onesignal-request-invalid@1:82 error: "contents" has no English ("en") text: OneSignal refuses the notification ("Message Notifications must have English language content")"#,
        ])
        let badge = lint(head + #""ios_badgeType": "Increase", "ios_BadgeCount": 1}"#)
        #expect(badge.summary == ["onesignal-request-invalid@1:121", "dialect-dropped-key@1:150"])
        let override = lint(head + #""apns_push_type_override": "alert"}"#)
        #expect(override.ruleIDs == ["onesignal-request-invalid"])
        #expect(override.diagnostics.first?.message.hasSuffix(#"OneSignal refuses the notification ("Apns push type override is not included in the list")"#) == true)
        let noContents = lint(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["All"], "headings": {"en": "Hi"}}"#)
        #expect(noContents.summary == ["onesignal-request-invalid@1:1"])
    }

    @Test func aBackgroundNotificationAtOneSignalsDefaultPriority() {
        let report = lint(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "include_subscription_ids": ["1dd608f2-c6a1-11e3-851d-000c2940e62c"], "content_available": true}"#)
        #expect(report.summary == ["background-priority-10@1:1"])
        #expect(report.diagnostics.first?.notes.map(\.message) == [#"apns-priority 10 is OneSignal's default on iOS: the body sets no "priority""#])
    }
}

@Suite("gorush requests: the APNs requests gorush sends for iOS")
struct GorushRequestTests {
    @Test func aBackgroundPushWithAnAlertAtPriorityHighGetsTheBackgroundFindingsAtTheUsersKeys() {
        let text = """
            {"notifications": [{
              "platform": 1, "tokens": ["740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad"], "topic": "com.example.app",
              "content_available": true, "push_type": "background", "priority": "high",
              "alert": {"title": "Hi", "body": "there"}
            }]}
            """
        let report = lint(text)
        #expect(report.dialects == [.gorush])
        // At "high" (the priority) and at "alert" (what the background push carries).
        #expect(report.summary == ["background-priority-10@3:69", "background-with-alert@4:3"])
        #expect(render(report) == """
            apns-push-type: background
            apns-priority: 10
            apns-topic: com.example.app

            {"aps":{"alert":{"title":"Hi","body":"there"},"content-available":1}}

            """)
    }

    @Test func withoutAPushTypeGorushSendsAlertAndSaysSo() throws {
        let report = lint(#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "com.example.app", "content_available": true, "data": {"k": 1}}]}"#)
        let finding = try #require(report.diagnostics.first)
        // Both faults of gorush issue #438: the default priority 10, and apns2's default push type alert on a
        // background payload (a warning: APNs may still deliver it).
        #expect(report.summary == ["background-priority-10@1:20", "push-type-mismatch@1:20"])
        #expect(finding.message.hasPrefix("no apns-priority on a background push, and APNs uses 10 when it is missing"))
        #expect(render(report) == "apns-push-type: alert\napns-topic: com.example.app\n\n{\"aps\":{\"content-available\":1},\"k\":1}\n")
    }

    @Test func aMessageAloneIsAStringAlertAndTitleMakesADictionary() {
        let alone = lint(#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "Hi", "badge": 0, "sound": ""}]}"#)
        #expect(render(alone) == "apns-push-type: alert\napns-topic: t.app\n\n{\"aps\":{\"alert\":\"Hi\",\"badge\":0,\"sound\":\"\"}}\n")
        let titled = lint(#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "there", "title": "Hi", "thread-id": "x"}]}"#)
        #expect(render(titled) == "apns-push-type: alert\napns-topic: t.app\n\n{\"aps\":{\"alert\":{\"title\":\"Hi\",\"body\":\"there\"},\"thread-id\":\"x\"}}\n")
        // alert.* without title: the message is lost.
        let lost = lint(#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "there", "alert": {"subtitle": "Hi"}}]}"#)
        #expect(lost.summary == ["dialect-dropped-key@1:71"])
    }

    @Test func whatGorushRefusesOrDrops() {
        #expect(messages(lint(#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "Hi", "badge": "3"}]}"#)) == [
            #"gorush-request-invalid@1:97 error: "badge" is a string, but gorush decodes it as an integer: it answers 400 "Missing notifications field." and sends none of the request's notifications"#,
        ])
        #expect(lint(#"{"notifications": []}"#).summary == ["gorush-request-invalid@1:19"])
        #expect(lint(#"{"notifications": [{"tokens": ["a"], "message": "Hi"}]}"#).summary == ["gorush-request-invalid@1:20"])
        #expect(lint(#"{"notifications": [{"platform": 1, "topic": "t.app", "message": "Hi"}]}"#).summary == ["gorush-request-invalid@1:20"])
        let android = lint(#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "Hi"}, {"platform": 2, "tokens": ["b"], "message": "Hi"}]}"#)
        #expect(android.summary == ["dialect-other-platform@1:102"])
        #expect(android.diagnostics.first?.severity == .info)
    }

    @Test func topLevelNameOrVolumeMakeACriticalSound() {
        let report = lint(#"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "Hi", "sound": "ping.aiff", "volume": 0.5}]}"#)
        #expect(report.ruleIDs.contains("dialect-rewritten-value"))
        #expect(render(report)?.contains(#""sound":{"critical":1,"name":"default","volume":0.5}"#) == true)
    }
}
