import APNSLintModel
import APNSLintRules
import APNSLintSyntax

// The log line: the answer and the findings under `response`, then the request as a definition `apns-lint check`
// reads (and the gateway itself lints).
extension APNsGateway {
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
    /// With `bodyKept` false (a body refused unread, over the size limit), the object says so: `"body-kept":false`
    /// and the SHA-256 of the bytes when the server computed it, so the audit invents nothing about a body it never saw.
    static func responseObject(_ answer: APNsAnswer, request: ProviderRequest, found: [GatewayFinding], diagnostics: [Diagnostic],
                               bodyKept: Bool = true) -> [UInt8] {
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
        out += Array(#","body-bytes":\#(request.bodyLength)"#.utf8)
        if !bodyKept {
            out += Array(#","body-kept":false"#.utf8)
            if let digest = request.bodySHA256 { field("body-sha256", digest) }
        }
        out += Array(#","findings":["#.utf8)
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

    /// `2026-11-27T10:00:00.123Z`: a time in seconds since 1970, in UTC to the millisecond.
    public static func utcTimestamp(_ seconds: Double) -> String {
        let (whole, millisecond) = Int((seconds * 1000).rounded(.down)).quotientAndRemainder(dividingBy: 1000)
        let (epochSeconds, fraction) = millisecond < 0 ? (whole - 1, millisecond + 1000) : (whole, millisecond)
        let time = CivilTime(epochSeconds: epochSeconds)
        return "\(time.date)T\(time.time).\(CivilTime.pad(fraction, 3))Z"
    }
}
