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
    var configurationFindings: [String: [String: [[String: Any]]]] = [:]
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
                sendError(id: JSONText.null, .parseError, "invalid message framing: \(problem)")
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
        let parsed: Any
        do {
            parsed = try JSONText.parse(content)
        } catch {
            sendError(id: JSONText.null, .parseError, "the message is not JSON: \(error)")
            return nil
        }
        guard let message = parsed as? [String: Any] else {
            sendError(id: JSONText.null, .invalidRequest, "a message must be a JSON object (batches are not part of LSP)")
            return nil
        }
        let id = message["id"]
        let hasValidID = id.map { $0 is String || $0 is Int || $0 is Double } ?? false
        guard let method = message["method"] as? String else {
            // A response to a request this server sent (`client/registerCapability`): nothing to do.
            if hasValidID, message["result"] != nil || message["error"] != nil { return nil }
            sendError(id: hasValidID ? id! : JSONText.null, .invalidRequest, "the message has no method")
            return nil
        }
        if message["jsonrpc"] as? String != "2.0" || (id != nil && !hasValidID) {
            sendError(id: hasValidID ? id! : JSONText.null, .invalidRequest, "not a JSON-RPC 2.0 request (\"jsonrpc\": \"2.0\" and an id that is a number or a string)")
            return nil
        }
        let params = message["params"]
        if let id {
            request(method, id: id, params: params)
            return nil
        }
        return notification(method, params: params)
    }

    private func request(_ method: String, id: Any, params: Any?) {
        switch state {
        case .uninitialized where method != "initialize":
            return sendError(id: id, .serverNotInitialized, "the server is not initialized: send initialize first")
        case .shutDown:
            return sendError(id: id, .invalidRequest, "the server is shut down: only exit is accepted")
        default: break
        }
        let object = params as? [String: Any] ?? [:]
        switch method {
        case "initialize":
            guard state == .uninitialized else { return sendError(id: id, .invalidRequest, "initialize was already received") }
            state = .running
            reply(id: id, result: initialize(object))
        case "shutdown":
            state = .shutDown
            reply(id: id, result: JSONText.null)
        case "textDocument/codeAction":
            guard let uri = Self.uri(in: object), let range = LSPRange(json: object["range"]) else {
                return sendError(id: id, .invalidParams, "codeAction needs textDocument.uri and range")
            }
            reply(id: id, result: codeActions(uri: uri, range: range, context: object["context"] as? [String: Any] ?? [:]))
        case "textDocument/hover":
            guard let uri = Self.uri(in: object), let position = LSPPosition(json: object["position"]) else {
                return sendError(id: id, .invalidParams, "hover needs textDocument.uri and position")
            }
            reply(id: id, result: hover(uri: uri, position: position) ?? JSONText.null)
        default:
            sendError(id: id, .methodNotFound, "apns-lint does not handle \(method)")
        }
    }

    private func notification(_ method: String, params: Any?) -> Int32? {
        if method == "exit" { return state == .shutDown ? 0 : 1 }
        // Before initialize, notifications are dropped; `$/` ones (cancelRequest, setTrace, progress) may be ignored.
        guard state == .running, !method.hasPrefix("$/") else { return nil }
        let object = params as? [String: Any] ?? [:]
        switch method {
        case "initialized":
            registerConfigurationWatcher()
        case "textDocument/didOpen":
            guard let item = object["textDocument"] as? [String: Any], let uri = item["uri"] as? String,
                  let text = item["text"] as? String else { return invalid(method) }
            let document = Document(uri: uri, languageID: item["languageId"] as? String ?? "", version: item["version"] as? Int, text: text)
            documents[uri] = document
            publish(uri)
        case "textDocument/didChange":
            guard let uri = Self.uri(in: object), var document = documents[uri],
                  let changes = object["contentChanges"] as? [[String: Any]] else { return invalid(method) }
            for change in changes {
                guard let text = change["text"] as? String else { return invalid(method) }
                document.apply(range: LSPRange(json: change["range"]), text: text)
            }
            document.version = (object["textDocument"] as? [String: Any])?["version"] as? Int ?? document.version
            documents[uri] = document
            publish(uri)
        case "textDocument/didSave":
            guard let uri = Self.uri(in: object), let document = documents[uri] else { return invalid(method) }
            // Saving a configuration file open in the editor applies it, as a watched change would.
            if document.isConfigurationFile {
                reloadConfiguration()
            } else {
                publish(uri)
            }
        case "textDocument/didClose":
            guard let uri = Self.uri(in: object) else { return invalid(method) }
            documents[uri] = nil
            reports[uri] = nil
            sendNotification("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": configurationDiagnostics(at: uri)])
            publishConfigurationFindings(of: uri, [], report: nil)
        case "workspace/didChangeWatchedFiles":
            reloadConfiguration()
        case "workspace/didChangeConfiguration":
            if let options = (object["settings"] as? [String: Any])?["apns-lint"] as? [String: Any] {
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

    private func initialize(_ params: [String: Any]) -> [String: Any] {
        let rootURI = (params["workspaceFolders"] as? [[String: Any]])?.first?["uri"] as? String ?? params["rootUri"] as? String
        if let root = rootURI.flatMap(Document.path(fromURI:)) ?? params["rootPath"] as? String {
            settings.root = root
        }
        if let options = params["initializationOptions"] as? [String: Any] { settings.apply(options) }
        let capabilities = params["capabilities"] as? [String: Any]
        let watched = (capabilities?["workspace"] as? [String: Any])?["didChangeWatchedFiles"] as? [String: Any]
        settings.canRegisterWatcher = watched?["dynamicRegistration"] as? Bool ?? false
        (workspace, settingsProblem) = settings.makeWorkspace()
        return [
            "capabilities": [
                "positionEncoding": "utf-16",
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "codeActionProvider": ["codeActionKinds": [CodeActionKind.quickFix, CodeActionKind.fixAll], "resolveProvider": false],
                "hoverProvider": true,
            ] as [String: Any],
            "serverInfo": ["name": APNSLintTool.name, "version": APNSLintTool.version],
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
        let watchers = (ConfigurationFile.names.map { "**/" + $0 } + appFiles).map { ["globPattern": $0] }
        sendRequest("client/registerCapability", ["registrations": [[
            "id": "apns-lint-configuration",
            "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": watchers],
        ] as [String: Any]]])
    }

    /// Reads the configuration files again and lints every open document with them.
    func reloadConfiguration() {
        (workspace, settingsProblem) = settings.makeWorkspace()
        for uri in documents.keys.sorted() { publish(uri) }
    }

    // MARK: Sending

    func reply(id: Any, result: Any) {
        writer.send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    func sendError(id: Any, _ code: ErrorCode, _ message: String) {
        writer.send(["jsonrpc": "2.0", "id": id, "error": ["code": code.rawValue, "message": message] as [String: Any]])
    }

    func sendNotification(_ method: String, _ params: [String: Any]) {
        writer.send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private func sendRequest(_ method: String, _ params: [String: Any]) {
        writer.send(["jsonrpc": "2.0", "id": "apns-lint-\(nextRequestID)", "method": method, "params": params])
        nextRequestID += 1
    }

    private static func uri(in params: [String: Any]) -> String? {
        (params["textDocument"] as? [String: Any])?["uri"] as? String
    }
}
