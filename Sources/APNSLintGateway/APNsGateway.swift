import APNSLint
import APNSLintModel
import APNSLintRules
import APNSLintSyntax
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the sandbox found in a request that no rule reports, because no definition holds it: the request line,
/// the credentials, the connection's headers, the device token's state at APNs. Each is an APNs rejection.
public struct GatewayFinding: Sendable, Hashable {
    public var reason: APNsReason
    public var message: String

    public init(_ reason: APNsReason, _ message: String) {
        self.reason = reason
        self.message = message
    }
}

/// The device tokens the sandbox knows: those the user marks as no longer registered (answered 410 `Unregistered`),
/// and those registered for given topics (any other topic is answered 400 `DeviceTokenNotForTopic`). Tokens are
/// compared in lowercase.
public struct DeviceRegistry: Sendable {
    /// Token → when APNs learned it was no longer valid (milliseconds since 1970).
    public var unregistered: [String: Int64]
    /// Token → the topics it is registered for.
    public var topics: [String: Set<String>]

    public init(unregistered: [String: Int64] = [:], topics: [String: Set<String>] = [:]) {
        self.unregistered = Dictionary(unregistered.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.topics = Dictionary(topics.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0.union($1) })
    }
}

/// One request and how the sandbox answered it: what APNs answers, why, and the log line that records both.
public struct GatewayExchange: Sendable {
    public var request: ProviderRequest
    public var answer: APNsAnswer
    /// Why the request was rejected, or what the sandbox itself found (each an APNs rejection).
    public var gatewayFindings: [GatewayFinding]
    /// The linter's findings on the request, as `apns-lint check` gives them for the log line.
    public var diagnostics: [Diagnostic]
    /// The log line: the request as a definition (`dialect`, `device-token`, `headers`, `payload`) after a `response`
    /// object with the answer and the findings, without its newline. `apns-lint check` reads a file of them.
    public var logLine: [UInt8]
    /// Whether `logLine` is JSON: not when the body was not (it is logged as it came).
    public var logLineIsJSON: Bool
}

/// Judges requests to the provider API as APNs does: the request line, provider authentication, the headers and
/// body (through the linter's rules: a finding whose rule rests on an APNs rejection gets its reason), and the
/// device token's state. It knows no network: the APNs sandbox carries each HTTP/2 stream to `answer(_:)`.
public struct APNsGateway: Sendable {
    public var linter: Linter
    public var authentication: ProviderAuthentication
    public var devices: DeviceRegistry
    /// Answers 400 `strictReason` for any error-level finding, even where APNs accepts the request: not what APNs
    /// does, for teams whose tests should fail on what the device would ignore.
    public var strict: Bool

    /// The reason a strict sandbox gives for an error finding APNs would not reject. Not an APNs reason.
    public static let strictReason = "SandboxStrictFinding"

    public init(linter: Linter = Linter(), authentication: ProviderAuthentication = ProviderAuthentication(),
                devices: DeviceRegistry = DeviceRegistry(), strict: Bool = false) {
        self.linter = linter
        self.authentication = authentication
        self.devices = devices
        self.strict = strict
    }

    /// The most body bytes APNs takes for a request with `apnsPushType` (`apns-push-type`): 5120 for VoIP, else
    /// 4096. A server keeps no more than this many; beyond it the answer is 413 whatever the bytes are.
    public static func bodyLimit(pushType apnsPushType: String?) -> Int {
        let type = apnsPushType.flatMap { PushType(rawValue: $0.lowercased()) } ?? .alert
        return type.spec.sizeLimit
    }

    /// The order in which APNs's checks come, as far as its answers show: the request line, the credentials, the
    /// headers, the token and topic, the body, then the token's state. The first reason found in this order is the
    /// answer.
    static let precedence: [APNsReason] = [
        .methodNotAllowed, .badPath, .missingChannelId, .missingProviderToken, .invalidProviderToken, .expiredProviderToken, .duplicateHeaders,
        .missingDeviceToken, .badDeviceToken, .badMessageId, .invalidPushType, .badPriority, .badExpirationDate, .badCollapseId,
        .missingTopic, .badTopic, .topicDisallowed, .badChannelId, .payloadEmpty, .payloadTooLarge, .deviceTokenNotForTopic, .unregistered,
    ]

