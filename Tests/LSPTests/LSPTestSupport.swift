@testable import APNSLintLSP
import Foundation
import Testing

/// An editor's side of a session: it talks to a server over pipes, message by message. The server runs in-process on
/// its own thread (`inProcess`), or is the built `apns-lint lsp` (`spawned`).
final class EditorClient: @unchecked Sendable {
    private let reader: MessageReader
    private let toServer: Pipe
    /// Kept so that its descriptors stay open (a pipe closes them when it goes).
    private let fromServer: Pipe
    private let waitForExit: () -> Int32?
    /// The server's exit code, once it has exited.
    private var exited: Int32?
    private var nextID = 1
    /// Notifications and requests from the server that arrived while waiting for something else.
    private(set) var pending: [[String: Any]] = []

    private init(toServer: Pipe, fromServer: Pipe, exitCode: @escaping () -> Int32?) {
        self.toServer = toServer
        self.fromServer = fromServer
        reader = MessageReader(descriptor: fromServer.fileHandleForReading.fileDescriptor)
        reader.timeout = 10_000
        waitForExit = exitCode
    }

    /// A test that ends early (a failed `#require`) leaves the server running: end it before the pipes close, or its
    /// descriptors' numbers, reused by another test's pipes, would have it read that test's messages.
    deinit {
        try? toServer.fileHandleForWriting.close()
        _ = exitCode()
    }

    /// The server's exit code, waiting (up to 10 seconds) for it to exit.
    private func exitCode() -> Int32? {
        if exited == nil { exited = waitForExit() }
        return exited
    }

    /// A server on a thread of this process, reading and writing pipes as it would standard input and output.
    static func inProcess(currentDirectory: String = FileManager.default.currentDirectoryPath) -> EditorClient {
        let toServer = Pipe(), fromServer = Pipe()
        let server = LanguageServer(input: toServer.fileHandleForReading.fileDescriptor,
                                    output: fromServer.fileHandleForWriting.fileDescriptor, currentDirectory: currentDirectory)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var code: Int32?
        Thread {
            code = server.run()
            done.signal()
        }.start()
        return EditorClient(toServer: toServer, fromServer: fromServer) {
            done.wait(timeout: .now() + 10) == .success ? code : nil
        }
    }

    /// An initialized in-process server with one document open, and the diagnostics first published for it.
    static func opening(_ uri: String, language: String, text: String) throws -> (EditorClient, [[String: Any]]) {
        let client = inProcess()
        _ = try client.initialize()
        client.open(uri, language: language, text: text)
        return (client, try client.diagnostics(for: uri))
    }

