import APNSLint
import NIOCore
import NIOHTTP1
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One HTTP/2 stream, seen through NIO's HTTP/1-style codec: gathers the request (keeping no more of the body than
/// APNs takes), hands it to the gateway, and writes the answer. `GET /` and `GET /requests` are the sandbox's pages.
final class StreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let sandbox: Sandbox
    private let hasClientCertificate: Bool
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []
    private var bodyLength = 0
    private var limit = 0

    init(sandbox: Sandbox, hasClientCertificate: Bool) {
        self.sandbox = sandbox
        self.hasClientCertificate = hasClientCertificate
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            limit = APNsGateway.bodyLimit(pushType: head.headers.first(name: "apns-push-type"))
        case .body(var buffer):
            bodyLength += buffer.readableBytes
            // Bytes past the limit are counted and dropped: the answer is 413 whatever they are.
            let room = limit - body.count
            if room > 0, let bytes = buffer.readBytes(length: min(room, buffer.readableBytes)) { body += bytes }
        case .end:
            guard let head else { return }
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let page: Sandbox.Page? = head.method == .GET ? sandbox.page(at: head.uri) : nil
        if let page {
            write(status: 200, headers: [("content-type", page.contentType)], body: page.body, context: context)
            return
        }
        let request = ProviderRequest(
            method: head.method.rawValue, path: head.uri,
            headers: head.headers.filter { $0.name.lowercased() != "host" }.map { ProviderRequest.Header($0.name.lowercased(), $0.value) },
            body: body, bodyLength: bodyLength, hasClientCertificate: hasClientCertificate,
            receivedAt: Date().timeIntervalSince1970)
        let exchange = sandbox.answer(request)
        write(status: exchange.answer.status, headers: exchange.answer.headers, body: exchange.answer.body, context: context)
    }

    private func write(status: Int, headers: [(name: String, value: String)], body: [UInt8], context: ChannelHandlerContext) {
        var fields = HTTPHeaders(headers)
        fields.add(name: "content-length", value: String(body.count))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http2, status: HTTPResponseStatus(statusCode: status), headers: fields))), promise: nil)
        if !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Closes a connection that has been idle (nothing read) for the sandbox's idle timeout: a client that stalls in
/// the TLS handshake, mid-request or forever holds nothing for long.
final class IdleCloser: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Garbage frames, a failed handshake, a reset: this connection is over; the server goes on.
        context.close(promise: nil)
    }
}
