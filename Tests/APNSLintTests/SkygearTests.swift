import APNSLint
import Foundation
import Testing

/// A Skygear definition linted (its dialect detected, or declared), with both requests it sends.
private struct Skygear {
    let report: FileReport

    init(_ text: String, fileExtension: String = "json", options: RuleOptions = RuleOptions()) {
        report = lint(text, options: options, fileExtension: fileExtension)
    }

    /// The APNs request as `render --headers` prints it.
    var apns: String? {
        (try? Renderer(includeHeaders: true).render(report).get()).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The FCM request as `render --target fcm` prints it.
    var fcm: String? {
        (try? Renderer(target: .fcm).render(report).get()).map { String(decoding: $0, as: UTF8.self) }
    }

    var message: FCMMessage? { report.fcmMessages.first ?? nil }

    /// Where `range` starts, as `line:column`.
    func position(_ range: SourceRange?) -> String? {
        range.map { report.source.position(of: $0.start).description }
    }
}

/// The seed's example push notification payload (003_6fb598db7e4c5769.txt).
private let seedExample = """
    {
      "message": {
        "title": "Hello Rick",
        "body": "Ditto",
        "ttl": 99999
      },
      "custom": {
        "android_sound": "wakeup.mp3",
        "android_icon": "icon-1",
        "ios_sound": "wakeup.m4a",
        "ios_badge": 1,
        "ios_launch_image": "launch.png",
        "ios_category": "general"
      }
    }
    """

@Suite("Skygear: the APNs request and the FCM message a definition sends")
struct SkygearTests {
    @Test func seedExampleIsDetectedAndLintsClean() {
        let skygear = Skygear(seedExample)
        #expect(skygear.report.dialects == [.skygear])
        #expect(skygear.report.diagnostics.isEmpty, "\(skygear.report.summary)")
    }

