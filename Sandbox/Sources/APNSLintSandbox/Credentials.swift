import APNSLint
import APNSLintGateway
import Crypto
import NIOConcurrencyHelpers
import SwiftASN1
import X509
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Test certificates: a self-signed CA, a server certificate it signs for `localhost`, 127.0.0.1 and ::1, and a client
/// certificate for certificate-based provider authentication. P-256 keys, a year's validity.
public enum TestCertificates {
    public static let files = (ca: "ca.pem", caKey: "ca-key.pem", server: "server.pem", serverKey: "server-key.pem",
                               client: "client.pem", clientKey: "client-key.pem")

    /// Writes the certificates into `directory` (made if missing), unless its server certificate is there already.
    /// Returns whether it wrote them.
    @discardableResult
    public static func generate(in directory: String, now: Date = Date()) throws -> Bool {
        let manager = FileManager.default
        if manager.fileExists(atPath: path(files.server, in: directory)) { return false }
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("apns-lint sandbox test CA") }
        let caPublic = Certificate.PublicKey(caKey.publicKey)
        let validity = (now - 3600, now + 365 * 86_400)
        let ca = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: caPublic, notValidBefore: validity.0, notValidAfter: validity.1,
            issuer: caName, subject: caName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: caPublic)
            },
            issuerPrivateKey: .init(caKey))
        func leaf(_ name: String, usage: ExtendedKeyUsage.Usage, names: [GeneralName]) throws -> (Certificate, P256.Signing.PrivateKey) {
            let key = P256.Signing.PrivateKey()
            let publicKey = Certificate.PublicKey(key.publicKey)
            let certificate = try Certificate(
                version: .v3, serialNumber: .init(), publicKey: publicKey, notValidBefore: validity.0, notValidAfter: validity.1,
                issuer: caName, subject: try DistinguishedName { CommonName(name) }, signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    Critical(BasicConstraints.notCertificateAuthority)
                    Critical(KeyUsage(digitalSignature: true))
                    try ExtendedKeyUsage([usage])
                    SubjectKeyIdentifier(hash: publicKey)
                    AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: caPublic).keyIdentifier)
                    if !names.isEmpty { SubjectAlternativeNames(names) }
                },
                issuerPrivateKey: .init(caKey))
            return (certificate, key)
        }
        let server = try leaf("localhost", usage: .serverAuth, names: [
            .dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
            .ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        ])
        let client = try leaf("com.example.app", usage: .clientAuth, names: [])
        try write(try ca.serializeAsPEM().pemString, to: path(files.ca, in: directory))
        try write(caKey.pemRepresentation, to: path(files.caKey, in: directory), secret: true)
        try write(try server.0.serializeAsPEM().pemString, to: path(files.server, in: directory))
        try write(server.1.pemRepresentation, to: path(files.serverKey, in: directory), secret: true)
        try write(try client.0.serializeAsPEM().pemString, to: path(files.client, in: directory))
        try write(client.1.pemRepresentation, to: path(files.clientKey, in: directory), secret: true)
        return true
    }

    /// How to make clients trust the CA in `directory`.
    public static func trustAdvice(directory: String, port: Int) -> String {
        let ca = path(files.ca, in: directory)
        return """
            The sandbox's certificates are in \(directory). Its CA is \(ca); trust it for tests only:
              curl:    curl --http2 --cacert \(ca) https://localhost:\(port)/3/device/<token> …
              Python:  httpx.Client(http2=True, verify="\(ca)"), or SSL_CERT_FILE=\(ca)
              Node.js: NODE_EXTRA_CA_CERTS=\(ca)
              Java:    keytool -importcert -alias apns-lint-sandbox -file \(ca) -keystore <truststore>
              Debian:  sudo cp \(ca) /usr/local/share/ca-certificates/apns-lint-sandbox.crt && sudo update-ca-certificates
              macOS:   sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain \(ca)
            A client certificate signed by the same CA, for certificate-based authentication (--client-ca \(ca)):
              \(path(files.client, in: directory)) with key \(path(files.clientKey, in: directory))
            """
    }

    static func path(_ name: String, in directory: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func write(_ text: String, to path: String, secret: Bool = false) throws {
        try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        if secret { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
    }
}

/// The `.p8` key APNs gave the team (a PKCS #8 P-256 private key), or its public key, as the checker of provider
/// tokens' signatures.
public enum SigningKey {
    public static func verifier(pemFile path: String) throws -> ProviderAuthentication.Verifier {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SandboxError("cannot read the key \(path): \(error)")
        }
        let publicKey: P256.Signing.PublicKey
        if let privateKey = try? P256.Signing.PrivateKey(pemRepresentation: text) {
            publicKey = privateKey.publicKey
        } else if let key = try? P256.Signing.PublicKey(pemRepresentation: text) {
            publicKey = key
        } else {
            throw SandboxError("\(path) holds no P-256 key in PEM (a .p8 file from Apple is a \"PRIVATE KEY\"; its public key is a \"PUBLIC KEY\")")
        }
        // A sender signs a token once and sends it for up to an hour: each token is verified once, and the verdict
        // kept (h2load, 100,000 requests with one token: 20,000 requests/s verifying each, 30,000 with the cache).
        let verdicts = NIOLockedValueBox<[[UInt8]: Bool]>([:])
        return { signingInput, signature in
            let token = signingInput + signature
            if let known = verdicts.withLockedValue({ $0[token] }) { return known }
            let valid = (try? P256.Signing.ECDSASignature(rawRepresentation: signature)).map { publicKey.isValidSignature($0, for: signingInput) } ?? false
            verdicts.withLockedValue { verdicts in
                if verdicts.count >= 1024 { verdicts.removeAll() }
                verdicts[token] = valid
            }
            return valid
        }
    }

    /// The key ID in an Apple key file's name, `AuthKey_ABC123DEFG.p8`.
    public static func keyID(fromFileName path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasPrefix("AuthKey_"), name.hasSuffix(".p8") else { return nil }
        let id = name.dropFirst("AuthKey_".count).dropLast(".p8".count)
        return id.isEmpty ? nil : String(id)
    }
}

