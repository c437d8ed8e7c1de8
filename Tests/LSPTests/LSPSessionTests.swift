@testable import APNSLintLSP
import Foundation
import Testing

/// An editor's session with the server, checked message by message.
@Suite struct LSPSessionTests {
    static let uri = "file:///tmp/apns-lint-lsp/push/alert.json"
    static let badJSON = """
        {
          "aps": {
            "alert": "Hi",
            "badge": "3"
          }
        }

        """

    @Test func initializeAdvertisesTheCapabilities() throws {
        let client = EditorClient.inProcess()
        let response = try client.initialize()
        let result = try #require(response["result"] as? [String: Any])
        let capabilities = try #require(result["capabilities"] as? [String: Any])
        let sync = try #require(capabilities["textDocumentSync"] as? [String: Any])
        #expect(sync["openClose"] as? Bool == true)
        #expect(sync["change"] as? Int == 2)
        #expect(sync["save"] != nil)
        let codeActions = try #require(capabilities["codeActionProvider"] as? [String: Any])
        #expect(codeActions["codeActionKinds"] as? [String] == ["quickfix", "source.fixAll.apns-lint"])
        #expect(capabilities["hoverProvider"] as? Bool == true)
        #expect((result["serverInfo"] as? [String: Any])?["name"] as? String == "apns-lint")
        #expect(try client.shutDown() == 0)
    }

    /// initialize → initialized → didOpen → diagnostics → codeAction → the edit applied → didChange → no diagnostics →
    /// shutdown → exit.
    /// Issue 37: an editor gives `.apns` files no language of its own (Neovim: none; VS Code: plaintext); the server
    /// goes by the extension and reads it as the Simulator does.
    @Test("a Simulator .apns file is linted whatever language the editor gives it", arguments: ["", "plaintext", "json"])
    func simulatorFileIsLinted(language: String) throws {
        let uri = "file:///tmp/apns-lint-lsp/welcome.apns"
        let (_, diagnostics) = try EditorClient.opening(uri, language: language, text: #"{"aps": {"alert": "Welcome"}}"#)
        #expect(diagnostics.map { $0["code"] as? String } == ["simulator-target-bundle-missing"])
        #expect(diagnostics.map { bounds($0["range"]) } == [[0, 0, 0, 1]])
        // Information (3): the file may be pushed with simctl, which names the bundle (issue 51).
        #expect(diagnostics.first?["severity"] as? Int == 3)
    }

    @Test func quickFixClearsTheDiagnostic() throws {
        let (client, diagnostics) = try EditorClient.opening(Self.uri, language: "json", text: Self.badJSON)
        #expect(diagnostics.count == 1)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic["code"] as? String == "badge-invalid")
        #expect(diagnostic["severity"] as? Int == 1)
        #expect(diagnostic["source"] as? String == "apns-lint")
        #expect(bounds(diagnostic["range"]) == [3, 13, 3, 16])
        #expect((diagnostic["codeDescription"] as? [String: Any])?["href"] as? String
            == "https://github.com/apns-lint/apns-lint/blob/main/Rules/badge-invalid.md")
        #expect((diagnostic["message"] as? String)?.hasPrefix("\"badge\" must be a whole number") == true)

        let actions = try client.codeActions(Self.uri, diagnostics: diagnostics)
        #expect(actions.map { $0["title"] as? String } == ["write 3", "Fix all safe problems", "Fix all safe problems"])
        #expect(actions.map { $0["kind"] as? String } == ["quickfix", "quickfix", "source.fixAll.apns-lint"])
        let fix = actions[0]
        #expect(fix["isPreferred"] as? Bool == true)
        #expect((fix["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "badge-invalid")
        let edits = edits(of: fix, uri: Self.uri)
        #expect(edits.map { bounds($0["range"]) } == [[3, 13, 3, 16]])
        let fixed = applying(edits, to: Self.badJSON)
        #expect(fixed.contains(#""badge": 3"#))

        client.change(Self.uri, version: 2, [["text": fixed]])
        #expect(try client.diagnostics(for: Self.uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func anUnsafeFixIsLabelledAndNotPreferred() throws {
        let text = #"{"aps": {"alert": "Hi", "badge": 1, "badge": 2}}"#
        let (client, diagnostics) = try EditorClient.opening(Self.uri, language: "json", text: text)
        let duplicate = try #require(diagnostics.first { $0["code"] as? String == "duplicate-key" })
        #expect((duplicate["data"] as? [String: Any]).flatMap { $0["fix"] as? [String: Any] }?["applicability"] as? String == "unsafe")
        let actions = try client.codeActions(Self.uri, diagnostics: [duplicate])
        let fix = try #require(actions.first)
        #expect((fix["title"] as? String)?.hasSuffix(" (unsafe)") == true)
        #expect(fix["isPreferred"] as? Bool == false)
        // Fix all applies only safe fixes: with none, it is not offered.
        #expect(!actions.contains { $0["title"] as? String == "Fix all safe problems" })
        client.change(Self.uri, version: 2, [["text": applying(edits(of: fix, uri: Self.uri), to: text)]])
        #expect(try client.diagnostics(for: Self.uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func aDiagnosticSentBackAsTheClientKeepsItGetsItsFix() throws {
        let (client, diagnostics) = try EditorClient.opening(Self.uri, language: "json", text: Self.badJSON)
        // Without its source.
        var sent = diagnostics[0]
        sent["source"] = nil
        #expect(try client.codeActions(Self.uri, diagnostics: [sent], only: ["quickfix"]).first?["title"] as? String == "write 3")
        // With a range of the client's own (clamped, say): the fix in its data, published for this version.
        sent["range"] = range(3, 13, 3, 15)
        let actions = try client.codeActions(Self.uri, diagnostics: [sent], only: ["quickfix"])
        #expect(edits(of: actions[0], uri: Self.uri).map { bounds($0["range"]) } == [[3, 13, 3, 16]])
        // After a change, the old diagnostic gets no fix: its edits would land in the wrong place.
        client.change(Self.uri, version: 2, [["range": range(0, 0, 0, 0), "text": "\n"]])
        #expect(try client.diagnostics(for: Self.uri).map { bounds($0["range"]) } == [[4, 13, 4, 16]])
        #expect(try client.codeActions(Self.uri, diagnostics: [sent], only: ["quickfix"]).allSatisfy { $0["title"] as? String != "write 3" })
        #expect(try client.shutDown() == 0)
    }

