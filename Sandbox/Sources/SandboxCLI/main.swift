import APNSLint
import APNSLintGateway
import APNSLintSandbox
import ArgumentParser
import NIOCore
import NIOSSL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `apns-lint-sandbox`: an APNs provider API on this machine for a sender's tests. Every request is judged by
/// apns-lint's rules, answered as APNs answers it, and logged for `apns-lint check`.
struct SandboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apns-lint-sandbox",
        abstract: "An APNs sandbox: an HTTP/2 server that answers as APNs does, judged by apns-lint's rules.",
        subcommands: [ServeCommand.self, TokenCommand.self], defaultSubcommand: ServeCommand.self)
}

/// Serves the provider API (the default subcommand).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "An APNs sandbox: an HTTP/2 server that answers as APNs does, judged by apns-lint's rules.",
        discussion: """
            Point a sender's tests at it instead of api.sandbox.push.apple.com. POST /3/device/<token> is answered \
            as APNs answers it (200 with apns-id and apns-unique-id, or the documented status and reason); each \
            request and its findings are appended to the log, which `apns-lint check <log>` audits afterwards. \
            GET / lists the recent requests; GET /requests gives them as JSON. Ctrl-C (or SIGTERM) stops it and \
            prints a summary.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TLS port (HTTP/2 with ALPN h2, as APNs; default 8443); 0 picks a free one. Served unless only --h2c-port is given; with neither --cert/--key nor --generate-cert, with test certificates in the state directory.")
    var port: Int?

    @Option(help: ArgumentHelp("Where the default files go: the test certificates, the test key, the log (default: $XDG_STATE_HOME/apns-lint-sandbox, else ~/.local/state/apns-lint-sandbox).", valueName: "dir"))
    var stateDir: String?

    @Flag(help: "Accept requests without provider authentication (no authorization header, no client certificate): a local run only; a token sent is still checked.")
    var noAuth = false

    @Option(help: ArgumentHelp("Also serve cleartext HTTP/2 (h2c, prior knowledge) on this port; 0 picks a free one.", valueName: "port"))
    var h2cPort: Int?

    @Option(help: ArgumentHelp("The server certificate chain (PEM).", valueName: "file"))
    var cert: String?

    @Option(help: ArgumentHelp("The server certificate's private key (PEM).", valueName: "file"))
    var key: String?

    @Option(help: ArgumentHelp("Write a test CA, a server certificate for localhost and a client certificate into this directory (unless they are there), print how to trust them, and serve with them.", valueName: "dir"))
    var generateCert: String?

    @Option(help: ArgumentHelp("Demand a client certificate signed by this CA (certificate-based provider authentication).", valueName: "file"))
    var clientCA: String?

    @Option(help: ArgumentHelp("The team's .p8 key (or its public key, PEM): provider tokens' signatures are checked with it. Without it only their structure and age are.", valueName: "file"))
    var authKey: String?

    @Option(help: ArgumentHelp("The key ID tokens must name (default: from an AuthKey_<id>.p8 file name).", valueName: "id"))
    var keyID: String?

    @Option(help: ArgumentHelp("The team ID tokens must be issued by.", valueName: "id"))
    var teamID: String?

    @Option(name: .customLong("unregistered"), help: ArgumentHelp("A device token to answer 410 Unregistered, optionally with when it stopped being valid: <token>[@<milliseconds since 1970>]. Repeatable.", valueName: "token"))
    var unregistered: [String] = []

    @Option(name: .customLong("token-topic"), help: ArgumentHelp("A device token and a topic it is registered for: <token>=<topic>. A token given so is answered 400 DeviceTokenNotForTopic for any other topic. Repeatable.", valueName: "token=topic"))
    var tokenTopics: [String] = []

    @Flag(help: "Answer 400 SandboxStrictFinding for any error finding, even where APNs accepts the request (not APNs's behaviour).")
    var strict = false

    @Option(help: ArgumentHelp("The JSON Lines log every request is appended to ('' for none; default: apns-sandbox.jsonl in the state directory).", valueName: "file"))
    var log: String?

    @Option(help: ArgumentHelp("Use this configuration file (rule settings) instead of the nearest .apns-lint.yml.", valueName: "path"))
    var config: String?

    @Flag(help: "Ignore every configuration file.")
    var isolated = false

    @Option(help: ArgumentHelp("The app that receives the notifications, to judge requests against (repeatable), as `apns-lint check --app` takes it: an .xcodeproj, an XcodeGen project.yml, a Swift package, or a folder holding one; none for no app (default: the configuration's app:, else the Xcode project of the repository the sandbox is started in).", valueName: "path"))
    var app: [String] = []

    @Option(help: ArgumentHelp("With --app: a target of the app's project to read (repeatable; default: all).", valueName: "name"))
    var appTarget: [String] = []

    @Option(help: ArgumentHelp("Close a connection that sends nothing for this many seconds.", valueName: "seconds"))
    var idleTimeout = 300

    @Option(help: ArgumentHelp("How many recent requests GET / and GET /requests show.", valueName: "count"))
    var recent = 500

    @Option(help: ArgumentHelp("Event-loop threads (default: one per core).", valueName: "count"))
    var threads: Int?

    func validate() throws {
        if config != nil && isolated { throw ValidationError("--config and --isolated contradict each other: pick one") }
        if (cert == nil) != (key == nil) { throw ValidationError("--cert and --key go together") }
        if cert != nil && generateCert != nil { throw ValidationError("--cert/--key and --generate-cert contradict each other: pick one") }
        if let problem = AppReading.commandLineProblem(app: app, targets: appTarget) { throw ValidationError(problem) }
    }

    func run() throws {
        let state = try StateDirectory(explicit: stateDir)
        print("apns-lint-sandbox: state directory: \(state.path)")
        var tls: (cert: String, key: String)? = cert.flatMap { cert in key.map { (cert, $0) } }
        // TLS unless only --h2c-port is given; without certificates, the test ones in the state directory.
        let servesTLS = tls != nil || generateCert != nil || port != nil || h2cPort == nil
        let certificates = generateCert ?? (servesTLS && tls == nil ? state.file("certs") : nil)
        if let directory = certificates {
            if try TestCertificates.generate(in: directory) {
                printError("apns-lint-sandbox: wrote a test CA and certificates into \(directory)")
            }
            tls = (directoryPath(directory, TestCertificates.files.server), directoryPath(directory, TestCertificates.files.serverKey))
        }
        // The test key for provider tokens (`apns-lint-sandbox token --key …` signs with it), unless one is given.
        let testKey = try TestAuthKey.write(in: state.path)
        let gateway = try makeGateway()
        // The audit of the log judges it against the same app.
        let auditOptions = app.flatMap { ["--app", $0] } + appTarget.flatMap { ["--app-target", $0] }
        let logPath = log ?? state.file("apns-sandbox.jsonl")
        let sandbox = try Sandbox(gateway: gateway, logPath: logPath.isEmpty ? nil : logPath, recentLimit: recent, auditOptions: auditOptions)
        let server = Server(sandbox: sandbox, threads: threads ?? System.coreCount)
        var listeners: [Server.Listener] = []
        if let tls {
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(tls.cert).map { .certificate($0) }, privateKey: .privateKey(try NIOSSLPrivateKey(file: tls.key, format: .pem)))
            configuration.applicationProtocols = ["h2"]
            if let clientCA {
                configuration.certificateVerification = .noHostnameVerification
                configuration.trustRoots = .file(clientCA)
            }
            listeners.append(Server.Listener(host: host, port: port ?? 8443, tls: try NIOSSLContext(configuration: configuration),
                                             verifiesClientCertificates: clientCA != nil))
        }
        if let h2cPort { listeners.append(Server.Listener(host: host, port: h2cPort, tls: nil)) }
        let ports = try server.start(listeners, idleTimeout: .seconds(Int64(idleTimeout)))
        for (listener, port) in zip(listeners, ports) {
            print("apns-lint-sandbox: listening on \(listener.tls == nil ? "http" : "https")://\(host):\(port) (\(listener.tls == nil ? "h2c" : "HTTP/2 over TLS")\(listener.verifiesClientCertificates ? ", client certificates" : ""))")
        }
        if !logPath.isEmpty { print("apns-lint-sandbox: log: \(logPath)") }
        if noAuth {
            print("apns-lint-sandbox: --no-auth: requests without provider authentication are accepted (APNs answers them 403 MissingProviderToken)")
        } else if authKey == nil {
            print("apns-lint-sandbox: a provider token for it: export JWT=$(\(CommandLine.arguments[0]) token --key \(testKey) --team-id TEAM123456)")
        }
        if let directory = certificates, let tlsPort = ports.first, tls != nil {
            print(TestCertificates.trustAdvice(directory: directory, port: tlsPort))
        }
        if strict { print("apns-lint-sandbox: strict: any error finding is answered 400 \(APNsGateway.strictReason), which APNs never sends") }
        flushStandardOutput()
        waitForSignal()
        server.stop()
        printError(sandbox.summary)
    }

    private func makeGateway() throws -> APNsGateway {
        let request = FileManager.default.currentDirectoryPath + "/request.json"
        let workspace: Workspace
        let linter: Linter
        do {
            // The app as `apns-lint check` takes it: --app, else the configuration's app:, else the repository's project.
            let app = try AppReading.commandLineSetting(app: app, targets: appTarget)
            // The sandbox stands for APNs's development environment (api.sandbox.push.apple.com): requests to it are
            // checked as such (app-environment-mismatch).
            var settings = Settings(app: app)
            settings.environment = .development
            workspace = Workspace(source: isolated ? .none : config.map { .file($0) } ?? .nearest, commandLine: settings)
            linter = try workspace.linter(for: request)
        } catch {
            throw SandboxError("\(error)")
        }
        // Which app the app-aware rules judge requests against; a project found but unreadable leaves them off.
        // (The command line's settings are the configuration's last override: what a request, no file, gets.)
        switch linter.configuration.settings(for: nil).app {
        case let setting? where setting.context != nil: print("apns-lint-sandbox: app: \(setting)")
        case nil: if let problem = workspace.discoveredApp(for: request).problem { printError("apns-lint-sandbox: warning: \(problem)") }
        default: break
        }
        var authentication = ProviderAuthentication(keyID: keyID ?? authKey.flatMap(SigningKey.keyID(fromFileName:)), teamID: teamID,
                                                    acceptsClientCertificates: clientCA != nil, acceptsNoCredentials: noAuth)
        if let authKey { authentication.verifier = try SigningKey.verifier(pemFile: authKey) }
        var gone: [String: Int64] = [:]
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        for entry in unregistered {
            let parts = entry.split(separator: "@", maxSplits: 1)
            guard let since = parts.count == 2 ? Int64(parts[1]) : now else {
                throw ValidationError("--unregistered \(entry): the time after @ is not a whole number of milliseconds")
            }
            gone[String(parts[0])] = since
        }
        var topics: [String: Set<String>] = [:]
        for entry in tokenTopics {
            let parts = entry.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw ValidationError("--token-topic \(entry): write <token>=<topic>") }
            topics[String(parts[0]), default: []].insert(String(parts[1]))
        }
        return APNsGateway(linter: linter, authentication: authentication,
                           devices: DeviceRegistry(unregistered: gone, topics: topics), strict: strict)
    }

    private func directoryPath(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// `apns-lint-sandbox token`: prints a provider authentication token for `authorization: bearer …`.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print a provider authentication token (an ES256 JWT: header alg and kid, claims iss and iat) signed with a .p8 key.",
        discussion: """
            The sandbox writes a test key into its state directory at start-up (AuthKey_\(TestAuthKey.keyID).p8) and \
            prints this command for it. A token is good for an hour. Send it as "authorization: bearer <token>".
            """)

    @Option(help: ArgumentHelp("The .p8 key to sign with (Apple's AuthKey_<key ID>.p8, or the sandbox's test key).", valueName: "file"))
    var key: String

    @Option(help: ArgumentHelp("The team ID, the token's issuer (iss).", valueName: "id"))
    var teamID: String

    @Option(help: ArgumentHelp("The key ID (kid) (default: from an AuthKey_<id>.p8 file name).", valueName: "id"))
    var keyID: String?

    func validate() throws {
        if keyID == nil && SigningKey.keyID(fromFileName: key) == nil {
            throw ValidationError("give --key-id: \(key) is not named AuthKey_<key ID>.p8")
        }
    }

    func run() throws {
        do {
            print(try ProviderTokenSigner.token(keyFile: key, keyID: keyID ?? SigningKey.keyID(fromFileName: key)!, teamID: teamID,
                                                issuedAt: Int(Date().timeIntervalSince1970)))
        } catch let error as SandboxError {
            printError("apns-lint-sandbox token: \(error)")
            throw ExitCode(1)
        }
    }
}

/// Blocks until SIGINT or SIGTERM.
func waitForSignal() {
    let stop = DispatchSemaphore(value: 0)
    var sources: [DispatchSourceSignal] = []
    for sig in [SIGINT, SIGTERM] {
        signal(sig, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler { stop.signal() }
        source.resume()
        sources.append(source)
    }
    stop.wait()
    _ = sources
}

func flushStandardOutput() {
    fflush(nil)
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

SandboxCommand.main()
