import APNSLintModel
import APNSLintRules
import APNSLintSyntax

/// One request to APNs's provider API as a server received it: the request line, the headers in the order they
/// came (HTTP/2 sends names in lowercase), and the body. What the APNs sandbox hands `APNsGateway` for each stream.
public struct ProviderRequest: Sendable {
    public struct Header: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var method: String
    public var path: String
    public var headers: [Header]
    /// The body's bytes, at most `APNsGateway.bodyLimit(for:)` of them: a server stops keeping them there.
    public var body: [UInt8]
    /// How many bytes the body had in all: more than `body.count` when the server stopped keeping them.
    public var bodyLength: Int
    /// The SHA-256 of all `bodyLength` bytes, in lowercase hex, when the server computed it as they came: what the log
    /// records of a body it did not keep.
    public var bodySHA256: String?
    /// Whether the connection presented a client certificate its TLS layer verified (certificate-based provider
    /// authentication, where no bearer token is needed).
    public var hasClientCertificate: Bool
    /// When the request arrived, in seconds since 1970.
    public var receivedAt: Double

    public init(method: String, path: String, headers: [Header], body: [UInt8], bodyLength: Int? = nil, bodySHA256: String? = nil,
                hasClientCertificate: Bool = false, receivedAt: Double) {
        self.bodySHA256 = bodySHA256
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.bodyLength = bodyLength ?? body.count
        self.hasClientCertificate = hasClientCertificate
        self.receivedAt = receivedAt
    }

    /// The value of the first header called `name` (lowercase).
    public func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// What a path addresses: a device (`/3/device/<token>`, the token empty when the path ends there), a broadcast
    /// channel's app (`/4/broadcast/apps/<bundle ID>`, Live Activity broadcasts), or nothing APNs serves.
    public enum Target: Sendable, Hashable {
        case device(token: String)
        case broadcast(bundleID: String)
        case none
    }

    public var target: Target {
        // A query is no part of APNs's paths; one makes the path bad, as any other extra part does.
        func last(after prefix: String) -> String? {
            guard path.hasPrefix(prefix) else { return nil }
            let rest = path.dropFirst(prefix.count)
            return rest.contains("/") || rest.contains("?") ? nil : String(rest)
        }
        if path == "/3/device" { return .device(token: "") }
        if let token = last(after: "/3/device/") { return .device(token: token) }
        if let bundleID = last(after: "/4/broadcast/apps/"), !bundleID.isEmpty { return .broadcast(bundleID: bundleID) }
        return .none
    }
}

/// What APNs answers a request: the status, `apns-id`, and for an error the reason (and for a token no longer
/// registered, since when), as "Handling notification responses from APNs" documents.
public struct APNsAnswer: Sendable, Hashable {
    public var status: Int
    /// APNs's reason (`BadDeviceToken`), or in strict mode the sandbox's own; nil for 200.
    public var reason: String?
    public var apnsID: String
    /// `apns-unique-id`: APNs sends it from the development environment only, which the sandbox stands for.
    public var uniqueID: String?
    /// For 410: when APNs learned the token was no longer valid, in milliseconds since 1970.
    public var timestamp: Int64?
    /// The header `apnsID` goes in: `apns-id` for a push to a device, `apns-request-id` for a broadcast.
    public var idHeader: String

    public init(status: Int, reason: String?, apnsID: String, uniqueID: String? = nil, timestamp: Int64? = nil,
                idHeader: String = "apns-id") {
        self.status = status
        self.reason = reason
        self.apnsID = apnsID
        self.uniqueID = uniqueID
        self.timestamp = timestamp
        self.idHeader = idHeader
    }

    /// The response body: empty for 200, else `{"reason": …}` (with `timestamp` for 410).
    public var body: [UInt8] {
        guard let reason else { return [] }
        var members: [(String, JSONValue)] = [("reason", .string(reason))]
        if let timestamp { members.append(("timestamp", .int(Int(timestamp)))) }
        return JSONValue.object(members).bytes(.compact)
    }

    /// The response headers beside `:status`.
    public var headers: [(name: String, value: String)] {
        [(idHeader, apnsID)] + (uniqueID.map { [("apns-unique-id", $0)] } ?? []) + (reason == nil ? [] : [("content-type", "application/json")])
    }
}
