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
        var found: [GatewayFinding] = []
        let target = request.target
        var token: String?
        if case .device(let deviceToken) = target { token = deviceToken }
        let isBroadcast = if case .broadcast = target { true } else { false }
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
        let refusal = authentication.refusal(of: request)
        if let refusal { found.append(refusal) }
        // A token-authenticated push names its app: APNs cannot take the topic from a certificate.
        if refusal == nil, token != nil, request.header("authorization") != nil, request.header("apns-topic") == nil {
            found.append(GatewayFinding(.missingTopic, "the request has no apns-topic; with token-based authentication APNs needs it to know the app"))
        }
        var counts: [String: Int] = [:]
        for header in request.headers where Self.isLinted(header.name) || header.name == "authorization" { counts[header.name, default: 0] += 1 }
        let repeated = counts.filter { $0.value > 1 }.keys.sorted()
        if !repeated.isEmpty {
            found.append(GatewayFinding(.duplicateHeaders, "\(repeated.spokenList("and")) \(repeated.count == 1 ? "is" : "are") sent more than once"))
        }
        let pushType = request.header("apns-push-type")
        let limit = Self.bodyLimit(pushType: pushType)
        let bodyIsWhole = request.bodyLength <= limit && request.body.count == request.bodyLength
        if !bodyIsWhole {
            found.append(GatewayFinding(.payloadTooLarge, "the body is \(request.bodyLength) bytes, over the \(limit) bytes APNs takes for \(pushType.map { "apns-push-type \($0)" } ?? "a push without apns-push-type")"))
        } else if request.method == "POST", request.body.allSatisfy(Self.isWhitespace) {
            found.append(GatewayFinding(.payloadEmpty, "the body is empty; APNs needs a JSON payload"))
        }
        let bodyIsBlank = request.body.allSatisfy(Self.isWhitespace)
        let requestText = Self.definition(of: request, token: token, body: bodyIsWhole && !bodyIsBlank ? request.body : nil)
        let report = linter.lint(SourceText(bytes: requestText), fileName: "<request>", format: .json)
        let diagnostics = report.diagnostics
        if let token, !token.isEmpty, found.isEmpty, let registered = devices.topics[token.lowercased()], let topic = request.header("apns-topic"),
           !registered.contains(topic) {
            found.append(GatewayFinding(.deviceTokenNotForTopic, "the device token is registered for \(registered.sorted().joined(separator: ", ")), not for \(topic)"))
        }
        var timestamp: Int64?
        if let token, let since = devices.unregistered[token.lowercased()] {
            found.append(GatewayFinding(.unregistered, "the device token is marked as no longer registered for the topic"))
            timestamp = since
        }
        let rejections = found.map { ($0.reason, $0.reason.rawValue) } + diagnostics.compactMap { diagnostic in diagnostic.rejection.map { ($0, $0.rawValue) } }
        let first = rejections.min { (Self.precedence.firstIndex(of: $0.0) ?? Self.precedence.count) < (Self.precedence.firstIndex(of: $1.0) ?? Self.precedence.count) }
        var reason = first?.1
        var status = first?.0.status ?? 200
        if reason == nil, strict, diagnostics.contains(where: { $0.severity == .error }) {
            reason = Self.strictReason
            status = 400
        }
        if first?.0 != .unregistered { timestamp = nil }
        let idHeader = isBroadcast ? "apns-request-id" : "apns-id"
        let given = request.header(idHeader)
        let givenIsValid = given.map(Self.isUUID) ?? false
        let answer = APNsAnswer(status: status, reason: reason, apnsID: givenIsValid ? given! : generatedID(),
                                uniqueID: status == 200 && !isBroadcast ? uniqueID() : nil, timestamp: timestamp, idHeader: idHeader)
        var line = Self.responseObject(answer, request: request, found: found, diagnostics: diagnostics)
        // The request text after the response: its `{` becomes the separating comma.
        line.append(UInt8(ascii: ","))
        line += requestText.dropFirst()
        // A body that is not JSON is logged as it came, so its line is not JSON either.
        let lineIsJSON = !report.blockingFindings.contains { if case .syntax = $0.finding { true } else { false } }
        return GatewayExchange(request: request, answer: answer, gatewayFindings: found, diagnostics: diagnostics, logLine: line,
                               logLineIsJSON: lineIsJSON)
    }

    // MARK: The request as a definition

    /// Whether a header is part of the request the linter judges and the log records: APNs's own (`apns-…`). The
    /// others are the HTTP client's (`content-type`, `user-agent`) or secret (`authorization`).
    static func isLinted(_ name: String) -> Bool { name.hasPrefix("apns-") }

    /// `{"dialect":"apns","device-token":…,"headers":{…},"payload":<body>}`: the request as apns-lint reads a
    /// definition, the body's bytes as they came (line breaks as spaces, so the line stays one line; JSON allows none
    /// inside a string). A body that is not JSON stays as it is, and the linter reports it where it breaks.
    static func definition(of request: ProviderRequest, token: String?, body: [UInt8]?) -> [UInt8] {
        var out = Array(#"{"dialect":"apns""#.utf8)
        if let token {
            out += Array(#","device-token":"#.utf8)
            JSONString.append(token, to: &out)
        }
        out += Array(#","headers":{"#.utf8)
        var first = true
        for header in request.headers where isLinted(header.name) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            JSONString.append(header.name, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONString.append(header.value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        if let body {
            out += Array(#","payload":"#.utf8)
            out += body.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// `{"response":{"status":…,"reason":…,"apns-id":…,…,"findings":[…]}`, without the closing brace of the line.
    static func responseObject(_ answer: APNsAnswer, request: ProviderRequest, found: [GatewayFinding], diagnostics: [Diagnostic]) -> [UInt8] {
        var out = Array(#"{"response":{"status":\#(answer.status)"#.utf8)
        func field(_ name: String, _ value: String) {
            out += Array(",\"\(name)\":".utf8)
            JSONString.append(value, to: &out)
        }
        if let reason = answer.reason { field("reason", reason) }
        if let timestamp = answer.timestamp { out += Array(#","timestamp":\#(timestamp)"#.utf8) }
        field(answer.idHeader, answer.apnsID)
        if let unique = answer.uniqueID { field("apns-unique-id", unique) }
        field("method", request.method)
        field("path", request.path)
        field("received", Self.utcTimestamp(request.receivedAt))
        out += Array(#","body-bytes":\#(request.bodyLength),"findings":["#.utf8)
        var first = true
        func separate() {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
        }
        for finding in found {
            separate()
            out += Array(#"{"severity":"error","reason":"#.utf8)
            JSONString.append(finding.reason.rawValue, to: &out)
            out += Array(#","message":"#.utf8)
            JSONString.append(finding.message, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        for diagnostic in diagnostics {
            separate()
            out += Array(#"{"rule":"#.utf8)
            JSONString.append(diagnostic.ruleID, to: &out)
            out += Array(#","severity":"#.utf8)
            JSONString.append(diagnostic.severity.rawValue, to: &out)
            if let rejection = diagnostic.rejection {
                out += Array(#","reason":"#.utf8)
                JSONString.append(rejection.rawValue, to: &out)
            }
            out += Array(#","pointer":"#.utf8)
            JSONString.append(diagnostic.pointer.description, to: &out)
            out += Array(#","message":"#.utf8)
            JSONString.append(diagnostic.message, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += Array("]}".utf8)
        return out
    }

    // MARK: Values

    public static func newUUID() -> String { UUID().uuidString.lowercased() }

    /// A canonical UUID (8-4-4-4-12 hex digits), as `apns-id` must be; `apns-id-invalid` says more of one that is not.
    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// `2026-11-27T10:00:00.123Z`: a time in seconds since 1970, in UTC to the millisecond.
    public static func utcTimestamp(_ seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded(.down))
        let (days, inDay) = Int64(milliseconds).quotientAndRemainder(dividingBy: 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let hour = inDay / 3_600_000, minute = inDay / 60_000 % 60, second = inDay / 1000 % 60, millisecond = inDay % 1000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let fraction = millisecond < 10 ? "00\(millisecond)" : millisecond < 100 ? "0\(millisecond)" : "\(millisecond)"
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second)).\(fraction)Z"
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
