import APNSLint
@testable import APNSLintLSP
import APNSLintTestSupport
import Foundation
import Testing

/// Incremental sync with positions in UTF-16 code units, YAML and Erlang documents, hover, configuration.
@Suite struct LSPDocumentTests {
    @Test func utf16ColumnsCountAstralCharactersTwice() {
        let text = SourceText("a😀é\nb")
        // a (1 unit), 😀 (2 units, 4 bytes), é (1 unit, 2 bytes).
        #expect(text.offset(line: 0, utf16Column: 0) == 0)
        #expect(text.offset(line: 0, utf16Column: 1) == 1)
        #expect(text.offset(line: 0, utf16Column: 2) == 1)   // inside the surrogate pair: the character's start
        #expect(text.offset(line: 0, utf16Column: 3) == 5)
        #expect(text.offset(line: 0, utf16Column: 4) == 7)
        #expect(text.offset(line: 0, utf16Column: 99) == 7)  // past the line's end: its end
        #expect(text.offset(line: 1, utf16Column: 1) == 9)
        #expect(text.offset(line: 5, utf16Column: 0) == 9)   // past the last line: the end
        #expect(text.offset(line: Int.max, utf16Column: Int.max) == 9)
        #expect(text.offset(line: -3, utf16Column: -1) == 0)
        #expect(text.utf16Column(text.position(of: 5)) == 4)
        #expect(text.utf16Column(text.position(of: 7)) == 5)
    }

    @Test func incrementalChangesAfterEmoji() throws {
        let uri = "file:///tmp/apns-lint-lsp/emoji.json"
        let text = #"{"aps": {"alert": "🎉🎉 Party", "badge": "3"}}"#
        let (client, diagnostics) = try EditorClient.opening(uri, language: "json", text: text)
        // `"3"` starts after 39 scalars, of which two are emoji: 41 UTF-16 code units.
        #expect(diagnostics.map { bounds($0["range"]) } == [[0, 41, 0, 44]])
        // Insert another emoji after the first two (column 23 in UTF-16: 19 + 2 × 2), then the finding moves by two units.
        client.change(uri, version: 2, [["range": range(0, 23, 0, 23), "text": "🎈"]])
        #expect(try client.diagnostics(for: uri).map { bounds($0["range"]) } == [[0, 43, 0, 46]])
        // Two changes in one message, applied in order: the closing quote goes, then the opening one.
        client.change(uri, version: 3, [
            ["range": range(0, 45, 0, 46), "text": ""],
            ["range": range(0, 43, 0, 44), "text": ""],
        ])
        #expect(try client.diagnostics(for: uri).isEmpty)
        // A whole-text change still works.
        client.change(uri, version: 4, [["text": text]])
        #expect(try client.diagnostics(for: uri).count == 1)
        #expect(try client.shutDown() == 0)
    }

    /// Positions out of the text are clamped, as the protocol asks, and the server goes on.
    @Test func positionsOutsideTheTextAreClamped() throws {
        let (client, _) = try EditorClient.opening(LSPSessionTests.uri, language: "json", text: LSPSessionTests.badJSON)
        client.change(LSPSessionTests.uri, version: 2, [
            ["range": range(Int.max, Int.max, -1, -1), "text": ""],
            ["range": range(99, 0, 99, 5), "text": "\n"],
            ["range": range(3, 200, 3, 300), "text": ""],
        ])
        #expect(try client.diagnostics(for: LSPSessionTests.uri).map { $0["code"] as? String } == ["badge-invalid"])
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": LSPSessionTests.uri], "position": position(Int.max, Int.max)])
        #expect(response["result"] is NSNull)
        #expect(try client.shutDown() == 0)
    }

