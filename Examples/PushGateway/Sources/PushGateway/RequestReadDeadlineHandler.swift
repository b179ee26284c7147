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
/// A whole request followed by the start of a second head in the same read (pipelining) gets the head
/// deadline too: the decoder takes in the partial head silently, so the handler looks at where the read
/// ended (``RequestBytesArrived/endsAt(requestEndingWith:)``).
///
/// It also tells ``IdleConnections`` when the connection opens, goes idle (its responses written, no byte
/// of a next request), gets busy and closes, so idle connections make room at the connection limit.
///
/// One timer at most is scheduled, for the nearer deadline; reading a body part only moves a deadline,
/// so a body costs no scheduling per part.
final class RequestReadDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headerTimeout: TimeAmount
    private let bodyReadTimeout: TimeAmount
    /// The connections of the gateway, told when this one opens, goes idle, gets busy and closes.
    private let connections: IdleConnections?
    /// Counts the connections the deadlines close.
    private let onDeadline: @Sendable (GatewayMetrics.ConnectionCloseReason) -> Void
    /// When the head being read must be complete; `nil` when no head is being read.
    private var headDeadline: NIODeadline?
    /// When the next byte of the body being read must have arrived; `nil` when no body is being read.
    private var bodyDeadline: NIODeadline?
    /// Whether a request has been read whole and the next has not started.
    private var isBetweenRequests = true
    /// Requests read whose responses have not ended: the connection is idle only at 0.
    private var unanswered = 0
    private var isRegistered = false
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    /// The read being passed through the pipeline now (``RequestBytesArrived``), and what it held.
    private var currentRead: RequestBytesArrived?
    /// A request ended inside ``currentRead``, whose last body bytes were these (empty for none).
    private var endedInRead: [UInt8]?

    init(
        headerTimeout: TimeAmount,
        bodyReadTimeout: TimeAmount,
        connections: IdleConnections? = nil,
        onDeadline: @escaping @Sendable (GatewayMetrics.ConnectionCloseReason) -> Void = { _ in }
    ) {
        self.headerTimeout = headerTimeout
        self.bodyReadTimeout = bodyReadTimeout
        self.connections = connections
        self.onDeadline = onDeadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            headDeadline = nil
            isBetweenRequests = false
            endedInRead = nil
            unanswered += 1
            bodyDeadline = .now() + bodyReadTimeout
            scheduleCheck(context, at: bodyDeadline)
        case .body(let part):
            bodyDeadline = .now() + bodyReadTimeout
            if currentRead != nil { lastBodyBytes = Array(part.readableBytesView.suffix(RequestBytesArrived.tailSize)) }
        case .end:
            bodyDeadline = nil
            isBetweenRequests = true
            if currentRead != nil { endedInRead = lastBodyBytes }
            lastBodyBytes = []
        }
        context.fireChannelRead(data)
    }

    /// The last bytes of the body part read last in the current read.
    private var lastBodyBytes: [UInt8] = []

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .end = unwrapOutboundIn(data), connections != nil else {
            context.write(data, promise: promise)
            return
        }
        unanswered = max(unanswered - 1, 0)
        // Idle once the response's last bytes are written out, so closing it to make room loses nothing.
        let written = context.eventLoop.makePromise(of: Void.self)
        let channel = context.channel
        written.futureResult.assumeIsolated().whenSuccess { [self] in
            if unanswered == 0 && isBetweenRequests && headDeadline == nil && isRegistered {
                connections?.becameIdle(channel)
            }
        }
        if let promise { written.futureResult.cascade(to: promise) }
        context.write(data, promise: written)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let read = event as? RequestBytesArrived {
            if isRegistered { connections?.becameBusy(context.channel) }
            currentRead = read
            // The first bytes after a whole request start the next one's head.
            if isBetweenRequests && headDeadline == nil {
                startHead(context)
            }
        } else if event is RequestBytesPassed {
            if let ended = endedInRead, let read = currentRead, isBetweenRequests, headDeadline == nil,
                !read.endsAt(requestEndingWith: ended)
            {
                // The read went on past the end of a request: the start of a pipelined head, which llhttp has
                // taken in and keeps without a word until the rest comes. It gets the head deadline.
                startHead(context)
            }
            currentRead = nil
            endedInRead = nil
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func startHead(_ context: ChannelHandlerContext) {
        headDeadline = .now() + headerTimeout
        scheduleCheck(context, at: headDeadline)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    /// A new connection's first request must arrive within the head timeout, even if it sends nothing.
    private func start(_ context: ChannelHandlerContext) {
        if !isRegistered {
            isRegistered = true
            connections?.opened()
        }
        guard isBetweenRequests, headDeadline == nil, timer == nil else { return }
        startHead(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        unregister(context)
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        unregister(context)
        context.fireChannelInactive()
    }

    private func unregister(_ context: ChannelHandlerContext) {
        guard isRegistered else { return }
        isRegistered = false
        connections?.closed(context.channel)
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
            onDeadline(.headTimeout)
            context.close(promise: nil)
            return
        }
        if let bodyDeadline, bodyDeadline <= now {
            onDeadline(.bodyTimeout)
            context.close(promise: nil)
            return
        }
        let next = [headDeadline, bodyDeadline].compactMap { $0 }.min()
        scheduleCheck(context, at: next)
    }
}

/// The first bytes of a read reached the connection: sent by ``RequestBytesWatcher`` so that
/// ``RequestReadDeadlineHandler`` can start a head's deadline before the head is whole. It carries the read's
/// last bytes, so that the handler can tell whether a request that ended in the read was its end.
struct RequestBytesArrived: Sendable {
    /// The most bytes of the read's end kept.
    static let tailSize = 16
    /// The read's last bytes (at most ``tailSize``).
    var tail: [UInt8]

    /// Whether the read ends where a request ends whose body ended with `bodyTail` (empty for no body): with
    /// those bytes, or with the blank line that ends a head or a chunked body. Anything else after a request's
    /// end is the start of the next head.
    func endsAt(requestEndingWith bodyTail: [UInt8]) -> Bool {
        if tail.count >= 4 && Array(tail.suffix(4)) == Array("\r\n\r\n".utf8) { return true }
        return !bodyTail.isEmpty && tail.suffix(bodyTail.count).elementsEqual(bodyTail.suffix(tail.count))
    }
}

/// The read announced by ``RequestBytesArrived`` has gone through the pipeline.
struct RequestBytesPassed: Sendable {}

/// Sits at the front of a connection's pipeline and announces each read of bytes before passing it on, and
/// its end after.
final class RequestBytesWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let tail = Array(buffer.readableBytesView.suffix(RequestBytesArrived.tailSize))
        context.fireUserInboundEventTriggered(RequestBytesArrived(tail: tail))
        context.fireChannelRead(data)
        context.fireUserInboundEventTriggered(RequestBytesPassed())
    }
}

@available(*, unavailable)
extension RequestReadDeadlineHandler: Sendable {}

@available(*, unavailable)
extension RequestBytesWatcher: Sendable {}