    @Test func seedExampleRendersTheAPNsRequestByteForByte() {
        #expect(Skygear(seedExample).apns == """
            apns-priority: 5

            {"aps":{"alert":{"title":"Hello Rick","body":"Ditto","launch-image":"launch.png"},"sound":"wakeup.m4a","badge":1,"category":"general"}}

            """)
    }

    @Test func seedExampleRendersTheFCMMessageByteForByte() {
        #expect(Skygear(seedExample).fcm == #"""
            {"message":{"notification":{"title":"Hello Rick","body":"Ditto"},"android":{"priority":"normal","ttl":"99999s","notification":{"sound":"wakeup.mp3","icon":"icon-1"}}}}

            """#)
    }

    /// A field's placement: a value Skygear adds (its default priority) is no text of the file, so no fix edits it;
    /// one the user wrote is its text; a header given outside the file is neither.
    @Test func aFieldIsPlacedInTheFileAddedByTheSystemOrOutside() throws {
        let text = #"  {"message": {"title": "Hello World", "body": "Hi"}}"#
        let report = lint(text, headers: ["apns-topic": "com.example.app"])
        let definition = try #require(report.definition)
        #expect(definition.headers.fields["apns-priority"]?.valuePlacement == .added(at: 2))
        #expect(definition.headers.fields["apns-priority"]?.keyPlacement == .added(at: 2))
        #expect(definition.headers.fields["apns-topic"]?.valuePlacement == .outside)
        guard case .dictionary(let alert, _)? = definition.payload?.aps?.alert else {
            Issue.record("no alert dictionary")
            return
        }
        #expect(alert[.title]?.valuePlacement == .inFile(SourceRange(start: 24, end: 37)))
        #expect(alert[.title]?.valuePlacement.range == SourceRange(start: 24, end: 37))
        #expect(alert[.title]?.keyPlacement == .inFile(SourceRange(start: 15, end: 22)))
    }

    @Test func sampleCallRendersBothRequests() {
        let skygear = Skygear(#"{"message": {"title": "Hello World", "body": "Hello from oursky."}}"#)
        #expect(skygear.apns == "apns-priority: 5\n\n" + #"{"aps":{"alert":{"title":"Hello World","body":"Hello from oursky."}}}"# + "\n")
        #expect(skygear.fcm == #"{"message":{"notification":{"title":"Hello World","body":"Hello from oursky."},"android":{"priority":"normal"}}}"# + "\n")
    }

    /// Every `ios_*` key of the seed's table, at its place in `aps`.
    @Test("each ios_* key goes to its place in aps", arguments: [
        (#""ios_badge": 3"#, #"{"aps":{"badge":3}}"#),
        (#""ios_sound": "chime.aiff""#, #"{"aps":{"sound":"chime.aiff"}}"#),
        (#""ios_content_available": true"#, #"{"aps":{"content-available":1}}"#),
        (#""ios_content_available": false"#, #"{"aps":{}}"#),
        (#""ios_mutable_content": true"#, #"{"aps":{"mutable-content":1}}"#),
        (#""ios_launch_image": "launch.png""#, #"{"aps":{"alert":{"launch-image":"launch.png"}}}"#),
        (#""ios_category": "INVITE""#, #"{"aps":{"category":"INVITE"}}"#),
        (#""ios_title_loc_key": "T""#, #"{"aps":{"alert":{"title-loc-key":"T"}}}"#),
        (#""ios_title_loc_args": ["a"]"#, #"{"aps":{"alert":{"title-loc-args":["a"]}}}"#),
        (#""ios_action_loc_key": "PLAY""#, #"{"aps":{"alert":{"action-loc-key":"PLAY"}}}"#),
        (#""ios_loc_key": "L""#, #"{"aps":{"alert":{"loc-key":"L"}}}"#),
        (#""ios_loc_args": ["b"]"#, #"{"aps":{"alert":{"loc-args":["b"]}}}"#),
    ])
    func iosKey(_ custom: String, _ payload: String) throws {
        let skygear = Skygear(#"{"dialect": "skygear", "platform": {"android": false}, "custom": {"# + custom + "}}")
        let definition = try #require(skygear.report.definition)
        #expect(definition.payloadBytes.map { String(decoding: $0, as: UTF8.self) } == payload)
        #expect(skygear.report.fcmMessages.count == 1 && skygear.message == nil)
    }

    /// Every `android_*` key of the seed's table that FCM has a field for, in `android.notification`.
    @Test("each android_* key goes to android.notification", arguments: [
        (#""android_channel_id": "invites""#, #""channel_id":"invites""#),
        (#""android_click_action": "OPEN""#, #""click_action":"OPEN""#),
        (#""android_body_loc_key_action": "b""#, #""body_loc_key":"b""#),
        (#""android_body_loc_key_args": ["x"]"#, #""body_loc_args":["x"]"#),
        (#""android_icon": "icon-1""#, #""icon":"icon-1""#),
        (#""android_sound": "wakeup.mp3""#, #""sound":"wakeup.mp3""#),
        (#""android_title_loc_key": "t""#, #""title_loc_key":"t""#),
        (#""android_title_loc_args": ["y"]"#, #""title_loc_args":["y"]"#),
    ])
    func androidKey(_ custom: String, _ field: String) {
        let skygear = Skygear(#"{"dialect": "skygear", "platform": {"ios": false}, "custom": {"# + custom + "}}")
        #expect(skygear.fcm == #"{"message":{"android":{"priority":"normal","notification":{"# + field + "}}}}\n")
        #expect(skygear.report.diagnostics.isEmpty, "\(skygear.report.summary)")
    }

    @Test func messageDataAndPriorityMapToBothRequests() {
        let skygear = Skygear("""
            {
              "message": {"title": "Hello Rick", "subtitle": "Rick is working", "body": "Ditto", "priority": "high", "ttl": 3600},
              "custom": {"ios_badge": 5, "android_channel_id": "news"},
              "data": {"for": "bar", "count": "2"}
            }
            """)
        #expect(skygear.apns == "apns-priority: 10\n\n"
            + #"{"aps":{"alert":{"title":"Hello Rick","subtitle":"Rick is working","body":"Ditto"},"badge":5},"for":"bar","count":"2"}"# + "\n")
        #expect(skygear.fcm == #"{"message":{"notification":{"title":"Hello Rick","body":"Ditto"},"android":{"priority":"high","ttl":"3600s","notification":{"channel_id":"news"}},"data":{"for":"bar","count":"2"}}}"# + "\n")
        // No absolute date without a send time: the request has no apns-expiration.
        #expect(skygear.report.definition?.headers.expirationField == nil)
        #expect(skygear.report.diagnostics.isEmpty, "\(skygear.report.summary)")
    }

    @Test func generatedValuesKeepTheirSourceRanges() throws {
        let skygear = Skygear(seedExample)
        let definition = try #require(skygear.report.definition)
        // apns-priority: Skygear's default, normal, has no text: it points at the start of the definition.
        #expect(skygear.position(definition.headers.priorityField?.valueRange) == "1:1")
        let aps = try #require(definition.payload?.aps)
        #expect(skygear.position(aps.badge?.keyRange) == "11:5")
        #expect(skygear.position(aps.badge?.valueRange) == "11:18")
        #expect(skygear.position(aps.fields["category"]?.keyRange) == "13:5")
        let android = try #require(skygear.message?.android)
        #expect(android.ttl?.string == "99999s")
        #expect(skygear.position(android.ttl?.valueRange) == "5:12")
        #expect(android.ttl?.pointer.description == "/message/android/ttl")
        let notification = try #require(android.notification)
        #expect(notification["icon"]?.string == "icon-1")
        #expect(skygear.position(notification["icon"]?.keyRange) == "9:5")
        #expect(skygear.message?.notification?["title"].flatMap { skygear.position($0.valueRange) } == "3:14")
    }

    @Test func highPriorityHeaderPointsAtMessagePriority() throws {
        let skygear = Skygear(#"{"message": {"title": "Ride", "priority": "high"}}"#)
        let priority = try #require(skygear.report.definition?.headers.priorityField)
        #expect(priority.integer == 10)
        #expect(skygear.position(priority.keyRange) == "1:31")
        #expect(skygear.position(priority.valueRange) == "1:43")
    }

    @Test func diagnosticsOnRenamedKeysPointAtWhatTheUserWrote() {
        let skygear = Skygear("""
            {
              "message": {"title": "Invite"},
              "custom": {
                "ios_loc_args": ["Jenna"],
                "ios_content_available": "yes",
                "ios_badge": "5"
              }
            }
            """)
        #expect(skygear.report.summary == ["loc-args-without-loc-key@4:5", "content-available-not-1@5:30", "badge-invalid@6:18"])
        // Values written in Skygear's spelling are not rewritten as APNs spells them.
        let contentAvailable = skygear.report.diagnostics.first { $0.ruleID == "content-available-not-1" }
        #expect(contentAvailable?.fix == nil)
    }

    @Test func unknownPriorityIsReportedForBothTargetsWithoutAFix() {
        let skygear = Skygear(#"{"message": {"title": "Ride", "priority": "urgent"}}"#)
        #expect(skygear.report.summary == ["fcm-priority-invalid@1:43", "priority-invalid@1:43"])
        #expect(skygear.report.diagnostics.allSatisfy { $0.fix == nil })
    }

    @Test func unknownKeysAreDroppedWithDidYouMean() {
        let skygear = Skygear("""
            {
              "mesage": {"title": "Hi"},
              "message": {"titel": "Hi"},
              "custom": {"ios_bagde": 1, "iosSound": "a.aiff", "colour": "red"}
            }
            """)
        #expect(skygear.report.summary == Array(repeating: "dialect-dropped-key", count: 5).enumerated().map { index, rule in
            "\(rule)@\(["2:3", "3:15", "4:14", "4:30", "4:52"][index])"
        })
        #expect(skygear.report.diagnostics.map { $0.help?.prefix { $0 != "?" } } == [
            #"did you mean "message""#, #"did you mean "title""#, #"did you mean "ios_badge""#, #"did you mean "ios_sound""#,
            "the custom keys are the seed's ios_* and android_* keys (ios_badge, android_channel_id, …); custom data goes in \"data\"",
        ])
    }

    @Test func ledColorHasNoFCMField() {
        let skygear = Skygear(##"{"message": {"title": "Hi"}, "custom": {"android_led_color": "#ff0000"}}"##)
        #expect(skygear.report.summary == ["dialect-dropped-key@1:41"])
        #expect(skygear.report.diagnostics.first?.message.contains("light_settings") == true)
        #expect(skygear.fcm == #"{"message":{"notification":{"title":"Hi"},"android":{"priority":"normal"}}}"# + "\n")
    }

    @Test func androidOffSendsNoFCMMessageAndSaysWhatIsSentNowhere() {
        let skygear = Skygear(#"{"platform": {"android": false}, "message": {"title": "Hi"}, "custom": {"android_icon": "a", "ios_badge": 1}}"#)
        #expect(skygear.message == nil)
        #expect(skygear.report.summary == ["skygear-not-sent@1:73"])
        #expect(skygear.report.diagnostics.first?.severity == .info)
        #expect(skygear.fcm == nil)
        #expect(skygear.apns == "apns-priority: 5\n\n" + #"{"aps":{"alert":{"title":"Hi"},"badge":1}}"# + "\n")
    }

    @Test func iosOffSkipsAPNsRulesAndRendersNoAPNsRequest() throws {
        // Without platform.ios: false, "ios_badge": "5" and the 5000-byte body would be APNs errors.
        let skygear = Skygear(#"{"platform": {"ios": false}, "message": {"title": "Hi", "subtitle": "There", "body": ""#
            + String(repeating: "a", count: 3000) + #""}, "custom": {"ios_badge": "5"}}"#)
        #expect(skygear.report.summary == ["skygear-not-sent@1:57", "skygear-not-sent@1:3102"])
        let failure = try #require(Renderer().render(skygear.report).failure)
        #expect(failure.messages == ["test.json: error: the definition sends nothing to APNs: its platform.ios is false (render --target fcm prints its FCM message)"])
        #expect(skygear.fcm?.hasPrefix(#"{"message":{"notification":{"title":"Hi","body":"aaa"#) == true)
    }

    @Test func bothPlatformsOffAndDryRunAreInfo() {
        let skygear = Skygear(#"{"message": {"title": "Hi"}, "platform": {"ios": false, "android": false}, "dry_run": true}"#)
        #expect(skygear.report.summary == ["skygear-not-sent@1:30", "skygear-not-sent@1:76"])
        #expect(skygear.report.diagnostics.allSatisfy { $0.severity == .info })
        #expect(skygear.message == nil)
    }

    @Test func dataKeyNamedAPSIsKeptOutOfTheAPNsPayload() {
        let skygear = Skygear(#"{"message": {"title": "Hi"}, "data": {"aps": "x", "id": "7"}}"#)
        #expect(skygear.report.summary == ["reserved-custom-key@1:39"])
        #expect(skygear.apns == "apns-priority: 5\n\n" + #"{"aps":{"alert":{"title":"Hi"}},"id":"7"}"# + "\n")
        #expect(skygear.fcm == #"{"message":{"notification":{"title":"Hi"},"android":{"priority":"normal"},"data":{"aps":"x","id":"7"}}}"# + "\n")
    }

    @Test func fcmRulesPointAtTheSkygearSource() {
        let skygear = Skygear("""
            {
              "message": {"title": "Score", "ttl": 3000000},
              "data": {"points": 42, "from": "alice"}
            }
            """)
        #expect(skygear.report.summary == ["fcm-ttl-invalid@2:40", "fcm-data-not-string@3:22", "fcm-reserved-data-key@3:26"])
        #expect(skygear.report.diagnostics.map(\.pointer.description) == ["/message/android/ttl", "/message/data/points", "/message/data/from"])
        #expect(skygear.report.diagnostics[1].help == #"quote it: "42""#)
    }

    @Test func fcmRulesDoNotRunOnAPNsDefinitions() {
        let report = lint(#"{"aps": {"alert": "Hi"}, "data": {"from": 1}}"#)
        #expect(report.fcmMessages.count == 1 && report.fcmMessages[0] == nil)
        #expect(!report.ruleIDs.contains { $0.hasPrefix("fcm-") })
    }

    @Test func yamlDefinitionGivesTheSameRequestsAsJSON() {
        let yaml = Skygear("""
            message:
              title: Hello Rick
              body: Ditto
              ttl: 99999
            custom:
              android_sound: wakeup.mp3
              android_icon: icon-1
              ios_sound: wakeup.m4a
              ios_badge: 1
              ios_launch_image: launch.png
              ios_category: general
            """, fileExtension: "yaml")
        let json = Skygear(seedExample)
        #expect(yaml.apns == json.apns)
        #expect(yaml.fcm == json.fcm)
        #expect(yaml.report.diagnostics.isEmpty)
    }

    @Test func prettyFCMMessageIsIndented() throws {
        let report = Skygear(#"{"message": {"title": "Hi"}}"#).report
        let bytes = try Renderer(pretty: true, target: .fcm).render(report).get()
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\n  \"message\": {\n    \"notification\": {\n"))
    }
}
