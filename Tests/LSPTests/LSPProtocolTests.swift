@testable import APNSLintLSP
import APNSLintTestSupport
import Foundation
import Testing

/// What the server answers to messages it cannot use, and the lifecycle's rules: it answers and keeps running.
@Suite struct LSPProtocolTests {
    static func errorCode(_ response: [String: Any]) -> Int? {
        (response["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func requestsBeforeInitializeAreRefused() throws {
        let client = EditorClient.inProcess()
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///a.json"], "position": position(0, 0)])
        #expect(Self.errorCode(response) == -32002)
        _ = try client.initialize()
        #expect(try client.shutDown() == 0)
    }

    @Test func malformedMessagesGetErrorsAndTheServerKeepsRunning() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        // Not JSON: a parse error with id null.
        client.sendFramed(#"{"jsonrpc": "2.0", "id": 7, "method": "#)
        var response = try client.receive { $0["error"] != nil }
        #expect(Self.errorCode(response) == -32700)
        #expect(response["id"] is NSNull)
        // JSON, but no request: invalid request.
        client.sendFramed(#"[1, 2]"#)
        response = try client.receive { $0["error"] != nil }
        #expect(Self.errorCode(response) == -32600)
        client.sendFramed(#"{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}"#)
        response = try client.receive { $0["error"] != nil }
        #expect(Self.errorCode(response) == -32600)
        #expect(response["id"] is NSNull)
        client.sendFramed(#"{"id": 8, "method": "textDocument/hover"}"#)
        response = try client.receive { $0["error"] != nil }
        #expect(Self.errorCode(response) == -32600)
        #expect(response["id"] as? Int == 8)
        // A header part without Content-Length is skipped; the next message is read.
        client.sendRaw("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n")
        response = try client.receive { $0["error"] != nil }
        #expect(Self.errorCode(response) == -32700)
        client.sendRaw("garbage\r\n")
        // An unknown request: method not found, with its id.
        response = try client.request("textDocument/formatting", ["textDocument": ["uri": "file:///a.json"]])
        #expect(Self.errorCode(response) == -32601)
        // Unknown notifications and `$/` ones are ignored: the next request is the next answer.
        client.notify("workspace/somethingNew", [:])
        client.notify("$/cancelRequest", ["id": 1])
        client.notify("$/setTrace", ["value": "off"])
        response = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///none.json"], "position": position(0, 0)])
        #expect(response["result"] is NSNull)
        #expect(client.pending.isEmpty)
        #expect(try client.shutDown() == 0)
    }

    /// Content of every kind the server may be sent by a broken client: each gets an error with id null (or is
    /// ignored), and the server still answers afterwards.
    @Test func garbageNeverStopsTheServer() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        var generator = SystemRandomNumberGenerator()
        var contents = ["", "null", "true", "42", "\"text\"", "{", "}", "{}", #"{"jsonrpc": "2.0"}"#, #"{"method": 3}"#,
                        #"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 5}}"#,
                        #"{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {"textDocument": {"uri": "file:///x.json"}}}"#,
                        #"{"jsonrpc": "2.0", "id": 99, "method": "textDocument/codeAction", "params": {}}"#,
                        #"{"jsonrpc": "2.0", "id": 100, "method": "textDocument/hover", "params": {"textDocument": {"uri": 1}}}"#]
        for _ in 0..<20 {
            contents.append(String(decoding: (0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) },
                                   as: UTF8.self))
        }
        for content in contents { client.sendFramed(content) }
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///none.json"], "position": position(0, 0)])
        #expect(response["result"] is NSNull)
        let errors = client.pending.compactMap { Self.errorCode($0) }
        #expect(Set(errors).isSubset(of: [-32700, -32600, -32602]))
        #expect(errors.filter { $0 == -32602 }.count == 2)
        #expect(try client.shutDown() == 0)
    }

    /// A header line of garbage (no line break for a long way) is reported by its start and the next message read;
    /// the reader keeps only the start of such a line, whatever its length.
    @Test func aHeaderLineOfGarbageIsReportedAndTheNextMessageRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("apns-lint-frames-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let message = #"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#
        let garbage = String(repeating: "x", count: MessageReader.maximumHeaderLine * 40)
        let framed = "\(garbage)\r\n\r\nContent-Length: \(message.utf8.count)\r\n\r\n\(message)"
        try Data(framed.utf8).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        let reader = MessageReader(descriptor: descriptor)
        guard case .badHeader(let problem) = reader.next() else { Issue.record("expected a bad header"); return }
        #expect(problem == "no usable Content-Length header: a header line without ':' (\(String(repeating: "x", count: 40))…)")
        guard case .message(let content) = reader.next() else { Issue.record("expected the message"); return }
        #expect(String(decoding: content, as: UTF8.self) == message)
        #expect(reader.next() == nil)
    }

    @Test func requestsAfterShutdownAreInvalid() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        #expect(try client.request("shutdown")["result"] is NSNull)
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///a.json"], "position": position(0, 0)])
        #expect(Self.errorCode(response) == -32600)
        #expect(Self.errorCode(try client.request("shutdown")) == -32600)
        #expect(client.exit() == 0)
    }

    @Test func exitWithoutShutdownExitsWithOne() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize()
        #expect(client.exit() == 1)
    }

    @Test func aClientThatCanRegisterWatchersIsAskedToWatchTheConfiguration() throws {
        let client = EditorClient.inProcess()
        _ = try client.initialize(["capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]])
        let request = try client.receive { $0["method"] as? String == "client/registerCapability" }
        let registration = try #require(((request["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first)
        #expect(registration["method"] as? String == "workspace/didChangeWatchedFiles")
        let watchers = (registration["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        #expect(watchers?.map { $0["globPattern"] as? String } == ["**/.apns-lint.yml", "**/.apns-lint.yaml", "**/*.pbxproj", "**/*.xcconfig",
                                                                  "**/project.yml", "**/Info.plist", "**/*.entitlements", "**/Localizable.*",
                                                                  "**/*.{swift,m,mm}", "**/*.{caf,wav,aif,aiff}"])
        // The client's response is taken without an answer.
        client.sendFramed(#"{"jsonrpc": "2.0", "id": "\#(request["id"] as? String ?? "")", "result": null}"#)
        #expect(try client.shutDown() == 0)
    }

    /// The built binary, as an editor starts it: initialize, shutdown, exit, and exit code 0.
    @Test func theBinaryServesOverStandardInputAndOutput() throws {
        let client = try EditorClient.spawned(binary)
        let response = try client.initialize()
        #expect((response["result"] as? [String: Any])?["capabilities"] != nil)
        client.open(LSPSessionTests.uri, language: "json", text: LSPSessionTests.badJSON)
        #expect(try client.diagnostics(for: LSPSessionTests.uri).map { $0["code"] as? String } == ["badge-invalid"])
        #expect(try client.shutDown() == 0)
    }
}
