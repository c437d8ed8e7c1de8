import APNSLintModel
import APNSLintRules
import APNSLintSyntax

// The log line: the answer and the findings under `response`, then the request as a definition `apns-lint check`
// reads (and the gateway itself lints).
extension APNsGateway {
    /// Whether a header is part of the request the linter judges and the log records: APNs's own (`apns-…`). The
    /// others are the HTTP client's (`content-type`, `user-agent`) or secret (`authorization`).
    static func isLinted(_ name: String) -> Bool { name.hasPrefix("apns-") }

    /// `"dialect":"apns","device-token":…,"headers":{…},"payload":<body>`: the request as apns-lint reads a
    /// definition, the body's bytes as they came (line breaks as spaces, so the line stays one line; JSON allows none
    /// inside a string). A body that is not JSON stays as it is, and the linter reports it where it breaks.
    static func definitionMembers(of request: ProviderRequest, token: String?, body: [UInt8]?) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("dialect", .string("apns"))]
        if let token { members.append(("device-token", .string(token))) }
        let headers = request.headers.filter { isLinted($0.name) }.map { header -> (String, JSONValue) in (header.name, .string(header.value)) }
        members.append(("headers", .object(headers)))
        if let body { members.append(("payload", .verbatim(body.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }))) }
        return members
    }

    /// `{"status":…,"reason":…,"apns-id":…,…,"findings":[…]}`: the answer and what it rests on.
    /// With `bodyKept` false (a body refused unread, over the size limit), the object says so: `"body-kept":false`
    /// and the SHA-256 of the bytes when the server computed it, so the audit invents nothing about a body it never saw.
    static func response(_ answer: APNsAnswer, request: ProviderRequest, found: [GatewayFinding], diagnostics: [Diagnostic],
                         bodyKept: Bool = true) -> JSONValue {
        var members: [(String, JSONValue)] = [("status", .int(answer.status))]
        if let reason = answer.reason { members.append(("reason", .string(reason))) }
        if let timestamp = answer.timestamp { members.append(("timestamp", .int(Int(timestamp)))) }
        members.append((answer.idHeader, .string(answer.apnsID)))
        if let unique = answer.uniqueID { members.append(("apns-unique-id", .string(unique))) }
        members += [("method", .string(request.method)), ("path", .string(request.path)),
                    ("received", .string(Self.utcTimestamp(request.receivedAt))), ("body-bytes", .int(request.bodyLength))]
        if !bodyKept {
            members.append(("body-kept", .bool(false)))
            if let digest = request.bodySHA256 { members.append(("body-sha256", .string(digest))) }
        }
        let gatewayFindings = found.map { finding in
            JSONValue.object([("severity", .string("error")), ("reason", .string(finding.reason.rawValue)), ("message", .string(finding.message))])
        }
        let ruleFindings = diagnostics.map { diagnostic -> JSONValue in
            var members: [(String, JSONValue)] = [("rule", .string(diagnostic.ruleID)), ("severity", .string(diagnostic.severity.rawValue))]
            if let rejection = diagnostic.rejection { members.append(("reason", .string(rejection.rawValue))) }
            members += [("pointer", .string(diagnostic.pointer.description)), ("message", .string(diagnostic.message))]
            return JSONValue.object(members)
        }
        members.append(("findings", .array(gatewayFindings + ruleFindings)))
        return .object(members)
    }

    /// `2026-11-27T10:00:00.123Z`: a time in seconds since 1970, in UTC to the millisecond.
    public static func utcTimestamp(_ seconds: Double) -> String {
        let (whole, millisecond) = Int((seconds * 1000).rounded(.down)).quotientAndRemainder(dividingBy: 1000)
        let (epochSeconds, fraction) = millisecond < 0 ? (whole - 1, millisecond + 1000) : (whole, millisecond)
        let time = CivilTime(epochSeconds: epochSeconds)
        return "\(time.date)T\(time.time).\(CivilTime.pad(fraction, 3))Z"
    }
}
