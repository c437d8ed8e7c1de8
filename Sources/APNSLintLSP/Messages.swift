import APNSLint

// The messages the server reads and writes, as small types decoded from and encoded to `JSONValue` (LSP 3.17's names).
// A decoder's nil is "not what LSP specifies": a request gets `invalidParams`, a notification is ignored. What is
// written is sorted as `JSONSerialization`'s `.sortedKeys` sorts (`MessageWriter`), so members go in any order here.

// MARK: The envelope

/// What one JSON-RPC 2.0 message is.
enum Incoming {
    /// `params` is an object: `{}` when it is missing or not one.
    case request(id: JSONValue, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    /// A response to a request this server sent (`client/registerCapability`): nothing to do.
    case response
    /// Not a message the server takes: the error to answer with, under the message's id when it has a valid one.
    case invalid(id: JSONValue, ErrorCode, String)

    init(_ message: JSONValue) {
        guard message.members != nil else {
            self = .invalid(id: .null, .invalidRequest, "a message must be a JSON object (batches are not part of LSP)")
            return
        }
        let id = message["id"]
        let validID = id.flatMap { id -> JSONValue? in
            switch id {
            case .int, .double, .string: id
            default: nil
            }
        }
        guard let method = message["method"]?.string else {
            if validID != nil, message["result"] != nil || message["error"] != nil {
                self = .response
            } else {
                self = .invalid(id: validID ?? .null, .invalidRequest, "the message has no method")
            }
            return
        }
        guard message["jsonrpc"]?.string == "2.0", id == nil || validID != nil else {
            self = .invalid(id: validID ?? .null, .invalidRequest,
                            "not a JSON-RPC 2.0 request (\"jsonrpc\": \"2.0\" and an id that is a number or a string)")
            return
        }
        let params = message["params"].flatMap { $0.members == nil ? nil : $0 } ?? [:]
        self = validID.map { Incoming.request(id: $0, method: method, params: params) } ?? .notification(method: method, params: params)
    }
}

extension JSONValue {
    /// An array whose every element is an object; nil when one is not.
    var arrayOfObjects: [JSONValue]? {
        guard let array, array.allSatisfy({ $0.members != nil }) else { return nil }
        return array
    }

    /// An array whose every element is a string; nil when one is not.
    var arrayOfStrings: [String]? {
        guard let array else { return nil }
        let strings = array.compactMap(\.string)
        return strings.count == array.count ? strings : nil
    }
}

// MARK: Requests and notifications

/// `initialize`'s params.
struct InitializeParams {
    /// The workspace root: the path of the first workspace folder's URI (else `rootUri`'s), else `rootPath`.
    let root: String?
    let options: ServerOptions?
    /// `capabilities.workspace.didChangeWatchedFiles.dynamicRegistration`.
    let canRegisterWatcher: Bool

    init(_ params: JSONValue) {
        let rootURI = params["workspaceFolders"]?.arrayOfObjects?.first?["uri"]?.string ?? params["rootUri"]?.string
        root = rootURI.flatMap(Document.path(fromURI:)) ?? params["rootPath"]?.string
        options = params["initializationOptions"].flatMap { ServerOptions($0) }
        canRegisterWatcher = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
    }
}

/// What the client says about the configuration, in `initializationOptions` or in `workspace/didChangeConfiguration`
/// under `settings["apns-lint"]` (see `ServerSettings`); nil when it is not an object.
struct ServerOptions {
    let configuration: String?
    let isolated: Bool?
    /// `settings`, whatever it is, as JSON text (keys sorted).
    let settings: String?

    init?(_ options: JSONValue) {
        guard options.members != nil else { return nil }
        configuration = options["configuration"]?.string
        isolated = options["isolated"]?.bool
        settings = options["settings"]?.serialized(.sortedCompact)
    }

    /// `workspace/didChangeConfiguration`'s params: the options under `settings["apns-lint"]`.
    init?(changed params: JSONValue) {
        guard let options = params["settings"]?["apns-lint"] else { return nil }
        self.init(options)
    }
}

/// The document a `textDocument/` message is about (`textDocument.uri`).
struct TextDocumentParams {
    let uri: String

    init?(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.string else { return nil }
        self.uri = uri
    }
}

/// `textDocument/didOpen`'s params: the document as the editor opened it.
struct DidOpenParams {
    let document: Document

    init?(_ params: JSONValue) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return nil }
        document = Document(uri: uri, languageID: item["languageId"]?.string ?? "", version: item["version"]?.int, text: text)
    }
}

/// `textDocument/didChange`'s params.
struct DidChangeParams {
    /// A `TextDocumentContentChangeEvent`: a range and its new text, or (without a range) the whole text.
    struct Change {
        let range: LSPRange?
        let text: String
    }

    let uri: String
    let version: Int?
    let changes: [Change]

    init?(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.string, let changes = params["contentChanges"]?.arrayOfObjects else { return nil }
        var decoded: [Change] = []
        for change in changes {
            guard let text = change["text"]?.string else { return nil }
            decoded.append(Change(range: LSPRange(change["range"]), text: text))
        }
        (self.uri, version, self.changes) = (uri, params["textDocument"]?["version"]?.int, decoded)
    }
}

/// `textDocument/hover`'s params.
struct HoverParams {
    let uri: String
    let position: LSPPosition

