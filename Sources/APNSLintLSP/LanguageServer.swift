import APNSLint
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// JSON-RPC and LSP error codes.
enum ErrorCode: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case serverNotInitialized = -32002
}

/// `apns-lint lsp`: a Language Server (LSP 3.17) over a pair of file descriptors (standard input and output for an
/// editor, pipes for the tests). It lints every open JSON, YAML and Erlang definition on each change and publishes the
/// findings, offers their fixes as code actions, and explains keys and findings on hover. See docs/lsp.md.
///
/// One thread runs `run()`; every message is handled to its end before the next is read, so the state needs no lock.
public final class LanguageServer: @unchecked Sendable {
    private let reader: MessageReader
    let writer: MessageWriter

    private enum State {
        case uninitialized, running, shutDown
    }

    private var state = State.uninitialized
    var documents: [String: Document] = [:]
    /// The last report of each open document that was linted (nil: skipped, not a definition), for code actions and
    /// hover.
    var reports: [String: LintOutcome] = [:]
    /// Findings placed in a configuration file (a header it gives is wrong for an open definition), published on that
    /// file's URI: configuration URI → definition URI → its LSP diagnostics.
    var configurationFindings: [String: [String: [LSPDiagnostic]]] = [:]
    var settings = ServerSettings()
    var workspace: Workspace
    /// What is wrong with the client's inline settings (`ServerSettings`), said on every document.
    var settingsProblem: ConfigurationError?
    private var nextRequestID = 1

    /// - Parameters:
    ///   - input: where messages come from (standard input: 0).
    ///   - output: where messages go (standard output: 1). Nothing else is written there; logs go to standard error.
    ///   - currentDirectory: the directory a relative configuration path is resolved against before the client names
    ///     its workspace root.
    public init(input: Int32 = 0, output: Int32 = 1, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        reader = MessageReader(descriptor: input)
        writer = MessageWriter(descriptor: output)
        settings.root = currentDirectory
        workspace = Workspace(currentDirectory: currentDirectory)
    }

    /// Serves until `exit` (or the end of input). Returns the exit code: 0 when `shutdown` came before, 1 otherwise.
    public func run() -> Int32 {
        while let frame = reader.next() {
            switch frame {
            case .badHeader(let problem):
                Log.error("skipped a message: \(problem)")
                sendError(id: .null, .parseError, "invalid message framing: \(problem)")
            case .message(let content):
                if let code = handle(content) { return code }
            }
        }
        // The input ended without `exit`.
        return state == .shutDown ? 0 : 1
    }

    // MARK: Dispatch

    /// Handles one message; the exit code when it was `exit`.
    private func handle(_ content: [UInt8]) -> Int32? {
        let message: JSONValue
        do {
            message = try JSONValue.parse(content)
        } catch {
            sendError(id: .null, .parseError, "the message is not JSON: \(error)")
            return nil
        }
        switch Incoming(message) {
        case .request(let id, let method, let params):
            request(method, id: id, params: params)
        case .notification(let method, let params):
            return notification(method, params: params)
        case .response:
            break
        case .invalid(let id, let code, let text):
            sendError(id: id, code, text)
        }
        return nil
    }

    private func request(_ method: String, id: JSONValue, params: JSONValue) {
        switch state {
        case .uninitialized where method != "initialize":
            return sendError(id: id, .serverNotInitialized, "the server is not initialized: send initialize first")
        case .shutDown:
            return sendError(id: id, .invalidRequest, "the server is shut down: only exit is accepted")
        default: break
        }
        switch method {
        case "initialize":
            guard state == .uninitialized else { return sendError(id: id, .invalidRequest, "initialize was already received") }
            state = .running
            reply(id: id, result: initialize(InitializeParams(params)))
        case "shutdown":
            state = .shutDown
            reply(id: id, result: .null)
        case "textDocument/codeAction":
            guard let request = CodeActionParams(params) else {
                return sendError(id: id, .invalidParams, "codeAction needs textDocument.uri and range")
            }
            reply(id: id, result: .array(codeActions(request).map(\.json)))
        case "textDocument/hover":
            guard let request = HoverParams(params) else {
                return sendError(id: id, .invalidParams, "hover needs textDocument.uri and position")
            }
            reply(id: id, result: hover(uri: request.uri, position: request.position)?.json ?? .null)
        default:
            sendError(id: id, .methodNotFound, "apns-lint does not handle \(method)")
        }
    }

