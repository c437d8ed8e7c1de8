import APNSLintTestSupport
import Foundation
import Testing

@Suite("apns-lint render, end to end")
struct RenderCommandTests {
    @Test func jsonPrintsTheWireBytesAndANewline() throws {
        let dir = try workspace(["push.json": "{\n  \"aps\" : { \"alert\" : \"Café / 😀\" },\n  \"n\": 1.50\n}\n"])
        let result = try run(["render", "push.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "{\"aps\":{\"alert\":\"Café / 😀\"},\"n\":1.50}\n")
        #expect(result.stderr == "")
    }

    /// An SNS message whose APNS value is an object: SNS ignores it and an Apple device gets the default text; check
    /// says so, and render prints that alert.
    @Test func renderPrintsWhatCheckSaysAnSNSMessageSends() throws {
        let dir = try workspace(["sns.json": #"{"default": "Back in stock", "APNS": {"aps": {"alert": "Sale", "badge": 1}}}"#])
        let check = try run(["check", "--format", "concise", "sns.json"], in: dir)
        #expect(check.status == 1)
        #expect(check.stdout.hasPrefix(#"sns.json:1:30: error: "APNS" is an object, but SNS reads each platform's payload only from a JSON string, so it ignores this one and the device gets the "default" text instead; the object is checked as the payload it would be once written as a string [sns-platform-value-not-string]"#))
        let render = try run(["render", "sns.json"], in: dir)
        #expect(render.status == 0)
        #expect(render.stderr == #"sns.json: note: read as Amazon SNS because it has a string "default" beside "APNS", as an SNS message does"# + "\n")
        #expect(render.stdout == #"{"aps":{"alert":"Back in stock"}}"# + "\n")
    }

    @Test func dialectOptionRendersWhatThatLibrarySends() throws {
        // body and badge are keys several systems share: without a dialect the file is an APNs payload as written.
        let dir = try workspace(["greeting.json": #"{"body": "Hi", "badge": 1}"#])
        let asWritten = try run(["render", "greeting.json"], in: dir)
        #expect(asWritten.status == 0)
        #expect(asWritten.stdout == "{\"body\":\"Hi\",\"badge\":1}\n")
        let nodeAPN = try run(["render", "--dialect", "node-apn", "greeting.json"], in: dir)
        #expect(nodeAPN.status == 0)
        #expect(nodeAPN.stdout == "{\"aps\":{\"alert\":\"Hi\",\"badge\":1}}\n")
        let unknown = try run(["render", "--dialect", "pushy", "greeting.json"], in: dir)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("pushy"))
    }

    /// Issue 37: each push service's request, and the Simulator's delivery, as `render --dialect` prints them.
    @Test func dialectOptionRendersEachServicesRequest() throws {
        let dir = try workspace([
            "expo.json": #"{"to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Hi", "priority": "normal", "data": {"id": 7}}"#,
            "onesignal.json": #"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "included_segments": ["All"], "contents": {"en": "Hi"}, "priority": 10}"#,
            "gorush.json": #"{"notifications": [{"platform": 1, "tokens": ["a"], "topic": "t.app", "message": "Hi", "priority": "normal"}, {"platform": 1, "tokens": ["b"], "topic": "t.app", "message": "Bye"}]}"#,
            "push.json": #"{"Simulator Target Bundle": "com.example.app", "aps": {"alert": "Hi"}}"#,
        ])
        let cases: [(dialect: String, file: String, stdout: String)] = [
            ("expo", "expo.json", "apns-push-type: alert\napns-priority: 5\n\n{\"aps\":{\"alert\":{\"title\":\"Hi\"}},\"body\":{\"id\":7}}\n"),
            ("onesignal", "onesignal.json", "apns-push-type: alert\napns-priority: 10\n\n{\"aps\":{\"alert\":{\"body\":\"Hi\"},\"mutable-content\":1}}\n"),
            // One request per iOS notification.
            ("gorush", "gorush.json", "apns-push-type: alert\napns-priority: 5\napns-topic: t.app\n\n{\"aps\":{\"alert\":\"Hi\"}}\n"
                + "apns-push-type: alert\napns-topic: t.app\n\n{\"aps\":{\"alert\":\"Bye\"}}\n"),
            ("simulator", "push.json", "\n{\"Simulator Target Bundle\":\"com.example.app\",\"aps\":{\"alert\":\"Hi\"}}\n"),
        ]
        for (dialect, file, stdout) in cases {
            let result = try run(["render", "--headers", "--dialect", dialect, file], in: dir)
            #expect(result.status == 0, "\(dialect): \(result.stderr)")
            #expect(result.stdout == stdout, "\(dialect)")
        }
    }

    @Test func yamlMultiDocumentPrintsOneLinePerDocument() throws {
        let yaml = """
            # two definitions
            headers: {apns-push-type: alert}
            payload:
              aps:
                alert: &title Sale
              title: *title
            ---
            payload:
              aps: {content-available: 1}
            """
        let dir = try workspace(["campaign.yaml": yaml])
        let result = try run(["render", "campaign.yaml"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "{\"aps\":{\"alert\":\"Sale\"},\"title\":\"Sale\"}\n{\"aps\":{\"content-available\":1}}\n")
    }

    @Test func erlangSeedExamplePrintsTheRequestApnsJsonBuilds() throws {
        let erl = "%% apns_json:make_notification/1 input\n[\n    {'alert', <<\"Would you like to play a game?\">>}\n].\n"
        let dir = try workspace(["simplest.erl": erl])
        let result = try run(["render", "simplest.erl"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == "{\"aps\":{\"alert\":\"Would you like to play a game?\",\"content-available\":1}}\n")
    }

    @Test func headersPrintsPathAndHeaderLinesBeforeThePayload() throws {
        let erl = """
            [
                {token, <<"00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0">>},
                {topic, <<"com.example.games">>},
                {priority, 10},
                {alert, <<"Your turn">>}
            ].
            """
        let dir = try workspace(["send.config": erl])
        let result = try run(["render", "--headers", "send.config"], in: dir)
        #expect(result.status == 0)
        // apns_erlv3_session always sends apns-expiration (16#7FFFFFFF when the term sets none).
        #expect(result.stdout == """
            :path: /3/device/00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0
            apns-expiration: 2147483647
            apns-priority: 10
            apns-topic: com.example.games

            {"aps":{"alert":"Your turn","content-available":1}}

            """)
    }

    @Test func prettyIndentsForPeople() throws {
        let dir = try workspace(["push.json": #"{"aps": {"alert": "Hi", "badge": 2}, "ids": [1, 2]}"#])
        let result = try run(["render", "--pretty", "push.json"], in: dir)
        #expect(result.status == 0)
        #expect(result.stdout == """
            {
              "aps": {
                "alert": "Hi",
                "badge": 2
              },
              "ids": [
                1,
                2
              ]
            }

            """)
    }

    @Test func serializerOptionEscapesLikeTheSendingStack() throws {
        let text = #"{"aps": {"alert": "é😀 </script> & \u2028"}}"#
        let dir = try workspace(["push.json": text])
        let expected = [
            "compact": "{\"aps\":{\"alert\":\"é😀 </script> & \u{2028}\"}}\n",
            "ascii": #"{"aps":{"alert":"\u00e9\ud83d\ude00 </script> & \u2028"}}"# + "\n",
            "foundation": #"{"aps":{"alert":"é😀 <\/script> & "# + "\u{2028}\"}}\n",
            "go": #"{"aps":{"alert":"é😀 \u003c/script\u003e \u0026 \u2028"}}"# + "\n",
        ]
        for (style, output) in expected {
            let result = try run(["render", "--serializer", style, "push.json"], in: dir)
            #expect(result.status == 0)
            #expect(result.stdout == output, "\(style)")
        }
        let bad = try run(["render", "--serializer", "python", "push.json"], in: dir)
        #expect(bad.status == 2)
    }

    @Test func standardInputWithStdinFilenamePicksTheFormat() throws {
        let result = try run(["render", "-", "--stdin-filename", "push/welcome.yaml"], stdin: Data("payload:\n  aps:\n    alert: Welcome\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout == "{\"aps\":{\"alert\":\"Welcome\"}}\n")
    }

    @Test func syntaxErrorsGoToStderrConciselyAndExitOne() throws {
        let dir = try workspace(["bad.json": "{\n  \"aps\": {\"alert\": \"x\",}\n}\n"])
        let result = try run(["render", "bad.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("bad.json:2:23: error: "))
        #expect(result.stderr.hasSuffix(" [invalid-json]\n"))
    }

    @Test func unreadablePathExitsTwo() throws {
        let dir = try workspace([:] as [String: String])
        let result = try run(["render", "missing.json"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read 'missing.json'"))
    }

    /// The size check counts exactly the bytes render prints.
    @Test func sizePrintedEqualsTheByteCountOfWhatIsPrinted() throws {
        let text = #"{"aps": {"alert": ""# + String(repeating: "é😀 <&>", count: 500) + #""}, "a": 1}"#
        let dir = try workspace(["big.json": text])
        for style in ["compact", "ascii", "foundation", "go"] {
            let rendered = try run(["render", "--serializer", style, "big.json"], in: dir)
            let checked = try run(["check", "--serializer", style, "--color", "never", "big.json"], in: dir)
            let size = try #require(checked.stdout.firstMatch(of: /the payload is (\d+) bytes/).flatMap { Int($0.1) })
            #expect(size == Data(rendered.stdout.utf8).count - 1, "\(style)")
            #expect(checked.stdout.contains("[payload-too-large]"))
        }
    }

    @Test func checkSerializerSaysWhenEscapingPushesThePayloadOver() throws {
        let text = #"{"aps": {"alert": ""# + String(repeating: "é", count: 2015) + #""}}"#
        let dir = try workspace(["push.json": text])
        let compact = try run(["check", "--color", "never", "push.json"], in: dir)
        #expect(compact.status == 0)
        let ascii = try run(["check", "--serializer", "ascii", "--color", "never", "push.json"], in: dir)
        #expect(ascii.status == 1)
        #expect(ascii.stdout.contains(#"as compact UTF-8 it would be 4050 bytes: the ascii serializer's \uXXXX escapes add 8060 [payload-too-large]"#))
    }
}

@Suite("apns-lint --request-body: the bytes sent, read back")
struct RequestBodyCommandTests {
    @Test func whatRenderPrintsRendersTheSameWhenReadAsARequestBody() throws {
        // Read as a definition, a payload key without aps is an envelope: render printed its payload, which read
        // back as a definition was an envelope again and rendered {"x":1}.
        let dir = try workspace(["push.json": #"{"payload": {"payload": {"x": 1}}}"#])
        let first = try run(["render", "push.json"], in: dir)
        #expect(first.stdout == "{\"payload\":{\"x\":1}}\n")
        try Data(first.stdout.utf8).write(to: dir.appendingPathComponent("sent.json"))
        let asBody = try run(["render", "--request-body", "sent.json"], in: dir)
        #expect(asBody.status == 0)
        #expect(asBody.stdout == first.stdout)
        let asDefinition = try run(["render", "sent.json"], in: dir)
        #expect(asDefinition.stdout == "{\"x\":1}\n")
    }

    @Test func checkReadsTheBodyAsThePayload() throws {
        let dir = try workspace(["sent.json": #"{"payload":{"x":1}}"#])
        let result = try run(["check", "--request-body", "--format", "concise", "sent.json"], in: dir)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("sent.json:1:1: error: the payload has no \"aps\" dictionary"))
        #expect(result.stdout.hasSuffix("[missing-aps]\nFound 1 error in 1 of 1 file.\n"))
    }
}

@Suite("apns-lint check --diff on bytes that are not UTF-8")
struct DiffBytesCommandTests {
    @Test func theDiffCarriesTheFilesOwnBytesAndApplies() throws {
        // A Latin-1 "é" in a comment: the diff printed U+FFFD (EF BF BD) instead, so `patch` failed on the real file.
        let original = Data("% caf".utf8 + [0xE9] + " comment\n[{alert, <<\"Hi\">>}, {badge, <<\"5\">>}].\n".utf8)
        let dir = try workspace(["push.erl": original])
        let process = Process()
        process.executableURL = binary
        process.arguments = ["check", "--diff", "push.erl"]
        process.currentDirectoryURL = dir
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let diff = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let expected = "--- a/push.erl\n+++ b/push.erl\n@@ -1,2 +1,2 @@\n % caf".utf8 + [0xE9]
            + " comment\n-[{alert, <<\"Hi\">>}, {badge, <<\"5\">>}].\n+[{alert, <<\"Hi\">>}, {badge, 5}].\n".utf8
        #expect([UInt8](diff) == Array(expected))
        // patch(1) applies it to the file as it is.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { return }
        try diff.write(to: dir.appendingPathComponent("fix.patch"))
        let patch = try run(["-p1", "-i", "fix.patch"], in: dir, executable: "/usr/bin/patch")
        #expect(patch.status == 0, "\(patch.stdout)\(patch.stderr)")
        let patched = try Data(contentsOf: dir.appendingPathComponent("push.erl"))
        #expect([UInt8](patched) == Array("% caf".utf8) + [0xE9] + Array(" comment\n[{alert, <<\"Hi\">>}, {badge, 5}].\n".utf8))
    }
}
