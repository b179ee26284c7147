import NIOCore
import NIOHTTP1

/// What the HTTP/1 decoder knows and the HTTP types Hummingbird works in do not carry: each request's
/// version and its `Transfer-Encoding`. Sits between NIO's HTTP/1 codec and Hummingbird's conversion
/// to HTTP types.
///
/// - HTTP/1.0 (RFC 9112 §9.3): a request without `Connection: keep-alive` is answered with
///   `Connection: close` and the connection closes after the response; a response of unknown length
///   (a streamed one) is never chunked, which 1.0 cannot read, but ends with the connection; a kept-alive
///   1.0 response says `Connection: keep-alive`. Responses to 1.0 say `HTTP/1.0`.
/// - A `Transfer-Encoding` with a coding other than `chunked` (`gzip, chunked`) is one the gateway does
///   not decode: the request reaches the routes marked with ``unsupportedTransferCodingField``, and
///   ``RequestMetricsMiddleware`` answers it 501 (RFC 9112 §6.1) instead of reading a compressed body as
///   JSON.
/// - An HTTP/1.1 request without `Host` is marked with ``missingHostField`` and answered 400 (RFC 9112 §3.2).
/// - `Expect: 100-continue` (HTTP/1.1) is answered `100 Continue` at once, so a client that waits for it
///   (curl, for a chunked upload) sends its body without a second's pause (RFC 9110 §10.1.1).
final class HTTPVersionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// The name of the field that carries the unsupported codings to the routes. A client's own field of
    /// this name is removed first.
    static let unsupportedTransferCodingField = "push-gateway-unsupported-transfer-coding"
    /// The name of the field that marks an HTTP/1.1 request without `Host`, which RFC 9112 §3.2 says to answer
    /// with 400; ``RequestMetricsMiddleware`` does. A client's own field of this name is removed first.
    static let missingHostField = "push-gateway-missing-host"

    /// For each request read and not yet answered, in order: `nil` for HTTP/1.1, or whether the 1.0
    /// client asked to keep the connection alive.
    private var pending: [Bool?] = []
    /// The response being written goes to a 1.0 client and ends the connection.
    private var closesAfterResponse = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        head.headers.remove(name: Self.unsupportedTransferCodingField)
        let codings = head.headers[canonicalForm: "transfer-encoding"].filter { $0.lowercased() != "chunked" }
        if !codings.isEmpty {
            head.headers.add(name: Self.unsupportedTransferCodingField, value: codings.joined(separator: ", "))
        }
        head.headers.remove(name: Self.missingHostField)
        let isHTTP11 = head.version.major == 1 && head.version.minor == 1
        if isHTTP11 && !head.headers.contains(name: "host") {
            head.headers.add(name: Self.missingHostField, value: "1")
        }
        if isHTTP11, head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
            // The client waits (curl: a second) for this before it sends the body; the final status follows.
            context.writeAndFlush(
                NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .continue))),
                promise: nil
            )
        }
        if head.version.major == 1 && head.version.minor == 0 {
            let keepAlive = head.isKeepAlive
            pending.append(keepAlive)
            if !keepAlive { head.headers.replaceOrAdd(name: "connection", value: "close") }
        } else {
            pending.append(nil)
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            // A 1xx response is not the final one; the request stays pending.
            guard head.status.code >= 200, !pending.isEmpty, let keepAlive = pending.removeFirst() else {
                context.write(data, promise: promise)
                return
            }
            head.version = .http1_0
            let hasLength = head.headers.contains(name: "content-length")
            let hasNoBody = head.status == .noContent || head.status == .notModified
            closesAfterResponse = !keepAlive || !(hasLength || hasNoBody)
            head.headers.remove(name: "transfer-encoding")
            head.headers.replaceOrAdd(name: "connection", value: closesAfterResponse ? "close" : "keep-alive")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            guard closesAfterResponse else {
                context.write(data, promise: promise)
                return
            }
            closesAfterResponse = false
            context.writeAndFlush(data, promise: promise)
            context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension HTTPVersionHandler: Sendable {}