    private func notification(_ method: String, params: JSONValue) -> Int32? {
        if method == "exit" { return state == .shutDown ? 0 : 1 }
        // Before initialize, notifications are dropped; `$/` ones (cancelRequest, setTrace, progress) may be ignored.
        guard state == .running, !method.hasPrefix("$/") else { return nil }
        switch method {
        case "initialized":
            registerConfigurationWatcher()
        case "textDocument/didOpen":
            guard let opened = DidOpenParams(params) else { return invalid(method) }
            documents[opened.document.uri] = opened.document
            publish(opened.document.uri)
        case "textDocument/didChange":
            guard let change = DidChangeParams(params), var document = documents[change.uri] else { return invalid(method) }
            for edit in change.changes { document.apply(range: edit.range, text: edit.text) }
            document.version = change.version ?? document.version
            documents[change.uri] = document
            publish(change.uri)
        case "textDocument/didSave":
            guard let uri = TextDocumentParams(params)?.uri, let document = documents[uri] else { return invalid(method) }
            // Saving a configuration file open in the editor applies it, as a watched change would.
            if document.isConfigurationFile {
                reloadConfiguration()
            } else {
                publish(uri)
            }
        case "textDocument/didClose":
            guard let uri = TextDocumentParams(params)?.uri else { return invalid(method) }
            documents[uri] = nil
            reports[uri] = nil
            publishDiagnostics(PublishDiagnosticsParams(uri: uri, diagnostics: configurationDiagnostics(at: uri)))
            publishConfigurationFindings(of: uri, [], report: nil)
        case "workspace/didChangeWatchedFiles":
            reloadConfiguration()
        case "workspace/didChangeConfiguration":
            if let options = ServerOptions(changed: params) {
                settings.apply(options)
                reloadConfiguration()
            }
        default:
            break   // An unknown notification is ignored, as the protocol asks.
        }
        return nil
    }

    private func invalid(_ method: String) -> Int32? {
        Log.error("ignored \(method): its params are not what LSP specifies (or the document is not open)")
        return nil
    }

    // MARK: Lifecycle

    private func initialize(_ params: InitializeParams) -> JSONValue {
        if let root = params.root { settings.root = root }
        if let options = params.options { settings.apply(options) }
        settings.canRegisterWatcher = params.canRegisterWatcher
        (workspace, settingsProblem) = settings.makeWorkspace()
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "codeActionProvider": ["codeActionKinds": [.string(CodeActionKind.quickFix), .string(CodeActionKind.fixAll)], "resolveProvider": false],
                "hoverProvider": true,
            ],
            "serverInfo": ["name": .string(APNSLintTool.name), "version": .string(APNSLintTool.version)],
        ]
    }

    /// Asks the client to watch the configuration files and the app's (its project, Info.plists, entitlements, strings),
    /// when it can register watchers itself; otherwise the client's own setup sends `workspace/didChangeWatchedFiles`
    /// (or not). A change reads them again; an unchanged app is not read again.
    private func registerConfigurationWatcher() {
        guard settings.canRegisterWatcher else { return }
        let appFiles = ["**/*.pbxproj", "**/*.xcconfig", "**/project.yml", "**/Info.plist", "**/*.entitlements", "**/Localizable.*",
                        // Sources register categories and declare Live Activity types; sounds are the app's too.
                        "**/*.{swift,m,mm}", "**/*.{caf,wav,aif,aiff}"]
        let watchers = (ConfigurationFile.names.map { "**/" + $0 } + appFiles).map { ["globPattern": .string($0)] as JSONValue }
        sendRequest("client/registerCapability", ["registrations": [[
            "id": "apns-lint-configuration",
            "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": .array(watchers)],
        ]]])
    }

    /// Reads the configuration files again and lints every open document with them.
    func reloadConfiguration() {
        (workspace, settingsProblem) = settings.makeWorkspace()
        for uri in documents.keys.sorted() { publish(uri) }
    }

    // MARK: Sending

    func reply(id: JSONValue, result: JSONValue) {
        writer.send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    func sendError(id: JSONValue, _ code: ErrorCode, _ message: String) {
        writer.send(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]])
    }

    func publishDiagnostics(_ params: PublishDiagnosticsParams) {
        writer.send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params.json])
    }

    private func sendRequest(_ method: String, _ params: JSONValue) {
        writer.send(["jsonrpc": "2.0", "id": "apns-lint-\(nextRequestID)", "method": .string(method), "params": params])
        nextRequestID += 1
    }
}
