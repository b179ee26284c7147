import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request head takes longer than the head timeout to arrive (from the
/// connection's start for its first request, from the first byte for the later ones), or whose body
/// goes longer than the body read timeout without a byte.
///
/// Hummingbird's idle timeout counts from the last whole HTTP part read, so a client that sends a
/// head a byte every few seconds (slowloris), or a new connection that sends nothing, is only closed
/// when the idle timeout has passed; this handler gives the head a deadline of its own. Between two
/// requests of a kept-alive connection the idle timeout applies, as keep-alive means. It sits after the HTTP codec,
/// where it sees heads, body parts and ends; the first byte of a request reaches it as a
/// ``RequestBytesArrived`` event from ``RequestBytesWatcher`` at the front of the pipeline.
///
/// One timer at most is scheduled, for the nearer deadline; reading a body part only moves a deadline,
/// so a body costs no scheduling per part.
final class RequestReadDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let headerTimeout: TimeAmount
    private let bodyReadTimeout: TimeAmount
    /// When the head being read must be complete; `nil` when no head is being read.
    private var headDeadline: NIODeadline?
    /// When the next byte of the body being read must have arrived; `nil` when no body is being read.
    private var bodyDeadline: NIODeadline?
    /// Whether a request has been read whole and the next has not started.
    private var isBetweenRequests = true
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?

    init(headerTimeout: TimeAmount, bodyReadTimeout: TimeAmount) {
        self.headerTimeout = headerTimeout
        self.bodyReadTimeout = bodyReadTimeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            headDeadline = nil
            isBetweenRequests = false
            bodyDeadline = .now() + bodyReadTimeout
            scheduleCheck(context, at: bodyDeadline)
        case .body:
            bodyDeadline = .now() + bodyReadTimeout
        case .end:
            bodyDeadline = nil
            isBetweenRequests = true
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is RequestBytesArrived else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        // The first bytes after a whole request start the next one's head.
        if isBetweenRequests && headDeadline == nil {
            headDeadline = .now() + headerTimeout
            scheduleCheck(context, at: headDeadline)
        }
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startFirstHead(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startFirstHead(context)
        context.fireChannelActive()
    }

    /// A new connection's first request must arrive within the head timeout, even if it sends nothing.
    private func startFirstHead(_ context: ChannelHandlerContext) {
        guard isBetweenRequests, headDeadline == nil, timer == nil else { return }
        headDeadline = .now() + headerTimeout
        scheduleCheck(context, at: headDeadline)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    /// Makes sure a check runs no later than `deadline`.
    private func scheduleCheck(_ context: ChannelHandlerContext, at deadline: NIODeadline?) {
        guard let deadline else { return }
        if let timerDeadline, timer != nil, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            check(loopBound.value)
        }
    }

    /// Closes the connection if a deadline has passed, or checks again at the nearer one.
    private func check(_ context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        if let headDeadline, headDeadline <= now {
            context.close(promise: nil)
            return
        }
        if let bodyDeadline, bodyDeadline <= now {
            context.close(promise: nil)
            return
        }
        let next = [headDeadline, bodyDeadline].compactMap { $0 }.min()
        scheduleCheck(context, at: next)
    }
}

/// The first bytes of a read reached the connection: sent by ``RequestBytesWatcher`` so that
/// ``RequestReadDeadlineHandler`` can start a head's deadline before the head is whole.
struct RequestBytesArrived: Sendable {}

/// Sits at the front of a connection's pipeline and announces each read of bytes before passing it on.
final class RequestBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireUserInboundEventTriggered(RequestBytesArrived())
        context.fireChannelRead(data)
    }
}

@available(*, unavailable)
extension RequestReadDeadlineHandler: Sendable {}

@available(*, unavailable)
extension RequestBytesWatcher: Sendable {}
