public import Hummingbird
import Logging
import NIOCore
import PushPayloads
import PushRecords
public import PushRequests

/// The gateway's routes: what each one reads, what it answers, and how it refuses.
///
/// | route | reads | answers |
/// |---|---|---|
/// | `POST /v1/inspect` | one device payload or send request (`application/json`, up to the limit); `?platform=ios,android` (``InspectQuery``) | the ``PushRequests/PushInspection`` as JSON |
/// | `POST /v1/classify` | JSON Lines (`application/x-ndjson`, `application/jsonl`, …), streamed | one ``PushRequests/PushRecord`` a line, streamed |
/// | `POST /v1/echo` | a body like `/v1/inspect`'s | `{"ok":true}` |
/// | `GET /health` (and `HEAD`) | | `{"status":"ok"}` |
/// | `GET /metrics` | | the Prometheus text format |
/// | `GET /openapi.json` | | this table as an OpenAPI 3.1 document (`Examples/PushGateway/OpenAPI/openapi.json`) |
///
/// Refusals carry the library's error as JSON (``GatewayError``): 400 for a body the library cannot
/// read (not JSON, not an object, a duplicate key, …), a malformed chunked body or a query `/v1/inspect`
/// cannot act on (``InspectQuery``) and an HTTP/1.1 request without `Host`, 413 for a body over
/// the limit, 414 for a request target over ``GatewayError/maximumTargetBytes``, 415 for a body of another content type or a charset other than UTF-8, 501 for a
/// `Transfer-Encoding` other than `chunked`. A client that goes away before its body is read is a
/// `client_abort` (``RequestOutcome``), never a server error.
public struct GatewayController: Sendable {
    /// The limits and the pool's size.
    public let configuration: GatewayConfiguration
    /// What `/v1/inspect` runs, with its registry of decoders.
    public let inspector: PushInspector
    /// The parsers requests borrow.
    public let pool: ParserPool
    /// Where the routes count.
    public let metrics: GatewayMetrics

    /// The `source` of `/v1/classify`'s records unless the request's `source` query parameter names one.
    public static let defaultSource = "request"
    /// The longest `source` `/v1/classify` takes, in bytes: every record repeats it, so it is bounded like
    /// the rest of the request (a longer one is refused, 400 `invalid_query`).
    public static let maximumSourceBytes = 1_024
    /// How many bytes of records `/v1/classify` lets collect before writing them out: checked after each line,
    /// so what waits to be written is this plus one line's records.
    static let classifyFlushBytes = 65_536

