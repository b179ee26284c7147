public import PushPayloads
public import PushRequests
import Synchronization

/// Parsers kept between requests, so that parsing a request allocates nothing once the pool is warm,
/// and the inspection writers `/v1/inspect` answers with, for the same reason.
///
/// A ``JSONParser`` keeps its buffers between parses; a fresh one allocates them for its first
/// payload. A request takes a parser from the pool for the synchronous stretch in which it parses,
/// inspects and encodes, and gives it back before anything else can run on its thread, so the pool
/// holds about as many parsers as there are threads working at once, whatever the number of
/// connections.
///
/// Two bounds keep its memory flat: at most ``capacity`` parsers are kept, and a payload larger than
/// ``retainedPayloadBytes`` is parsed with a parser of its own that is dropped afterwards, so one
/// large body never leaves megabytes of buffers behind. A capacity of 0 turns reuse off (every parse
/// gets a fresh parser), which is how `docs/performance.md` measures what the pool saves.
///
/// Writers are kept the same way (``withInspectionWriter(_:)``): at most ``capacity`` of them, and none
/// whose buffer has grown past ``retainedPayloadBytes``.
///
/// ```swift
/// let pool = ParserPool(limits: limits)
/// let inspection = try pool.withParser(forBytes: body.readableBytes) { parser in
///     PushInspector().inspect(PushSendRequest(document: try parser.parse(body.readableBytesSpan)))
/// }
/// ```
public final class ParserPool: Sendable {
    /// The limits every parser applies.
    public let limits: PushPayloadLimits
    /// The most parsers kept.
    public let capacity: Int
    /// The largest payload, in bytes, parsed with a pooled parser.
    public let retainedPayloadBytes: Int

    private let parsers: Mutex<[JSONParser]>
    private let writers: Mutex<[PushInspectionWriter]>

    /// The default ``retainedPayloadBytes``: 64 KiB, the library's own default payload limit and 16
    /// times the APNs cap. A parser that has read 64 KiB holds about 0.6 MiB of buffers.
    public static let defaultRetainedPayloadBytes = 65_536

    /// Creates an empty pool.
    public init(
        limits: PushPayloadLimits,
        capacity: Int = GatewayConfiguration.defaultParserPoolCapacity,
        retainedPayloadBytes: Int = ParserPool.defaultRetainedPayloadBytes
    ) {
        self.limits = limits
        self.capacity = max(capacity, 0)
        self.retainedPayloadBytes = retainedPayloadBytes
        var parsers: [JSONParser] = []
        parsers.reserveCapacity(self.capacity)
        self.parsers = Mutex(parsers)
        var writers: [PushInspectionWriter] = []
        writers.reserveCapacity(self.capacity)
        self.writers = Mutex(writers)
    }

    /// Calls `body` with a parser for a payload of `byteCount` bytes: a pooled one, given back when
    /// `body` returns, or a fresh one for a payload over ``retainedPayloadBytes``.
    ///
    /// Release every ``JSONDocument`` the parser made before `body` returns: a document still alive
    /// shares the parser's buffers, and the next request would then have to allocate new ones.
    public func withParser<Result, Failure: Error>(
        forBytes byteCount: Int,
        _ body: (inout JSONParser) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard byteCount <= retainedPayloadBytes, capacity > 0 else {
            var parser = JSONParser(limits: limits)
            return try body(&parser)
        }
        var parser = parsers.withLock { $0.popLast() } ?? JSONParser(limits: limits)
        let result: Swift.Result<Result, Failure>
        do throws(Failure) {
            result = .success(try body(&parser))
        } catch {
            result = .failure(error)
        }
        // Handed over, not copied: a copy left behind would make the buffers look shared to the next user.
        recycle(consume parser)
        return try result.get()
    }

    /// Calls `body` with an empty inspection writer: a pooled one, given back when `body` returns unless
    /// its buffer has grown past ``retainedPayloadBytes``.
    public func withInspectionWriter<Result, Failure: Error>(
        _ body: (inout PushInspectionWriter) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard capacity > 0 else {
            var writer = PushInspectionWriter()
            return try body(&writer)
        }
        var writer = writers.withLock { $0.popLast() } ?? PushInspectionWriter()
        writer.removeAll()
        let result: Swift.Result<Result, Failure>
        do throws(Failure) {
            result = .success(try body(&writer))
        } catch {
            result = .failure(error)
        }
        if writer.capacity <= retainedPayloadBytes {
            var returned: PushInspectionWriter? = consume writer
            writers.withLock { writers in
                if writers.count < capacity, let writer = returned.take() { writers.append(writer) }
            }
        }
        return try result.get()
    }

    /// How many parsers are waiting to be reused.
    public var idleCount: Int { parsers.withLock { $0.count } }

    /// How many inspection writers are waiting to be reused.
    public var idleWriterCount: Int { writers.withLock { $0.count } }

    private func recycle(_ parser: consuming JSONParser) {
        var returned: JSONParser? = parser
        parsers.withLock { parsers in
            if parsers.count < capacity, let parser = returned.take() { parsers.append(parser) }
        }
    }
}
