import APNSLint
import APNSLintGateway
import APNSLintRules
import APNSLintSyntax
import Foundation
import Testing

/// `APNsGateway`: what the APNs sandbox answers, decided without a network.
@Suite("The APNs gateway answers as APNs does")
struct GatewayTests {
    static let token = "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0"
    static let now = 1_800_000_000.0

    /// A token whose structure is right, made `age` seconds before `now` (its signature is not checked: no verifier).
    static func jwt(age: Double = 60, alg: String = "ES256", kid: String? = "ABC123DEFG", iss: String? = "TEAM123456",
                    signature: [UInt8] = Array(repeating: 7, count: 64)) -> String {
        func encode(_ bytes: [UInt8]) -> String {
            Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let header = #"{"alg":"\#(alg)""# + (kid.map { #","kid":"\#($0)""# } ?? "") + "}"
        let claims = "{" + (iss.map { #""iss":"\#($0)","# } ?? "") + #""iat":\#(Int(now - age))}"#
        return [Array(header.utf8), Array(claims.utf8), signature].map(encode).joined(separator: ".")
    }

    static func request(_ headers: [(String, String)] = [("apns-push-type", "alert"), ("apns-topic", "com.example.app")],
                        body: String = #"{"aps":{"alert":"Hi"}}"#, method: String = "POST", path: String = "/3/device/\(token)",
                        authorization: String? = "bearer \(jwt())", bodyLength: Int? = nil) -> ProviderRequest {
        let all = (authorization.map { [("authorization", $0)] } ?? []) + headers
        return ProviderRequest(method: method, path: path, headers: all.map { ProviderRequest.Header($0.0, $0.1) },
                               body: Array(body.utf8), bodyLength: bodyLength, receivedAt: now)
    }

    let gateway = APNsGateway(linter: Linter())

    func answer(_ request: ProviderRequest, gateway: APNsGateway? = nil) -> APNsAnswer {
        (gateway ?? self.gateway).answer(request, apnsID: "generated-id", uniqueID: "unique-id").answer
    }

    @Test func aGoodRequestIsAnswered200WithAnAPNsIDAndAUniqueID() {
        #expect(answer(Self.request()) == APNsAnswer(status: 200, reason: nil, apnsID: "generated-id", uniqueID: "unique-id"))
        let given = "123e4567-e89b-12d3-a456-4266554400a0"
        #expect(answer(Self.request([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-id", given)])).apnsID == given)
        #expect(answer(Self.request()).body.isEmpty)
        // An id that is no UUID is refused (BadMessageId), and the answer carries one of APNs's making.
        #expect(answer(Self.request([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-id", "not-a-uuid")])).apnsID == "generated-id")
    }

    @Test(arguments: [
        ([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-priority", "7")], "BadPriority"),
        ([("apns-push-type", "bogus"), ("apns-topic", "com.example.app")], "InvalidPushType"),
        ([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-expiration", "soon")], "BadExpirationDate"),
        ([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-collapse-id", String(repeating: "c", count: 65))], "BadCollapseId"),
        ([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-id", "not-a-uuid")], "BadMessageId"),
        ([("apns-push-type", "alert"), ("apns-topic", "https://example.com")], "BadTopic"),
        ([("apns-push-type", "voip"), ("apns-topic", "com.example.app")], "DeviceTokenNotForTopic"),
        ([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-topic", "com.example.app")], "DuplicateHeaders"),
    ] as [([(String, String)], String)])
    func aHeaderTheRulesRejectGetsTheirReason(headers: [(String, String)], reason: String) {
        let answer = answer(Self.request(headers))
        #expect(answer.status == 400)
        #expect(answer.reason == reason)
        #expect(answer.uniqueID == nil)
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"reason":"\#(reason)"}"#)
    }

    @Test func theRequestLineIsCheckedFirst() {
        #expect(answer(Self.request(method: "GET")).reason == "MethodNotAllowed")
        #expect(answer(Self.request(method: "GET")).status == 405)
        #expect(answer(Self.request(path: "/3/devices/\(Self.token)")).status == 404)
        #expect(answer(Self.request(path: "/3/device/\(Self.token)?x=1")).reason == "BadPath")
        #expect(answer(Self.request(path: "/3/device/")).reason == "MissingDeviceToken")
        #expect(answer(Self.request(path: "/3/device/zz")).reason == "BadDeviceToken")
        // Before the credentials: a bad path without a token is still a bad path.
        #expect(answer(Self.request(path: "/4/device/x", authorization: nil)).reason == "BadPath")
    }

    @Test func aTokenAuthenticatedPushNeedsATopic() {
        #expect(answer(Self.request([("apns-push-type", "alert")])) == APNsAnswer(status: 400, reason: "MissingTopic", apnsID: "generated-id"))
        // A certificate names its app: there the topic may be left out (whether the certificate has one topic or
        // several is not the sandbox's to know).
        var gateway = gateway
        gateway.authentication.acceptsClientCertificates = true
        var certified = Self.request([("apns-push-type", "alert")], authorization: nil)
        certified.hasClientCertificate = true
        #expect(answer(certified, gateway: gateway).status == 200)
    }

    @Test func aBroadcastIsAnsweredWithARequestID() {
        let channel = ("apns-channel-id", "dHN0LXNyY2gtY2hubA==")
        let update = #"{"aps":{"timestamp":1799990000,"event":"update","content-state":{"score":"2-1"}}}"#
        let good = answer(Self.request([("apns-push-type", "liveactivity"), channel], body: update, path: "/4/broadcast/apps/com.example.scores"))
        #expect(good == APNsAnswer(status: 200, reason: nil, apnsID: "generated-id", idHeader: "apns-request-id"))
        #expect(good.headers.map(\.name) == ["apns-request-id"])
        let suffixed = answer(Self.request([("apns-push-type", "liveactivity"), channel, ("apns-topic", "com.example.scores.push-type.liveactivity")],
                                           body: update, path: "/4/broadcast/apps/com.example.scores"))
        #expect(suffixed.reason == "TopicDisallowed")
        #expect(answer(Self.request([("apns-push-type", "liveactivity")], body: update, path: "/4/broadcast/apps/com.example.scores")).reason
            == "MissingChannelId")
        #expect(answer(Self.request(path: "/4/broadcast/apps/")).reason == "BadPath")
    }

    @Test func theBodyIsCheckedForSizeAndEmptiness() {
        #expect(answer(Self.request(body: "")).reason == "PayloadEmpty")
        let big = Self.request(body: String(repeating: "a", count: 4096), bodyLength: 5000)
        #expect(answer(big) == APNsAnswer(status: 413, reason: "PayloadTooLarge", apnsID: "generated-id"))
        // A VoIP push may have 5120 bytes.
        #expect(APNsGateway.bodyLimit(pushType: "voip") == 5120)
        #expect(APNsGateway.bodyLimit(pushType: "alert") == 4096)
        #expect(APNsGateway.bodyLimit(pushType: nil) == 4096)
        // The rule measures the body it holds: 4097 bytes are too many.
        let padded = #"{"aps":{"alert":"Hi"},"x":""# + String(repeating: "p", count: 4097 - 29) + #""}"#
        #expect(padded.utf8.count == 4097)
        #expect(answer(Self.request(body: padded)).reason == "PayloadTooLarge")
    }

    @Test func providerTokensAreCheckedAsAPNsChecksThem() {
        #expect(answer(Self.request(authorization: nil)) == APNsAnswer(status: 403, reason: "MissingProviderToken", apnsID: "generated-id"))
        #expect(answer(Self.request(authorization: "basic abc")).reason == "MissingProviderToken")
        #expect(answer(Self.request(authorization: "bearer x.y")).reason == "InvalidProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(alg: "HS256"))")).reason == "InvalidProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(kid: nil))")).reason == "InvalidProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(iss: nil))")).reason == "InvalidProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(signature: [1, 2]))")).reason == "InvalidProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(age: 3601))")).reason == "ExpiredProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(age: 3599))")).status == 200)
    }

    @Test func theKeyTheTeamAndTheSignatureAreCheckedWhenGiven() {
        var gateway = gateway
        gateway.authentication = ProviderAuthentication(keyID: "ABC123DEFG", teamID: "TEAM123456", verifier: { input, signature in
            // The signing input is the token's first two parts with their dot.
            input.filter { $0 == UInt8(ascii: ".") }.count == 1 && signature == Array(repeating: 7, count: 64)
        })
        #expect(answer(Self.request(), gateway: gateway).status == 200)
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(signature: Array(repeating: 8, count: 64)))"), gateway: gateway).reason == "InvalidProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(kid: "OTHERKEY12"))"), gateway: gateway).reason == "InvalidProviderToken")
        #expect(answer(Self.request(authorization: "bearer \(Self.jwt(iss: "OTHERTEAM1"))"), gateway: gateway).reason == "InvalidProviderToken")
        // A verified client certificate stands in for a token.
        gateway.authentication.acceptsClientCertificates = true
        var certified = Self.request(authorization: nil)
        certified.hasClientCertificate = true
        #expect(answer(certified, gateway: gateway).status == 200)
    }

    @Test func theDevicesTheUserDescribesAreAnsweredAsAPNsWould() {
        var gateway = gateway
        gateway.devices = DeviceRegistry(unregistered: [Self.token.uppercased(): 1_799_000_000_000], topics: ["abcd": ["com.example.other"]])
        #expect(answer(Self.request(), gateway: gateway)
            == APNsAnswer(status: 410, reason: "Unregistered", apnsID: "generated-id", timestamp: 1_799_000_000_000))
        #expect(String(decoding: answer(Self.request(), gateway: gateway).body, as: UTF8.self)
            == #"{"reason":"Unregistered","timestamp":1799000000000}"#)
        let wrongTopic = answer(Self.request(path: "/3/device/abcd"), gateway: gateway)
        #expect(wrongTopic.status == 400 && wrongTopic.reason == "DeviceTokenNotForTopic")
        #expect(answer(Self.request([("apns-push-type", "alert"), ("apns-topic", "com.example.other")], path: "/3/device/abcd"), gateway: gateway).status == 200)
    }

    @Test func whatAPNsAcceptsIsAcceptedUnlessStrict() {
        // Priority 10 on a background push: a warning, so APNs's answer, 200.
        let background = Self.request([("apns-push-type", "background"), ("apns-topic", "com.example.app"), ("apns-priority", "10")],
                                      body: #"{"aps":{"content-available":1}}"#)
        #expect(answer(background).status == 200)
        // loc-args without loc-key: an error the device shows wrongly, which APNs accepts.
        let locArgs = Self.request(body: #"{"aps":{"alert":{"loc-args":["x"]}}}"#)
        #expect(answer(locArgs).status == 200)
        var strict = gateway
        strict.strict = true
        #expect(answer(locArgs, gateway: strict) == APNsAnswer(status: 400, reason: "SandboxStrictFinding", apnsID: "generated-id"))
        #expect(answer(background, gateway: strict).status == 200)
        // Strict mode does not hide APNs's own reason.
        #expect(answer(Self.request(path: "/3/device/zz"), gateway: strict).reason == "BadDeviceToken")
    }

    @Test func theConfigurationsRuleSettingsApply() throws {
        let configuration = try ConfigurationFile.parse(SourceText("rules:\n  priority-invalid: off\n"), path: "/project/.apns-lint.yml")
        let linter = Linter(configuration: configuration)
        #expect(answer(Self.request([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-priority", "7")]),
                       gateway: APNsGateway(linter: linter)).status == 200)
    }

    @Test func theLogLineIsADefinitionCheckReadsWithTheSameFindings() throws {
        let request = Self.request([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-priority", "7"), ("user-agent", "curl")],
                                   body: "{\"aps\":\n{\"alert\":{\"loc-args\":[\"x\"]}}}")
        let exchange = gateway.answer(request, apnsID: "generated-id", uniqueID: "unique-id")
        let line = String(decoding: exchange.logLine, as: UTF8.self)
        #expect(!line.contains("\n") && !line.contains("authorization") && !line.contains("user-agent"))
        #expect(line.hasPrefix(#"{"response":{"status":400,"reason":"BadPriority","apns-id":"generated-id","method":"POST","path":"/3/device/\#(Self.token)","received":"2027-01-15T08:00:00.000Z","body-bytes":37,"findings":[{"rule":"priority-invalid","severity":"error","reason":"BadPriority","pointer":"/headers/apns-priority","message":"apns-priority is \"7\", but APNs accepts only 10 (send now), 5 (send when power allows) and 1 (power first), and rejects anything else with 400 BadPriority"},{"rule":"loc-args-without-loc-key","severity":"error","pointer":"/payload/aps/alert/loc-args","message":"#))
        #expect(line.hasSuffix(#"},"dialect":"apns","device-token":"\#(Self.token)","headers":{"apns-push-type":"alert","apns-topic":"com.example.app","apns-priority":"7"},"payload":{"aps": {"alert":{"loc-args":["x"]}}}}"#))
        // Read back as a definition, the line gives the findings the gateway judged by, and nothing of `response`.
        let audit = Linter().lint(line, fileName: "sandbox.jsonl")
        #expect(audit.diagnostics.map(\.ruleID) == exchange.diagnostics.map(\.ruleID))
        #expect(exchange.diagnostics.map(\.ruleID).sorted() == ["loc-args-without-loc-key", "priority-invalid"])
        #expect(exchange.diagnostics.first { $0.ruleID == "priority-invalid" }?.rejection == .badPriority)
        #expect(exchange.diagnostics.first { $0.ruleID == "loc-args-without-loc-key" }?.rejection == nil)
    }

    /// Whole lines, byte for byte: each member the response can have, in its place (a timestamp, the unique id, the
    /// broadcast's id header, a body not kept, the gateway's findings), and a definition without a device token.
    @Test func logLinesArePinnedWhole() {
        let token = Self.token
        let received = #""received":"2027-01-15T08:00:00.000Z""#
        let headers = #""headers":{"apns-push-type":"alert","apns-topic":"com.example.app"}"#
        let accepted = gateway.answer(Self.request(), apnsID: "generated-id", uniqueID: "unique-id")
        #expect(String(decoding: accepted.logLine, as: UTF8.self) == #"{"response":{"status":200,"apns-id":"generated-id","apns-unique-id":"unique-id","method":"POST","path":"/3/device/\#(token)",\#(received),"body-bytes":22,"findings":[]},"dialect":"apns","device-token":"\#(token)",\#(headers),"payload":{"aps":{"alert":"Hi"}}}"#)

        var unregistering = gateway
        unregistering.devices = DeviceRegistry(unregistered: [token: 1_799_000_000_000])
        let gone = unregistering.answer(Self.request(), apnsID: "generated-id", uniqueID: "unique-id")
        #expect(String(decoding: gone.logLine, as: UTF8.self) == #"{"response":{"status":410,"reason":"Unregistered","timestamp":1799000000000,"apns-id":"generated-id","method":"POST","path":"/3/device/\#(token)",\#(received),"body-bytes":22,"findings":[{"severity":"error","reason":"Unregistered","message":"the device token is marked as no longer registered for the topic"}]},"dialect":"apns","device-token":"\#(token)",\#(headers),"payload":{"aps":{"alert":"Hi"}}}"#)

        var big = Self.request(body: String(repeating: "a", count: 4096), bodyLength: 5000)
        big.bodySHA256 = String(repeating: "ab", count: 32)
        let refused = gateway.answer(big, apnsID: "generated-id", uniqueID: "unique-id")
        #expect(String(decoding: refused.logLine, as: UTF8.self) == #"{"response":{"status":413,"reason":"PayloadTooLarge","apns-id":"generated-id","method":"POST","path":"/3/device/\#(token)",\#(received),"body-bytes":5000,"body-kept":false,"body-sha256":"\#(String(repeating: "ab", count: 32))","findings":[{"severity":"error","reason":"PayloadTooLarge","message":"the body is 5000 bytes, over the 4096 bytes APNs takes for apns-push-type alert"}]},"dialect":"apns","device-token":"\#(token)",\#(headers)}"#)

        let update = #"{"aps":{"timestamp":1799990000,"event":"update","content-state":{"score":"2-1"}}}"#
        let broadcast = gateway.answer(Self.request([("apns-push-type", "liveactivity"), ("apns-channel-id", "dHN0LXNyY2gtY2hubA==")], body: update,
                                                    path: "/4/broadcast/apps/com.example.scores"), apnsID: "generated-id", uniqueID: "unique-id")
        #expect(String(decoding: broadcast.logLine, as: UTF8.self) == #"{"response":{"status":200,"apns-request-id":"generated-id","method":"POST","path":"/4/broadcast/apps/com.example.scores",\#(received),"body-bytes":\#(update.utf8.count),"findings":[]},"dialect":"apns","headers":{"apns-push-type":"liveactivity","apns-channel-id":"dHN0LXNyY2gtY2hubA=="},"payload":\#(update)}"#)
    }

    @Test func aBodyThatIsNotJSONIsLoggedAsItCameAndReported() {
        let exchange = gateway.answer(Self.request(body: #"{"aps": {"alert": "Hi"}"#))
        // Undocumented: APNs's answer to a body that is not JSON. The sandbox accepts it, as it accepts what no rule
        // says APNs rejects, and reports it; strict mode refuses it.
        #expect(exchange.answer.status == 200)
        #expect(exchange.diagnostics.map(\.ruleID) == ["invalid-json"])
        #expect(String(decoding: exchange.logLine, as: UTF8.self).hasSuffix(#""payload":{"aps": {"alert": "Hi"}}"#))
    }

    @Test func aLogLineSaysWhetherItIsJSON() {
        #expect(gateway.answer(Self.request()).logLineIsJSON)
        #expect(!gateway.answer(Self.request(body: "not json")).logLineIsJSON)
        // A body of whitespace alone is no payload: the line leaves it out, and stays JSON.
        let blank = gateway.answer(Self.request(body: "  \n "))
        #expect(blank.answer.reason == "PayloadEmpty")
        #expect(blank.logLineIsJSON)
        #expect(String(decoding: blank.logLine, as: UTF8.self).hasSuffix(#""headers":{"apns-push-type":"alert","apns-topic":"com.example.app"}}"#))
    }

    @Test func withNoAuthARequestWithoutCredentialsIsAccepted() {
        var gateway = gateway
        gateway.authentication.acceptsNoCredentials = true
        #expect(answer(Self.request(authorization: nil), gateway: gateway).status == 200)
        // A token sent is still checked.
        #expect(answer(Self.request(authorization: "bearer x.y"), gateway: gateway).reason == "InvalidProviderToken")
    }

    /// Issue 49: a 413 was logged without its body and audited as "the payload has no aps" (missing-aps), about a body
    /// the sandbox never kept; the line now says the body was not kept (its size and SHA-256), and the audit reports
    /// the answer itself.
    @Test func aBodyOverTheLimitIsLoggedAsNotKeptAndAuditedAsTheAnswer() {
        var big = Self.request(body: String(repeating: "a", count: 4096), bodyLength: 5000)
        big.bodySHA256 = String(repeating: "ab", count: 32)
        let exchange = gateway.answer(big, apnsID: "generated-id", uniqueID: "unique-id")
        let line = String(decoding: exchange.logLine, as: UTF8.self)
        #expect(line.contains(#""body-bytes":5000,"body-kept":false,"body-sha256":"\#(String(repeating: "ab", count: 32))""#))
        #expect(!line.contains(#""payload""#))
        let audit = Linter().lint(line, fileName: "sandbox.jsonl")
        #expect(audit.diagnostics.map(\.ruleID) == ["apns-rejected"])
        #expect(audit.diagnostics.first?.severity == .error)
        #expect(audit.diagnostics.first?.rejection == .payloadTooLarge)
        #expect(audit.diagnostics.first?.message.hasPrefix("APNs answered 413 PayloadTooLarge") == true)
        // A request that is not a POST, with no body: no payload finding either.
        let get = gateway.answer(Self.request(body: "", method: "GET"))
        #expect(Linter().lint(String(decoding: get.logLine, as: UTF8.self), fileName: "sandbox.jsonl").diagnostics.map(\.ruleID) == ["apns-rejected"])
    }

    /// Issue 49: the audit passed requests the sandbox rejected outside the rules (403, 400 MissingTopic, 405, 413).
    @Test(arguments: [
        (authorization: nil as String?, headers: [("apns-push-type", "alert"), ("apns-topic", "com.example.app")], method: "POST", answer: "403 MissingProviderToken"),
        (authorization: "bearer \(jwt())", headers: [("apns-push-type", "alert")], method: "POST", answer: "400 MissingTopic"),
        (authorization: "bearer \(jwt())", headers: [("apns-push-type", "alert"), ("apns-topic", "com.example.app")], method: "PUT", answer: "405 MethodNotAllowed"),
    ])
    func theAuditReportsEachRejectionAtItsRecord(authorization: String?, headers: [(String, String)], method: String, answer: String) {
        let exchange = gateway.answer(Self.request(headers, method: method, authorization: authorization))
        #expect("\(exchange.answer.status) \(exchange.answer.reason ?? "")" == answer)
        let line = String(decoding: exchange.logLine, as: UTF8.self)
        let audit = Linter().lint(line, fileName: "sandbox.jsonl")
        #expect(audit.diagnostics.map(\.ruleID) == ["apns-rejected"])
        let diagnostic = audit.diagnostics.first
        #expect(diagnostic?.message.hasPrefix("APNs answered \(answer): ") == true)
        #expect(diagnostic?.pointer.description == "/response/status")
        // At `"status":…` in `{"response":{"status":…`.
        #expect(diagnostic?.range?.start == #"{"response":{"#.utf8.count)
    }

    @Test func aRejectionARuleExplainsIsReportedOnceByThatRule() {
        let exchange = gateway.answer(Self.request([("apns-push-type", "alert"), ("apns-topic", "com.example.app"), ("apns-priority", "7")]))
        #expect(exchange.answer.reason == "BadPriority")
        let audit = Linter().lint(String(decoding: exchange.logLine, as: UTF8.self), fileName: "sandbox.jsonl")
        #expect(audit.diagnostics.map(\.ruleID) == ["priority-invalid"])
        // A 200 is no finding.
        #expect(Linter().lint(String(decoding: gateway.answer(Self.request()).logLine, as: UTF8.self), fileName: "sandbox.jsonl").diagnostics.isEmpty)
    }

    @Test func timestampsAreUTCWithMilliseconds() {
        #expect(APNsGateway.utcTimestamp(0) == "1970-01-01T00:00:00.000Z")
        #expect(APNsGateway.utcTimestamp(1_800_000_000.0425) == "2027-01-15T08:00:00.042Z")
        #expect(APNsGateway.utcTimestamp(951_782_400) == "2000-02-29T00:00:00.000Z")
    }
}