    public func answer(_ request: ProviderRequest, apnsID generatedID: @autoclosure () -> String = Self.newUUID(),
                       uniqueID: @autoclosure () -> String = Self.newUUID()) -> GatewayExchange {
        let target = request.target
        let (bodyFindings, body) = Self.bodyFindings(of: request)
        var found = requestFindings(of: request, target: target) + bodyFindings
        var token: String?
        if case .device(let deviceToken) = target, !deviceToken.isEmpty { token = deviceToken }
        let definition = Self.definitionMembers(of: request, token: token ?? (target == .device(token: "") ? "" : nil), body: body)
        // Without a body to read, the request is linted as the log's audit reads its line: a send log's record (an
        // envelope with a `response`), so no payload finding is made up about a body there is none of (or not kept).
        let envelope: [(String, JSONValue)] = body == nil ? [("response", .object([]))] : []
        let lintedText = JSONValue.object(envelope + definition).bytes(.compact)
        let report = linter.lint(SourceText(bytes: lintedText), fileName: "<request>", format: .json)
        let diagnostics = report.diagnostics
        let unregisteredSince = token.flatMap { devices.unregistered[$0.lowercased()] }
        if let token { found += deviceFindings(token: token, topic: request.header("apns-topic"), unregisteredSince: unregisteredSince) }

        // The first rejection in APNs's order is the answer; in strict mode, an error finding APNs accepts is one too.
        let rank = { (reason: APNsReason) in Self.precedence.firstIndex(of: reason) ?? Self.precedence.count }
        let rejection = (found.map(\.reason) + diagnostics.compactMap(\.rejection)).min { rank($0) < rank($1) }
        var (status, reason) = (rejection?.status ?? 200, rejection?.rawValue)
        if rejection == nil, strict, diagnostics.contains(where: { $0.severity == .error }) {
            (status, reason) = (400, Self.strictReason)
        }
        let isBroadcast = if case .broadcast = target { true } else { false }
        let idHeader = isBroadcast ? "apns-request-id" : "apns-id"
        // The request's id comes back unless apns-id-invalid found it no UUID.
        let given = diagnostics.contains { $0.rejection == .badMessageId } ? nil : request.header(idHeader)
        let answer = APNsAnswer(status: status, reason: reason, apnsID: given ?? generatedID(),
                                uniqueID: status == 200 && !isBroadcast ? uniqueID() : nil,
                                timestamp: rejection == .unregistered ? unregisteredSince : nil, idHeader: idHeader)
        // A body over the limit is not kept whole, so not logged: the line says so (its size and digest).
        let bodyKept = body != nil || request.bodyLength == 0 || request.body.allSatisfy(Self.isWhitespace) && request.body.count == request.bodyLength
        let response = Self.response(answer, request: request, found: found, diagnostics: diagnostics, bodyKept: bodyKept)
        let line = JSONValue.object([("response", response)] + definition).bytes(.compact)
        // A body that is not JSON is logged as it came, so its line is not JSON either.
        let lineIsJSON = !report.blockingFindings.contains { if case .syntax = $0.finding { true } else { false } }
        return GatewayExchange(request: request, answer: answer, gatewayFindings: found, diagnostics: diagnostics, logLine: line,
                               logLineIsJSON: lineIsJSON)
    }

    /// What the request line, the credentials and the headers' repetition give.
    func requestFindings(of request: ProviderRequest, target: ProviderRequest.Target) -> [GatewayFinding] {
        var found: [GatewayFinding] = []
        if request.method != "POST" {
            found.append(GatewayFinding(.methodNotAllowed, "the method is \(request.method), but APNs takes POST only"))
        }
        switch target {
        case .none: found.append(GatewayFinding(.badPath, "the path \(request.path) is not /3/device/<device token> (nor /4/broadcast/apps/<bundle ID>)"))
        case .device(token: ""): found.append(GatewayFinding(.missingDeviceToken, "the path /3/device/ has no device token after it"))
        case .broadcast where request.header("apns-channel-id") == nil:
            found.append(GatewayFinding(.missingChannelId, "a broadcast request names its channel in apns-channel-id, and this one has none"))
        case .device, .broadcast: break
        }
        if let refusal = authentication.refusal(of: request) {
            found.append(refusal)
        } else if case .device = target, request.header("authorization") != nil, request.header("apns-topic") == nil {
            // A certificate names its app; a provider token does not, so a token-authenticated push must.
            found.append(GatewayFinding(.missingTopic, "the request has no apns-topic; with token-based authentication APNs needs it to know the app"))
        }
        var counts: [String: Int] = [:]
        for header in request.headers where Self.isLinted(header.name) || header.name == "authorization" { counts[header.name, default: 0] += 1 }
        let repeated = counts.filter { $0.value > 1 }.keys.sorted()
        if !repeated.isEmpty {
            found.append(GatewayFinding(.duplicateHeaders, "\(repeated.spokenList("and")) \(repeated.count == 1 ? "is" : "are") sent more than once"))
        }
        return found
    }

    /// Whether the body is over the size limit or empty, and the body the linter reads: nil when there is none to read
    /// (blank, or not kept whole).
    static func bodyFindings(of request: ProviderRequest) -> ([GatewayFinding], body: [UInt8]?) {
        let pushType = request.header("apns-push-type")
        let limit = bodyLimit(pushType: pushType)
        guard request.bodyLength <= limit && request.body.count == request.bodyLength else {
            return ([GatewayFinding(.payloadTooLarge, "the body is \(request.bodyLength) bytes, over the \(limit) bytes APNs takes for \(pushType.map { "apns-push-type \($0)" } ?? "a push without apns-push-type")")], nil)
        }
        guard !request.body.allSatisfy(isWhitespace) else {
            return (request.method == "POST" ? [GatewayFinding(.payloadEmpty, "the body is empty; APNs needs a JSON payload")] : [], nil)
        }
        return ([], request.body)
    }

    /// What the devices the user describes give for `token`.
    func deviceFindings(token: String, topic: String?, unregisteredSince: Int64?) -> [GatewayFinding] {
        var found: [GatewayFinding] = []
        if let registered = devices.topics[token.lowercased()], let topic, !registered.contains(topic) {
            found.append(GatewayFinding(.deviceTokenNotForTopic, "the device token is registered for \(registered.sorted().joined(separator: ", ")), not for \(topic)"))
        }
        if unregisteredSince != nil {
            found.append(GatewayFinding(.unregistered, "the device token is marked as no longer registered for the topic"))
        }
        return found
    }

    // MARK: Values

    public static func newUUID() -> String { UUID().uuidString.lowercased() }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