    static let jsonHeaders: HTTPFields = [.contentType: MediaTypes.json]
    static let jsonLinesHeaders: HTTPFields = [.contentType: MediaTypes.jsonLines]
    static let prometheusHeaders: HTTPFields = [.contentType: MediaTypes.prometheusText]
    static let echoBody = ByteBuffer(string: #"{"ok":true}"#)
    static let healthBody = ByteBuffer(string: #"{"status":"ok"}"#)
    static let openAPIBody = ByteBuffer(string: openAPIDocument)
    static var healthResponse: Response {
        Response(status: .ok, headers: jsonHeaders, body: ResponseBody(byteBuffer: healthBody))
    }

    /// Creates the routes' handler.
    public init(
        configuration: GatewayConfiguration,
        metrics: GatewayMetrics,
        inspector: PushInspector = PushInspector()
    ) {
        self.configuration = configuration
        self.inspector = inspector
        self.metrics = metrics
        pool = ParserPool(limits: configuration.limits, capacity: configuration.parserPoolCapacity)
    }

    /// Adds the routes to `router`.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post(RouterPath(GatewayRoutes.inspect)) { request, context in
            try await inspect(request, context: context)
        }
        router.post(RouterPath(GatewayRoutes.classify)) { request, context in try classify(request, context: context) }
        router.post(RouterPath(GatewayRoutes.echo)) { request, context in try await echo(request, context: context) }
        router.get(RouterPath(GatewayRoutes.health)) { _, _ in Self.healthResponse }
        // NIO's encoder sends a HEAD response's head only, with the length a GET would have.
        router.head(RouterPath(GatewayRoutes.health)) { _, _ in Self.healthResponse }
        router.get(RouterPath(GatewayRoutes.openAPI)) { _, _ in
            Response(status: .ok, headers: Self.jsonHeaders, body: ResponseBody(byteBuffer: Self.openAPIBody))
        }
        router.get(RouterPath(GatewayRoutes.metrics)) { _, _ in
            var text: [UInt8] = []
            metrics.emit(into: &text)
            return Response(
                status: .ok,
                headers: Self.prometheusHeaders,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: text))
            )
        }
    }

    /// `POST /v1/inspect`: parses the body with a pooled parser, inspects it for the platforms the query
    /// names (``InspectQuery``), and answers the inspection, written by a pooled ``PushInspectionWriter``.
    public func inspect(_ request: Request, context: some RequestContext) async throws -> Response {
        try requireContentType(of: request, in: [MediaTypes.json], described: MediaTypes.json)
        var inspector = self.inspector
        let query = try InspectQuery(parameters: request.uri.queryParameters)
        if !query.platforms.isEmpty { inspector.platforms = query.platforms }
        let body = try await readBody(of: request)
        let json: ByteBuffer
        do {
            // Parse, inspect and write in one synchronous stretch, so the parser goes back to the pool
            // at once, with no document of it left alive.
            json = try pool.withParser(forBytes: body.readableBytes) { parser in
                let document = try parser.parse(body.readableBytesSpan)
                let inspection = inspector.inspect(PushSendRequest(document: document, limits: pool.limits))
                let route = metrics.inspect
                for index in inspection.deliveries.indices {
                    route.recordPayload(vendor: inspection.deliveries[index].notification.vendor)
                }
                return try pool.withInspectionWriter { writer in
                    try writer.write(inspection)
                    return writer.withBytes { ByteBuffer(bytes: $0) }
                }
            }
        } catch let error as PushPayloadError {
            metrics.inspect.recordPayloadError(error.code)
            throw GatewayError.unreadable(error)
        }
        return Response(status: .ok, headers: Self.jsonHeaders, body: ResponseBody(byteBuffer: json))
    }

    /// `POST /v1/classify`: answers at once and streams one record a line while the body arrives.
    ///
    /// The body is never held whole: each buffer is split into lines where it lies (a line that spans
    /// buffers is carried, up to the limit), each line is classified by the library's ``PushRequests/JSONLinesRecordSink`` (whose parser lives for the
    /// request), and the
    /// records of each buffer are written before the next is read. The connection's back-pressure
    /// bounds both sides.
    public func classify(_ request: Request, context: some RequestContext) throws -> Response {
        try requireContentType(
            of: request,
            in: MediaTypes.jsonLinesAliases,
            described: "JSON Lines (application/x-ndjson)"
        )
        let source = try Self.classifySource(request.uri.queryParameters)
        let limit = configuration.maximumBodyBytes
        let logger = context.logger
        return Response(
            status: .ok,
            headers: Self.jsonLinesHeaders,
            body: ResponseBody { [pool, inspector, metrics] writer in
                let classify = metrics.classify
                var records = JSONLinesRecordSink(
                    source: source,
                    decoder: PushInputDecoder(registry: inspector.registry, limits: pool.limits),
                    writer: PushRecordWriter(capacity: Self.classifyFlushBytes)
                ) { outcome in
                    switch outcome {
                    case .success(let record): classify.recordPayload(vendor: record.notification.vendor)
                    case .failure(let error): classify.recordPayloadError(error.code)
                    }
                }
                var splitter = JSONLinesSplitter(maximumLineBytes: limit)
                var body = request.body.makeAsyncIterator()
                while let buffer = try await GatewayError.readingBody({ try await body.next() }) {
                    var start = 0
                    while start < buffer.readableBytes {
                        start = Self.feedLines(of: buffer, from: start, into: &splitter, records: &records)
                        if records.writer.byteCount >= Self.classifyFlushBytes {
                            try await writer.write(Self.takeRecords(records.writer))
                        }
                    }
                    if records.writer.byteCount > 0 {
                        try await writer.write(Self.takeRecords(records.writer))
                    }
                }
                splitter.finish(into: &records)
                if records.writer.byteCount > 0 {
                    try await writer.write(Self.takeRecords(records.writer))
                }
                try await writer.finish(nil)
                logger.debug(
                    "classified",
                    metadata: ["lines": "\(splitter.lineNumber - 1)", "records": "\(records.recordCount)"]
                )
            }
        )
    }

    /// Feeds `buffer`'s lines from `start` to the splitter, one line at a time, until the records they gave reach
    /// ``classifyFlushBytes`` or the buffer ends; returns where it stopped.
    ///
    /// A line at a time, not a buffer at a time: a buffer of 16 KiB holds 5,461 lines of `{}`, whose error
    /// records, each with the request's `source`, are megabytes; checking after each line holds the records
    /// waiting to be written to the flush size plus one line's.
    private static func feedLines(
        of buffer: ByteBuffer,
        from start: Int,
        into splitter: inout JSONLinesSplitter,
        records: inout JSONLinesRecordSink
    ) -> Int {
        let count = buffer.readableBytes
        var start = start
        while start < count && records.writer.byteCount < classifyFlushBytes {
            let newline = buffer.withUnsafeReadableBytes { $0[start...].firstIndex(of: UInt8(ascii: "\n")) }
            let end = newline.map { $0 + 1 } ?? count
            splitter.feed(buffer.readableBytesSpan.extracting(start..<end), into: &records)
            start = end
        }
        return start
    }

    /// The records written so far, copied out of the writer, which is emptied for the next ones.
    private static func takeRecords(_ records: PushRecordWriter) -> ByteBuffer {
        let buffer = records.withBytes { ByteBuffer(bytes: $0) }
        records.removeAll()
        return buffer
    }

    /// The `source` of `/v1/classify`'s records: the `source` parameter, at most ``maximumSourceBytes`` long, or
    /// ``defaultSource``. Another parameter, or `source` twice, is refused (400, `invalid_query`), as
    /// ``InspectQuery`` refuses what it does not read.
    static func classifySource(
        _ parameters: some Sequence<(key: Substring, value: Substring)>
    ) throws(GatewayError) -> String {
        var source: Substring?
        for (key, value) in parameters {
            guard key == "source" else {
                throw InspectQuery.invalid(
                    "the query parameter `\(key.prefix(64))` is not one /v1/classify reads; it reads `source`"
                )
            }
            guard source == nil else { throw InspectQuery.invalid("`source` is given twice") }
            guard value.utf8.count <= maximumSourceBytes else {
                throw InspectQuery.invalid(
                    "`source` is \(value.utf8.count) bytes; the limit is \(maximumSourceBytes)"
                )
            }
            source = value
        }
        return source.map(String.init) ?? defaultSource
    }

    /// `POST /v1/echo`: reads the body as `/v1/inspect` does and answers a fixed JSON: what the server
    /// costs without the library.
    public func echo(_ request: Request, context: some RequestContext) async throws -> Response {
        try requireContentType(of: request, in: [MediaTypes.json], described: MediaTypes.json)
        _ = try await readBody(of: request)
        return Response(status: .ok, headers: Self.jsonHeaders, body: ResponseBody(byteBuffer: Self.echoBody))
    }

    /// Refuses (415) a request whose content type is not one of `accepted`, or whose charset is not
    /// UTF-8: the library reads UTF-8 only, and reading another charset as UTF-8 would be silently wrong.
    private func requireContentType(of request: Request, in accepted: [String], described: String) throws {
        let contentType = request.headers[.contentType]
        guard MediaTypes.header(contentType, isOneOf: accepted) else {
            throw GatewayError.unsupportedMediaType(contentType, expected: described)
        }
        if let charset = contentType.flatMap(MediaTypes.charset(of:)), !MediaTypes.isUTF8(charset) {
            throw GatewayError.unsupportedMediaType(contentType, expected: "\(described) in UTF-8")
        }
    }

    /// The whole body, or a 413 as soon as it is known to be over the limit: from `Content-Length`
    /// before reading, or while reading.
    private func readBody(of request: Request) async throws -> ByteBuffer {
        let limit = configuration.maximumBodyBytes
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw GatewayError.tooLarge(length: declared, limit: limit)
        }
        do {
            return try await GatewayError.readingBody { try await request.body.collect(upTo: limit) }
        } catch is NIOTooManyBytesError {
            throw GatewayError.tooLarge(length: nil, limit: limit)
        }
    }
}
