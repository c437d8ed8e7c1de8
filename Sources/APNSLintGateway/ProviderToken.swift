import APNSLintModel
import APNSLintSyntax

/// Provider authentication as APNs checks it: a bearer JWT signed with ES256, whose header names the key (`kid`) and
/// whose claims name the team (`iss`) and when it was made (`iat`, at most an hour ago), or a client certificate.
/// The signature is checked when a verifier is given (the sandbox makes one from the `.p8` key); otherwise the
/// token's structure and claims are.
public struct ProviderAuthentication: Sendable {
    /// Checks an ES256 signature (64 bytes, r then s) over the token's signing input (`header.claims`).
    public typealias Verifier = @Sendable (_ signingInput: [UInt8], _ signature: [UInt8]) -> Bool

    /// The key ID a token must name, when known (from the key file's name, `AuthKey_<kid>.p8`, or given).
    public var keyID: String?
    /// The team ID a token's issuer must be, when given.
    public var teamID: String?
    public var verifier: Verifier?
    /// Whether a client certificate stands in for a token (the server asked for one and verified it).
    public var acceptsClientCertificates: Bool
    /// Whether a request with no credentials at all is accepted (the sandbox's `--no-auth`, a local run; not APNs).
    public var acceptsNoCredentials: Bool

    /// APNs refuses a token made more than an hour ago ("Refresh your token no more than once every 20 minutes and no
    /// less than once every 60 minutes").
    public static let lifetime: Double = 3600

    public init(keyID: String? = nil, teamID: String? = nil, verifier: Verifier? = nil, acceptsClientCertificates: Bool = false,
                acceptsNoCredentials: Bool = false) {
        self.acceptsNoCredentials = acceptsNoCredentials
        self.keyID = keyID
        self.teamID = teamID
        self.verifier = verifier
        self.acceptsClientCertificates = acceptsClientCertificates
    }

    /// Why APNs refuses the request's credentials, or nil when it accepts them.
    public func refusal(of request: ProviderRequest) -> GatewayFinding? {
        guard let authorization = request.header("authorization") else {
            if acceptsClientCertificates && request.hasClientCertificate || acceptsNoCredentials { return nil }
            return GatewayFinding(.missingProviderToken, "the request has no authorization header and the connection no client certificate; with token-based authentication each request carries \"authorization: bearer <JWT>\"")
        }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            return GatewayFinding(.missingProviderToken, "the authorization header is not \"bearer <JWT>\", so it carries no provider token")
        }
        return refusal(ofToken: String(parts[1]), now: request.receivedAt)
    }

    /// Why APNs refuses the JWT `token` at `now` (seconds since 1970), or nil.
    public func refusal(ofToken token: String, now: Double) -> GatewayFinding? {
        func invalid(_ why: String) -> GatewayFinding { GatewayFinding(.invalidProviderToken, "the provider token \(why)") }
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return invalid("has \(segments.count) part\(segments.count == 1 ? "" : "s"), not the three of a JWT (header.claims.signature)") }
        guard let header = Base64.decode(segments[0], alphabet: .urlSafe).flatMap(Self.object) else { return invalid("header is not base64url-encoded JSON object") }
        guard let claims = Base64.decode(segments[1], alphabet: .urlSafe).flatMap(Self.object) else { return invalid("claims are not a base64url-encoded JSON object") }
        guard let signature = Base64.decode(segments[2], alphabet: .urlSafe) else { return invalid("signature is not base64url") }
        let algorithm = header.member("alg")?.value.string
        guard algorithm == "ES256" else {
            return invalid("is signed with \(algorithm.map { "\"\($0)\"" } ?? "no algorithm"), but APNs takes ES256 (ECDSA with P-256 and SHA-256) only")
        }
        guard let kid = header.member("kid")?.value.string, !kid.isEmpty else { return invalid("header has no \"kid\": the 10-character key ID of the .p8 key") }
        if let keyID, kid != keyID { return invalid("names key \"\(kid)\", but the sandbox was given key \"\(keyID)\"") }
        guard let issuer = claims.member("iss")?.value.string, !issuer.isEmpty else { return invalid("claims have no \"iss\": the 10-character team ID") }
        if let teamID, issuer != teamID { return invalid("issuer is team \"\(issuer)\", but the sandbox was given team \"\(teamID)\"") }
        guard let issuedAt = claims.member("iat")?.value.number?.doubleValue else { return invalid("claims have no \"iat\" (when it was made, in seconds since 1970)") }
        if issuedAt < now - Self.lifetime {
            return GatewayFinding(.expiredProviderToken, "the provider token was made \(Int(now - issuedAt)) seconds ago (iat \(claims.member("iat")!.value.number!)); APNs takes one at most an hour old")
        }
        guard signature.count == 64 else { return invalid("signature is \(signature.count) bytes, not the 64 of an ES256 signature (r and s, 32 bytes each)") }
        if let verifier {
            let signingInput = Array(token.utf8.prefix(segments[0].utf8.count + 1 + segments[1].utf8.count))
            if !verifier(signingInput, signature) { return invalid("signature does not verify with the sandbox's key") }
        }
        return nil
    }

    private static func object(_ bytes: [UInt8]) -> DocumentNode? {
        let parsed = JSONReader.read(SourceText(bytes: bytes))
        guard parsed.problems.isEmpty, let document = parsed.documents.first, document.isObject else { return nil }
        return document
    }
}
