import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// The listening side: HTTP/2 over TLS (ALPN `h2`, as APNs) and, on a port of its own, cleartext HTTP/2 with prior
/// knowledge (h2c). Every stream goes to a `StreamHandler`; all of HTTP/2 and TLS is SwiftNIO's.
public final class Server {
    public struct Listener {
        public var host: String
        public var port: Int
        /// The TLS context, or nil for cleartext HTTP/2.
        public var tls: NIOSSLContext?
        /// Whether the TLS layer demands a client certificate and verifies it (`--client-ca`): every request on such a
        /// connection is certificate-authenticated.
        public var verifiesClientCertificates: Bool

        public init(host: String, port: Int, tls: NIOSSLContext?, verifiesClientCertificates: Bool = false) {
            self.host = host
            self.port = port
            self.tls = tls
            self.verifiesClientCertificates = verifiesClientCertificates
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private var channels: [Channel] = []
    private let sandbox: Sandbox

    /// HTTP/2 settings as APNs's servers send them: up to 1000 concurrent streams, and headers of bounded size, so a
    /// connection holds at most that many bodies of at most 5 KB.
    static let settings: [HTTP2Setting] = [
        HTTP2Setting(parameter: .maxConcurrentStreams, value: 1000),
        HTTP2Setting(parameter: .maxHeaderListSize, value: 16384),
        HTTP2Setting(parameter: .maxFrameSize, value: 16384),
    ]

    public init(sandbox: Sandbox, threads: Int = System.coreCount) {
        self.sandbox = sandbox
        group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
    }

    /// Starts listening; returns the ports bound (port 0 picks a free one).
    public func start(_ listeners: [Listener], idleTimeout: TimeAmount) throws -> [Int] {
        var ports: [Int] = []
        for listener in listeners {
            let sandbox = self.sandbox
            let tls = listener.tls
            let certified = listener.verifiesClientCertificates
            let bootstrap = ServerBootstrap(group: group)
                .serverChannelOption(ChannelOptions.backlog, value: 256)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let operations = channel.pipeline.syncOperations
                        try operations.addHandler(IdleStateHandler(readTimeout: idleTimeout))
                        try operations.addHandler(ConnectionCloser())
                        if let tls { try operations.addHandler(NIOSSLServerHandler(context: tls)) }
                    }.flatMap {
                        channel.configureHTTP2Pipeline(mode: .server, initialLocalSettings: Self.settings) { stream in
                            stream.eventLoop.makeCompletedFuture {
                                try stream.pipeline.syncOperations.addHandler(StreamHandler(sandbox: sandbox, hasClientCertificate: certified))
                            }
                        }.flatMapThrowing { _ in
                            try channel.pipeline.syncOperations.addHandler(ConnectionCloser())
                        }
                    }
                }
            let channel = try bootstrap.bind(host: listener.host, port: listener.port).wait()
            channels.append(channel)
            ports.append(channel.localAddress?.port ?? listener.port)
        }
        // The log is written out every second, so a test that reads it soon after a request finds the line.
        group.next().scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { [sandbox] _ in sandbox.flush() }
        return ports
    }

    /// Stops listening, ends the connections, and writes the rest of the log.
    public func stop() {
        for channel in channels { try? channel.close().wait() }
        try? group.syncShutdownGracefully()
        sandbox.flush()
    }
}
