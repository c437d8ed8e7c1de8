import APNSLint
import APNSLintGateway
import Crypto
import NIOCore
import NIOHPACK
import NIOHTTP2
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP/2 stream, read as frames: gathers the request (keeping no more of the body than APNs takes), hands it to
/// the gateway, and writes the answer. `GET /` and `GET /requests` are the sandbox's pages. Frames, not NIO's
/// HTTP/1-style codec: that codec refuses a request without `:authority` (aioapns sends `host` instead), which APNs
/// answers.
final class StreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let sandbox: Sandbox
    private let hasClientCertificate: Bool
    private var method = ""
    private var path = ""
    private var headers: [ProviderRequest.Header] = []
    private var body: [UInt8] = []
    private var bodyLength = 0
    /// The SHA-256 of every body byte, kept or not: what the log records of a body over the limit.
    private var digest = SHA256()
    private var limit = 0
    private var answered = false

    init(sandbox: Sandbox, hasClientCertificate: Bool) {
        self.sandbox = sandbox
        self.hasClientCertificate = hasClientCertificate
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .headers(let frame):
            // The first HEADERS frame is the request's; a later one is trailers, which APNs's requests have none of.
            if method.isEmpty && path.isEmpty {
                for (name, value, _) in frame.headers {
                    switch name {
                    case ":method": method = value
                    case ":path": path = value
                    case ":scheme", ":authority", "host": break
                    default: headers.append(ProviderRequest.Header(name, value))
                    }
                }
                limit = APNsGateway.bodyLimit(pushType: headers.first { $0.name == "apns-push-type" }?.value)
            }
            if frame.endStream { respond(context: context) }
        case .data(let frame):
            if case .byteBuffer(var buffer) = frame.data {
                bodyLength += buffer.readableBytes
                buffer.withUnsafeReadableBytes { digest.update(bufferPointer: $0) }
                // Bytes past the limit are counted and dropped: the answer is 413 whatever they are.
                let room = limit - body.count
                if room > 0, let bytes = buffer.readBytes(length: min(room, buffer.readableBytes)) { body += bytes }
            }
            if frame.endStream { respond(context: context) }
        default:
            break
        }
    }

    /// Bytes in lowercase hex.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    private func respond(context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        if method == "GET", let page = sandbox.page(at: path) {
            write(status: 200, headers: [("content-type", page.contentType)], body: page.body, context: context)
            return
        }
        let request = ProviderRequest(method: method, path: path, headers: headers, body: body, bodyLength: bodyLength,
                                      bodySHA256: bodyLength > body.count ? Self.hex(Array(digest.finalize())) : nil,
                                      hasClientCertificate: hasClientCertificate, receivedAt: Date().timeIntervalSince1970)
        let exchange = sandbox.answer(request)
        write(status: exchange.answer.status, headers: exchange.answer.headers, body: exchange.answer.body, context: context)
    }

    private func write(status: Int, headers: [(name: String, value: String)], body: [UInt8], context: ChannelHandlerContext) {
        var fields = HPACKHeaders([(":status", String(status))])
        for header in headers { fields.add(name: header.name, value: header.value) }
        fields.add(name: "content-length", value: String(body.count))
        context.write(wrapOutboundOut(.headers(.init(headers: fields, endStream: body.isEmpty))), promise: nil)
        if !body.isEmpty {
            context.write(wrapOutboundOut(.data(.init(data: .byteBuffer(context.channel.allocator.buffer(bytes: body)), endStream: true))), promise: nil)
        }
        context.flush()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Ends a connection that is over: one idle (nothing read) for the sandbox's idle timeout, a client that stalls in
/// the TLS handshake, mid-request or forever; and one whose TLS or HTTP/2 failed (garbage frames, a failed
/// handshake: NIO's HTTP/2 handler sends GOAWAY, then this closes the socket). The server goes on with the others.
/// Placed both before the TLS handler (its errors, the idle events) and after the HTTP/2 handler (its errors).
final class ConnectionCloser: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