    /// The built `apns-lint lsp`.
    static func spawned(_ binary: URL) throws -> EditorClient {
        let toServer = Pipe(), fromServer = Pipe()
        let process = Process()
        process.executableURL = binary
        process.arguments = ["lsp"]
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        try process.run()
        return EditorClient(toServer: toServer, fromServer: fromServer) {
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning, Date() < deadline { usleep(10_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// Sends a request and returns its response (other messages that come first are kept in `pending`).
    @discardableResult
    func request(_ method: String, _ params: [String: Any]? = nil) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method]
        if let params { message["params"] = params }
        send(message)
        return try receive { $0["id"] as? Int == id && $0["method"] == nil }
    }

    func notify(_ method: String, _ params: [String: Any]? = nil) {
        var message: [String: Any] = ["jsonrpc": "2.0", "method": method]
        if let params { message["params"] = params }
        send(message)
    }

    /// Writes a message as an editor does, with a JSON library of its own (Foundation's), not the server's writer.
    private func send(_ message: [String: Any]) {
        let content = try! JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        toServer.fileHandleForWriting.write(Data("Content-Length: \(content.count)\r\n\r\n".utf8) + content)
    }

    /// Writes bytes as they are: a malformed message, a broken header.
    func sendRaw(_ text: String) {
        toServer.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Writes `content` with a correct header.
    func sendFramed(_ content: String) {
        sendRaw("Content-Length: \(content.utf8.count)\r\n\r\n" + content)
    }

    /// The next message that `matches`, from those kept or those still to come.
    func receive(where matches: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        if let index = pending.firstIndex(where: matches) { return pending.remove(at: index) }
        while true {
            guard case .message(let content)? = reader.next() else {
                Issue.record("no message from the server in time")
                throw ClientError.noMessage
            }
            let message = try #require(try JSONSerialization.jsonObject(with: Data(content)) as? [String: Any])
            if matches(message) { return message }
            pending.append(message)
        }
    }

    /// The next `publishDiagnostics` for `uri`: its diagnostics.
    func diagnostics(for uri: String) throws -> [[String: Any]] {
        let message = try receive { $0["method"] as? String == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["uri"] as? String) == uri }
        return try #require((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
    }

    func initialize(_ params: [String: Any] = [:]) throws -> [String: Any] {
        var params = params
        if params["capabilities"] == nil { params["capabilities"] = [String: Any]() }
        let response = try request("initialize", params)
        notify("initialized", [:])
        return response
    }

    func open(_ uri: String, language: String, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": language, "version": version, "text": text]])
    }

    func change(_ uri: String, version: Int, _ changes: [[String: Any]]) {
        notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": changes])
    }

    /// `textDocument/codeAction` for `diagnostics` at `range` (the first diagnostic's when nil): the actions.
    func codeActions(_ uri: String, range: Any? = nil, diagnostics: [[String: Any]], only: [String]? = nil) throws -> [[String: Any]] {
        var context: [String: Any] = ["diagnostics": diagnostics]
        if let only { context["only"] = only }
        let response = try request("textDocument/codeAction", [
            "textDocument": ["uri": uri], "range": range ?? diagnostics.first?["range"] ?? LSPTests.range(0, 0, 0, 0), "context": context,
        ])
        return try #require(response["result"] as? [[String: Any]])
    }

    /// Ends the session (shutdown, then exit); the server's exit code.
    func shutDown() throws -> Int32? {
        let response = try request("shutdown")
        #expect(response["result"] is NSNull)
        notify("exit")
        return exitCode()
    }

    /// Sends exit alone; the server's exit code.
    func exit() -> Int32? {
        notify("exit")
        return exitCode()
    }

    enum ClientError: Error {
        case noMessage
    }
}

/// An LSP position or range as JSON.
func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }

func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> [String: Any] {
    ["start": position(startLine, startCharacter), "end": position(endLine, endCharacter)]
}

/// A range read back from JSON as `[startLine, startCharacter, endLine, endCharacter]`, for comparisons.
func bounds(_ json: Any?) -> [Int] {
    guard let range = json as? [String: Any], let start = range["start"] as? [String: Any], let end = range["end"] as? [String: Any] else { return [] }
    return [start["line"], start["character"], end["line"], end["character"]].map { $0 as? Int ?? -1 }
}

/// Applies LSP text edits to a text, as an editor does: positions in UTF-16 code units, edits against the original.
func applying(_ edits: [[String: Any]], to text: String) -> String {
    var units = Array(text.utf16)
    func offset(_ position: [Int]) -> Int {
        var line = 0, index = 0
        while line < position[0], index < units.count {
            if units[index] == 0x0A { line += 1 }
            index += 1
        }
        var character = 0
        while character < position[1], index < units.count, units[index] != 0x0A {
            index += 1
            character += 1
        }
        return index
    }
    let ranges = edits.map { edit -> (Int, Int, String) in
        let b = bounds(edit["range"])
        return (offset([b[0], b[1]]), offset([b[2], b[3]]), edit["newText"] as? String ?? "")
    }
    for (start, end, newText) in ranges.sorted(by: { $0.0 > $1.0 }) {
        units.replaceSubrange(start..<end, with: Array(newText.utf16))
    }
    return String(decoding: units, as: UTF16.self)
}

/// The edits of a code action's workspace edit for `uri`.
func edits(of action: [String: Any], uri: String) -> [[String: Any]] {
    ((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]] ?? []
}