    init?(_ params: JSONValue) {
        guard let uri = TextDocumentParams(params)?.uri, let position = LSPPosition(params["position"]) else { return nil }
        (self.uri, self.position) = (uri, position)
    }
}

/// `textDocument/codeAction`'s params.
struct CodeActionParams {
    let uri: String
    let range: LSPRange
    /// `context.only`: the kinds the client asks for (nil: all of them).
    let only: [String]?
    /// `context.diagnostics`.
    let diagnostics: [SentDiagnostic]

    init?(_ params: JSONValue) {
        guard let uri = TextDocumentParams(params)?.uri, let range = LSPRange(params["range"]) else { return nil }
        (self.uri, self.range) = (uri, range)
        only = params["context"]?["only"]?.arrayOfStrings
        diagnostics = (params["context"]?["diagnostics"]?.arrayOfObjects ?? []).map(SentDiagnostic.init)
    }
}

/// A diagnostic the client sends back in a code action's context: as it was sent (an action names it so), and what
/// the server reads of it.
struct SentDiagnostic {
    let json: JSONValue
    let source: String?
    /// `code`: a rule id, for a diagnostic of this server.
    let ruleID: String?
    let range: LSPRange?
    /// `data.version`: the document version it was published for.
    let publishedVersion: Int?
    /// `data.fix`: the fix published with it.
    let publishedFix: PublishedFix?

    init(_ json: JSONValue) {
        self.json = json
        source = json["source"]?.string
        ruleID = json["code"]?.string
        range = LSPRange(json["range"])
        publishedVersion = json["data"]?["version"]?.int
        publishedFix = json["data"]?["fix"].flatMap(PublishedFix.init)
    }
}

// MARK: What the server writes

/// The fix a diagnostic carries in `data.fix`, for a code action asked for at a range the finding is no longer at.
struct PublishedFix {
    let title: String
    /// `safe` or `unsafe` (`Fix.Applicability`); nil when a client sends back something else.
    let applicability: String?
    /// `TextEdit`s: the server's, or as the client sent them back.
    let edits: [JSONValue]

    init(title: String, applicability: String?, edits: [JSONValue]) {
        (self.title, self.applicability, self.edits) = (title, applicability, edits)
    }

    init?(_ json: JSONValue) {
        guard let title = json["title"]?.string, let edits = json["edits"]?.arrayOfObjects else { return nil }
        self.init(title: title, applicability: json["applicability"]?.string, edits: edits)
    }

    var json: JSONValue {
        var json: JSONValue = ["title": .string(title), "edits": .array(edits)]
        if let applicability { json["applicability"] = .string(applicability) }
        return json
    }
}

/// An LSP `Diagnostic`.
struct LSPDiagnostic {
    struct Related {
        let uri: String
        let range: LSPRange
        let message: String
    }

    var range: LSPRange
    /// Error 1, warning 2, information 3.
    var severity: Int
    /// The rule id, with its page as `codeDescription`.
    var code: String?
    var message: String
    var relatedInformation: [Related] = []
    /// `data.version`: the version of the document the diagnostic was published for.
    var version: Int?
    /// `data.fix`.
    var fix: PublishedFix?

    var json: JSONValue {
        var json: JSONValue = ["range": range.json, "severity": .int(severity), "source": .string(APNSLintTool.name), "message": .string(message)]
        if let code {
            json["code"] = .string(code)
            json["codeDescription"] = ["href": .string(APNSLintTool.documentationURL(forRule: code))]
        }
        if !relatedInformation.isEmpty {
            json["relatedInformation"] = .array(relatedInformation.map {
                ["location": ["uri": .string($0.uri), "range": $0.range.json], "message": .string($0.message)]
            })
        }
        var data: JSONValue = [:]
        if let version { data["version"] = .int(version) }
        if let fix { data["fix"] = fix.json }
        if data != [:] { json["data"] = data }
        return json
    }
}

/// `textDocument/publishDiagnostics`'s params.
struct PublishDiagnosticsParams {
    let uri: String
    let diagnostics: [LSPDiagnostic]
    var version: Int?

    var json: JSONValue {
        var json: JSONValue = ["uri": .string(uri), "diagnostics": .array(diagnostics.map(\.json))]
        if let version { json["version"] = .int(version) }
        return json
    }
}

/// An LSP `CodeAction` whose edits are all in one document.
struct CodeAction {
    let title: String
    let kind: String
    /// The diagnostics it resolves, as the client sent them.
    var diagnostics: [JSONValue]?
    var isPreferred: Bool?
    let uri: String
    let edits: [JSONValue]

    var json: JSONValue {
        var json: JSONValue = ["title": .string(title), "kind": .string(kind), "edit": ["changes": .object([(uri, .array(edits))])]]
        if let diagnostics { json["diagnostics"] = .array(diagnostics) }
        if let isPreferred { json["isPreferred"] = .bool(isPreferred) }
        return json
    }
}

/// An LSP `TextEdit`.
struct LSPTextEdit {
    let range: LSPRange
    let newText: String

    var json: JSONValue { ["range": range.json, "newText": .string(newText)] }
}

/// A `textDocument/hover` result: Markdown.
struct Hover {
    let markdown: String
    let range: LSPRange?

    var json: JSONValue {
        var json: JSONValue = ["contents": ["kind": "markdown", "value": .string(markdown)]]
        if let range { json["range"] = range.json }
        return json
    }
}
