import APNSLint
@testable import APNSLintLSP
import Foundation
import Testing

/// The typed messages: what a message is taken for, what its params decode to, and the bytes a response is written as
/// (those `JSONSerialization` writes with sorted keys and slashes left alone, as the server wrote before its messages
/// were typed).
@Suite struct LSPMessagesTests {
    static func incoming(_ text: String) throws -> Incoming { Incoming(try JSONValue.parse(Array(text.utf8))) }

    @Test func envelopes() throws {
        guard case .request(.int(3), "shutdown", [:]) = try Self.incoming(#"{"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": [1]}"#) else {
            Issue.record("a request")
            return
        }
        guard case .notification("exit", [:]) = try Self.incoming(#"{"jsonrpc": "2.0", "method": "exit"}"#) else {
            Issue.record("a notification")
            return
        }
        guard case .response = try Self.incoming(#"{"jsonrpc": "2.0", "id": "apns-lint-1", "result": null}"#) else {
            Issue.record("a response")
            return
        }
        guard case .invalid(.string("x"), .invalidRequest, _) = try Self.incoming(#"{"id": "x", "method": "shutdown"}"#),
              case .invalid(.null, .invalidRequest, _) = try Self.incoming(#"{"jsonrpc": "2.0", "id": true, "method": "shutdown"}"#),
              case .invalid(.null, .invalidRequest, _) = try Self.incoming("[]") else {
            Issue.record("invalid messages")
            return
        }
    }

    @Test func paramsDecode() throws {
        let change = try #require(DidChangeParams(try JSONValue.parse(Array(#"""
            {"textDocument": {"uri": "file:///a.json", "version": 4},
             "contentChanges": [{"text": "x"}, {"range": {"start": {"line": 0, "character": 1}, "end": {"line": 0, "character": 2}}, "text": "y"}]}
            """#.utf8))))
        #expect(change.uri == "file:///a.json" && change.version == 4)
        #expect(change.changes.map(\.text) == ["x", "y"] && change.changes[0].range == nil && change.changes[1].range?.end.character == 2)
        // A change without text: the whole notification is not what LSP specifies.
        #expect(DidChangeParams(["textDocument": ["uri": "file:///a.json"], "contentChanges": [["range": [:]]]]) == nil)
        let initialize = InitializeParams(["workspaceFolders": [["uri": "file:///w%20s"]], "rootUri": "file:///r",
                                           "capabilities": ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]],
                                           "initializationOptions": ["isolated": true, "settings": ["rules": ["b": "off", "a": 1]]]])
        #expect(initialize.root == "/w s" && initialize.canRegisterWatcher)
        #expect(initialize.options?.isolated == true && initialize.options?.settings == #"{"rules":{"a":1,"b":"off"}}"#)
        let actions = try #require(CodeActionParams(["textDocument": ["uri": "u"], "range": LSPRange.start.json,
                                                     "context": ["only": ["quickfix", 1], "diagnostics": [["code": "r", "data": ["version": 2]]]]]))
        #expect(actions.only == nil && actions.diagnostics.first?.ruleID == "r" && actions.diagnostics.first?.publishedVersion == 2)
    }

    @Test func responsesAreWrittenAsJSONSerializationWritesThem() throws {
        let edit = LSPTextEdit(range: LSPRange(start: LSPPosition(line: 1, character: 2), end: LSPPosition(line: 1, character: 3)), newText: "a/\"é\"")
        let diagnostic = LSPDiagnostic(range: .start, severity: 2, code: "badge-invalid", message: "m\nnote: n",
                                       relatedInformation: [.init(uri: "file:///x", range: .start, message: "here")], version: 3,
                                       fix: PublishedFix(title: "t", applicability: "safe", edits: [edit.json]))
        let params = PublishDiagnosticsParams(uri: "file:///a.json", diagnostics: [diagnostic, LSPDiagnostic(range: .start, severity: 1, message: "c")], version: 3)
        let written = params.json.serialized(.sortedCompact)
        let object = try JSONSerialization.jsonObject(with: Data(written.utf8))
        let foundation = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(written == String(decoding: foundation, as: UTF8.self))
        #expect(written.hasPrefix(#"{"diagnostics":[{"code":"badge-invalid","codeDescription":{"href":"#))
        #expect(written.hasSuffix(#"{"message":"c","range":{"end":{"character":0,"line":0},"start":{"character":0,"line":0}},"severity":1,"source":"apns-lint"}],"uri":"file:///a.json","version":3}"#))
    }
}