    @Test func disableForThisLineInYAML() throws {
        let uri = "file:///tmp/apns-lint-lsp/alert.yaml"
        let text = "aps:\n  alert:\n    title: ''\n    body: ''\n  badge: 3\n"
        let (client, diagnostics) = try EditorClient.opening(uri, language: "yaml", text: text)
        let finding = try #require(diagnostics.first)
        let rule = try #require(finding["code"] as? String)
        #expect(rule == "alert-empty")
        #expect(bounds(finding["range"]) == [1, 2, 1, 7])
        let actions = try client.codeActions(uri, diagnostics: [finding], only: ["quickfix"])
        let disable = try #require(actions.first { $0["title"] as? String == "Disable \(rule) for this line" })
        #expect(disable["kind"] as? String == "quickfix")
        let edited = applying(edits(of: disable, uri: uri), to: text)
        #expect(edited == "aps:\n  # apns-lint: disable-next-line alert-empty -- TODO: say why this is accepted\n  alert:\n    title: ''\n    body: ''\n  badge: 3\n")
        client.change(uri, version: 2, [["text": edited]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func disableForThisLineInErlang() throws {
        let uri = "file:///tmp/apns-lint-lsp/push.erl"
        let text = "#{aps => #{alert => <<\"Hi\">>,\n           badge => <<\"3\">>}}.\n"
        let (client, diagnostics) = try EditorClient.opening(uri, language: "erlang", text: text)
        #expect(diagnostics.map { $0["code"] as? String } == ["badge-invalid"])
        let actions = try client.codeActions(uri, diagnostics: diagnostics, only: ["quickfix"])
        let disable = try #require(actions.first { $0["title"] as? String == "Disable badge-invalid for this line" })
        let edited = applying(edits(of: disable, uri: uri), to: text)
        #expect(edited.contains("\n           % apns-lint: disable-next-line badge-invalid -- TODO: say why this is accepted\n           badge"))
        client.change(uri, version: 2, [["text": edited]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func hoverOnAYAMLKey() throws {
        let uri = "file:///tmp/apns-lint-lsp/alert.yaml"
        let (client, _) = try EditorClient.opening(uri, language: "yaml", text: "headers:\n  apns-priority: 10\npayload:\n  aps:\n    alert:\n      loc-key: GREETING\n")
        var response = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position(5, 8)])
        var value = ((response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(value?.hasPrefix("**`loc-key`**: a key of the `alert` dictionary") == true)
        #expect(value?.contains("APNs expects a string") == true)
        response = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position(1, 4)])
        value = ((response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(value?.hasPrefix("**`apns-priority`**: an HTTP/2 request header") == true)
        #expect(try client.shutDown() == 0)
    }

    /// Issue 47: on a key of the definition's top level, which system it is read as and why.
    @Test func hoverOnATopLevelKeySaysHowTheDefinitionIsRead() throws {
        let uri = "file:///tmp/apns-lint-lsp/fcm.json"
        let text = #"{"message": {"token": "abc", "apns": {"payload": {"aps": {"alert": "Hi"}}}}}"#
        let (client, _) = try EditorClient.opening(uri, language: "json", text: text)
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position(0, 4)])
        let value = ((response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(value == #"**Read as Firebase Cloud Messaging** (`fcm`) because its "message" holds "token", which only an FCM message has. Weighed against Skygear."#)
        #expect(try client.shutDown() == 0)
    }

    /// An SNS message: the APNs payload is JSON inside a JSON string; diagnostics, hover and the quick fix are at their
    /// places inside it, and the fix is written escaped.
    @Test func insideAnSNSString() throws {
        let uri = "file:///tmp/apns-lint-lsp/sns.json"
        let text = #"{"default": "hi", "APNS": "{\"aps\":{\"alert\":\"hi\",\"badge\":\"3\"}}"}"#
        let (client, diagnostics) = try EditorClient.opening(uri, language: "json", text: text)
        #expect(diagnostics.map { $0["code"] as? String } == ["badge-invalid"])
        #expect(diagnostics.map { bounds($0["range"]) } == [[0, 64, 0, 69]])
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": position(0, 56)])
        let value = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(value?.hasPrefix("**`badge`**: a key of `aps`") == true)
        let actions = try client.codeActions(uri, diagnostics: diagnostics, only: ["quickfix"])
        let fixed = applying(edits(of: try #require(actions.first), uri: uri), to: text)
        #expect(fixed == #"{"default": "hi", "APNS": "{\"aps\":{\"alert\":\"hi\",\"badge\":3}}"}"#)
        client.change(uri, version: 2, [["text": fixed]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func jsonHasNoDisableAction() throws {
        let (client, diagnostics) = try EditorClient.opening(LSPSessionTests.uri, language: "json", text: LSPSessionTests.badJSON)
        let titles = try client.codeActions(LSPSessionTests.uri, diagnostics: diagnostics).compactMap { $0["title"] as? String }
        #expect(!titles.contains { $0.hasPrefix("Disable") })
        #expect(try client.shutDown() == 0)
    }

    @Test func erlangDocumentsAreLinted() throws {
        let uri = "file:///tmp/apns-lint-lsp/push.erl"
        let text = "%% a push\n#{aps => #{alert => <<\"Hi\">>, badge => <<\"3\">>}}.\n"
        let (client, diagnostics) = try EditorClient.opening(uri, language: "erlang", text: text)
        #expect(!diagnostics.isEmpty)
        let reference = Linter().lint(SourceText(text), fileName: "push.erl", format: .erlang)
        #expect(diagnostics.map { $0["code"] as? String } == reference.diagnostics.map(\.ruleID))
        #expect(try client.shutDown() == 0)
    }

    @Test func hoverOnAKeyAndOnAFinding() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        client.open(LSPSessionTests.uri, language: "json", text: LSPSessionTests.badJSON)
        _ = try client.diagnostics(for: LSPSessionTests.uri)
        // On the key `badge` (line 3, `    "badge": "3"`).
        var response = try client.request("textDocument/hover", ["textDocument": ["uri": LSPSessionTests.uri], "position": position(3, 7)])
        var hover = try #require(response["result"] as? [String: Any])
        var value = try #require((hover["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.hasPrefix("**`badge`**: a key of `aps`"))
        #expect(value.contains("APNs expects an integer"))
        #expect(value.contains("[`badge-invalid`](https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md)"))
        #expect(bounds(hover["range"]) == [3, 4, 3, 11])
        // On the finding (the value "3").
        response = try client.request("textDocument/hover", ["textDocument": ["uri": LSPSessionTests.uri], "position": position(3, 14)])
        hover = try #require(response["result"] as? [String: Any])
        value = try #require((hover["contents"] as? [String: Any])?["value"] as? String)
        #expect(value.hasPrefix("**badge-invalid** (error): "))
        #expect(value.contains(APNSLintTool.documentationURL(forRule: "badge-invalid")))
        #expect(bounds(hover["range"]) == [3, 13, 3, 16])
        // Nothing to say on a brace.
        response = try client.request("textDocument/hover", ["textDocument": ["uri": LSPSessionTests.uri], "position": position(0, 0)])
        #expect(response["result"] is NSNull)
        #expect(try client.shutDown() == 0)
    }

    @Test func theNearestConfigurationAppliesAndIsReloaded() throws {
        let directory = try workspace(["alert.json": LSPSessionTests.badJSON])
        defer { try? FileManager.default.removeItem(at: directory) }
        let uri = Document.uri(forPath: directory.appendingPathComponent("alert.json").path)
        let client = EditorClient.inProcess()
        _ = try client.initialize(["rootUri": Document.uri(forPath: directory.path)])
        client.open(uri, language: "json", text: LSPSessionTests.badJSON)
        #expect(try client.diagnostics(for: uri).map { $0["severity"] as? Int } == [1])
        // A configuration appears: the finding becomes a warning once the client says the file changed.
        let configuration = directory.appendingPathComponent(".apns-lint.yml")
        try Data("rules:\n  badge-invalid: warning\n".utf8).write(to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": Document.uri(forPath: configuration.path), "type": 1]]])
        #expect(try client.diagnostics(for: uri).map { $0["severity"] as? Int } == [2])
        try Data("rules:\n  badge-invalid: off\n".utf8).write(to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": Document.uri(forPath: configuration.path), "type": 2]]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        // A configuration that cannot be read is said at the top of the document, and the defaults apply.
        try Data("rules:\n  badge-invalid: sometimes\n".utf8).write(to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": Document.uri(forPath: configuration.path), "type": 2]]])
        let diagnostics = try client.diagnostics(for: uri)
        #expect(diagnostics.map { $0["code"] as? String } == [nil, "badge-invalid"])
        #expect((diagnostics.first?["message"] as? String)?.hasPrefix("the configuration cannot be read") == true)
        #expect(try client.shutDown() == 0)
    }

    @Test func inlineSettingsThatCannotBeReadAreSaidOnEveryDocument() throws {
        for (settings, message) in [
            (["rules": ["badge-invalid": "sometimes"]] as Any, "initializationOptions.settings"),
            (["include": ["*.json"]] as Any, "may hold only rules, select, extend-select, ignore, headers, platforms, serializer, size-limit-profile, dialect"),
            ("off" as Any, "must be an object"),
        ] {
            let client = EditorClient.inProcess()
            _ = try client.initialize(["initializationOptions": ["settings": settings]])
            client.open(LSPSessionTests.uri, language: "json", text: LSPSessionTests.badJSON)
            let diagnostics = try client.diagnostics(for: LSPSessionTests.uri)
            #expect(diagnostics.map { $0["code"] as? String } == [nil, "badge-invalid"])
            let text = diagnostics.first?["message"] as? String ?? ""
            #expect(text.hasPrefix("the client's settings cannot be read, so they are left out: initializationOptions.settings") && text.contains(message), "\(text)")
            #expect(try client.shutDown() == 0)
        }
    }

    @Test func savingAnOpenConfigurationAppliesIt() throws {
        let directory = try workspace(["alert.json": LSPSessionTests.badJSON, ".apns-lint.yml": "rules: {}\n"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let uri = Document.uri(forPath: directory.appendingPathComponent("alert.json").path)
        let configuration = directory.appendingPathComponent(".apns-lint.yml")
        let configurationURI = Document.uri(forPath: configuration.path)
        let client = EditorClient.inProcess()
        _ = try client.initialize(["rootUri": Document.uri(forPath: directory.path)])
        client.open(uri, language: "json", text: LSPSessionTests.badJSON)
        #expect(try client.diagnostics(for: uri).map { $0["severity"] as? Int } == [1])
        // The configuration itself is not linted as a definition, even where `include` would name it.
        client.open(configurationURI, language: "yaml", text: "rules: {}\n")
        #expect(try client.diagnostics(for: configurationURI).isEmpty)
        let text = "include: [\"*.yml\", \"*.json\"]\nrules:\n  badge-invalid: info\n"
        client.change(configurationURI, version: 2, [["text": text]])
        #expect(try client.diagnostics(for: configurationURI).isEmpty)
        try Data(text.utf8).write(to: configuration)
        client.notify("textDocument/didSave", ["textDocument": ["uri": configurationURI]])
        #expect(try client.diagnostics(for: uri).map { $0["severity"] as? Int } == [3])
        // `workspace/didChangeConfiguration` with apns-lint's settings: here, no configuration file at all.
        client.notify("workspace/didChangeConfiguration", ["settings": ["apns-lint": ["isolated": true]]])
        #expect(try client.diagnostics(for: uri).map { $0["severity"] as? Int } == [1])
        #expect(try client.diagnostics(for: configurationURI).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    /// Issue 38: a finding about a header the configuration gives is published on the configuration file, at its
    /// line, never at the start of the definition; it goes when the header is mended.
    @Test func aFindingAboutAConfiguredHeaderIsShownInTheConfiguration() throws {
        let text = "headers:\n  apns-topic: bad topic\n"
        let directory = try workspace(["sync.json": #"{"aps": {"alert": "Hi"}}"#, ".apns-lint.yml": text])
        defer { try? FileManager.default.removeItem(at: directory) }
        let uri = Document.uri(forPath: directory.appendingPathComponent("sync.json").path)
        let configuration = directory.appendingPathComponent(".apns-lint.yml")
        let configurationURI = Document.uri(forPath: configuration.path)
        let client = EditorClient.inProcess()
        _ = try client.initialize(["rootUri": Document.uri(forPath: directory.path)])
        client.open(uri, language: "json", text: #"{"aps": {"alert": "Hi"}}"#)
        let placed = try client.diagnostics(for: configurationURI)
        #expect(placed.map { $0["code"] as? String } == ["topic-invalid"])
        #expect(placed.map { bounds($0["range"]) } == [[1, 14, 1, 14]])
        #expect((placed.first?["message"] as? String)?.hasPrefix(#"apns-topic "bad topic" holds whitespace, which never appears in a bundle ID; APNs rejects the request with 400 BadTopic (the request for sync.json)"#) == true)
        #expect(try client.diagnostics(for: uri).isEmpty)
        // Mended and saved: the configuration's finding goes.
        try Data("headers:\n  apns-topic: com.example.app\n".utf8).write(to: configuration)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": configurationURI, "type": 2]]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        #expect(try client.diagnostics(for: configurationURI).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func initializationOptionsChooseTheConfiguration() throws {
        let directory = try workspace([
            "alert.json": LSPSessionTests.badJSON,
            ".apns-lint.yml": "rules:\n  badge-invalid: off\n",
            "strict.yml": "rules:\n  badge-invalid: info\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let uri = Document.uri(forPath: directory.appendingPathComponent("alert.json").path)
        let cases: [([String: Any], [Int])] = [
            ([:], []),
            (["isolated": true], [1]),
            (["configuration": "strict.yml"], [3]),
            // Inline settings go on top of the nearest configuration, as the command line's options do.
            (["settings": ["rules": ["badge-invalid": "warning"]]], [2]),
            (["configuration": "strict.yml", "settings": ["rules": ["badge-invalid": "error"]]], [1]),
        ]
        for (options, severities) in cases {
            let client = EditorClient.inProcess()
            _ = try client.initialize(["rootUri": Document.uri(forPath: directory.path), "initializationOptions": options])
            client.open(uri, language: "json", text: LSPSessionTests.badJSON)
            #expect(try client.diagnostics(for: uri).map { $0["severity"] as? Int } == severities, "\(options)")
            #expect(try client.shutDown() == 0)
        }
    }
}