/// The sandbox's test key for provider tokens: a P-256 key in a `.p8` file as Apple gives one (PKCS #8 PEM), named
/// `AuthKey_<key ID>.p8`, for `apns-lint-sandbox token` to sign with.
public enum TestAuthKey {
    /// The key ID the test key's file name carries (ten characters, as Apple's).
    public static let keyID = "SANDBOXKEY"

    /// Writes the key into `directory` (made if missing) unless it is there; returns its path.
    @discardableResult
    public static func write(in directory: String) throws -> String {
        let path = TestCertificates.path("AuthKey_\(keyID).p8", in: directory)
        let manager = FileManager.default
        if manager.fileExists(atPath: path) { return path }
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data((P256.Signing.PrivateKey().pemRepresentation + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }
}

/// A provider authentication token as APNs expects it: a JWT signed with ES256 by the team's `.p8` key, its header
/// naming the key (`alg`, `kid`), its claims the team and when it was made (`iss`, `iat`).
public enum ProviderTokenSigner {
    public static func token(keyFile path: String, keyID: String, teamID: String, issuedAt: Int) throws -> String {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw SandboxError("cannot read the key \(path): \(error)")
        }
        guard let key = try? P256.Signing.PrivateKey(pemRepresentation: text) else {
            throw SandboxError("\(path) holds no P-256 private key in PEM (a .p8 file from Apple is a \"PRIVATE KEY\")")
        }
        func encode(_ bytes: [UInt8]) -> String {
            Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_")
                .replacing("=", with: "")
        }
        let header = JSONValue.object([("alg", "ES256"), ("kid", .string(keyID))]).bytes(.compact)
        let claims = JSONValue.object([("iss", .string(teamID)), ("iat", .int(issuedAt))]).bytes(.compact)
        let signingInput = encode(header) + "." + encode(claims)
        let signature = try key.signature(for: Data(signingInput.utf8))
        return signingInput + "." + encode(Array(signature.rawRepresentation))
    }
}

/// Where the sandbox's default files go: `--state-dir`, else `$XDG_STATE_HOME/apns-lint-sandbox`, else
/// `~/.local/state/apns-lint-sandbox`; never the current directory (a checkout).
public struct StateDirectory {
    public let path: String

    public init(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let explicit {
            path = explicit
        } else if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            path = TestCertificates.path("apns-lint-sandbox", in: state)
        } else if let home = environment["HOME"], !home.isEmpty {
            path = TestCertificates.path(".local/state/apns-lint-sandbox", in: home)
        } else {
            throw SandboxError("no state directory: set HOME or XDG_STATE_HOME, or give --state-dir")
        }
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { TestCertificates.path(name, in: path) }
}