    @Test func fixAllGivesTheFixersWholeResult() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        let text = #"{"aps": {"alert": "Hi", "badge": "3", "sound": "default",}}"# + "\n"
        client.open(Self.uri, language: "json", text: text)
        #expect(try client.diagnostics(for: Self.uri).map { $0["code"] as? String } == ["badge-invalid", "invalid-json"])
        let actions = try client.codeActions(Self.uri, diagnostics: [], only: ["source.fixAll"])
        #expect(actions.map { $0["kind"] as? String } == ["source.fixAll.apns-lint"])
        let fixed = applying(edits(of: actions[0], uri: Self.uri), to: text)
        #expect(fixed == #"{"aps": {"alert": "Hi", "badge": 3, "sound": "default"}}"# + "\n")
        client.change(Self.uri, version: 2, [["text": fixed]])
        #expect(try client.diagnostics(for: Self.uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func closingADocumentClearsItsDiagnostics() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        client.open(Self.uri, language: "json", text: Self.badJSON)
        #expect(try client.diagnostics(for: Self.uri).count == 1)
        client.notify("textDocument/didClose", ["textDocument": ["uri": Self.uri]])
        #expect(try client.diagnostics(for: Self.uri).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func aFileThatIsNoDefinitionIsNotLinted() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        let uri = "file:///tmp/apns-lint-lsp/package.json"
        client.open(uri, language: "json", text: #"{"name": "app", "version": "1.0.0"}"#)
        #expect(try client.diagnostics(for: uri).isEmpty)
        // A JSON Lines stream is left to `apns-lint check`.
        let stream = "file:///tmp/apns-lint-lsp/sent.jsonl"
        client.open(stream, language: "json", text: #"{"aps": {"badge": "3"}}"# + "\n")
        #expect(try client.diagnostics(for: stream).isEmpty)
        #expect(try client.shutDown() == 0)
    }

    @Test func notesWithAPlaceAreRelatedInformation() throws {
        let (client, diagnostics) = try EditorClient.opening(Self.uri, language: "json", text: #"{"aps": {"alert": "Hi", "badge": 1, "badge": 2}}"#)
        let duplicate = try #require(diagnostics.first { $0["code"] as? String == "duplicate-key" })
        let related = try #require(duplicate["relatedInformation"] as? [[String: Any]])
        #expect(related.count == 1)
        let location = try #require(related.first?["location"] as? [String: Any])
        #expect(location["uri"] as? String == Self.uri)
        // The finding is at one "badge", its note at the other.
        #expect(Set([bounds(duplicate["range"]), bounds(location["range"])]) == [[0, 24, 0, 31], [0, 36, 0, 43]])
        #expect(try client.shutDown() == 0)
    }
}
