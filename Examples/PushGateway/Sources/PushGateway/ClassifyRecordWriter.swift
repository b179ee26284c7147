import NIOCore
import PushPayloads
import PushRequests

/// Turns the lines of a `/v1/classify` body into JSON Lines records, as `push-payloads classify` writes
/// them: one ``PushRequests/PushRecord`` for a device payload, one per platform for a send request, an
/// error record for a line that cannot be read.
///
/// It is the ``JSONLinesSink`` of the request's ``JSONLinesSplitter``; records collect in ``output``,
/// which the route hands to the connection after each piece of the body.
struct ClassifyRecordWriter: JSONLinesSink {
    /// The records' `source`.
    let source: String
    let pool: ParserPool
    let registry: PushDecoderRegistry
    let metrics: RouteMetrics
    /// Records not yet written to the connection.
    var output: ByteBuffer
    /// Records written so far.
    private(set) var recordCount = 0

    private let encoder = JSONBytesEncoder()

    /// The code of the record written in place of one that could not be encoded.
    static let encodingFailedCode = PushPayloadError.Code(name: "encoding_failed")

    init(source: String, pool: ParserPool, registry: PushDecoderRegistry, metrics: RouteMetrics) {
        self.source = source
        self.pool = pool
        self.registry = registry
        self.metrics = metrics
        output = ByteBuffer()
    }

    mutating func payload(line: Int, bytes: RawSpan) {
        let pool = self.pool
        do throws(PushPayloadError) {
            try pool.withParser(forBytes: bytes.byteCount) { (parser) throws(PushPayloadError) in
                let payload = PushPayload(document: try parser.parse(bytes), limits: pool.limits)
                // A payload with `aps` is a device payload; only the others need a closer look.
                if payload.aps == nil {
                    let kind = PushSendRequest.kind(of: payload.object)
                    if kind != .devicePayload {
                        let request = PushSendRequest(document: payload.document, kind: kind, limits: pool.limits)
                        for delivery in request.deliveries {
                            let notification = registry.decode(delivery.payload, detail: .summary)
                            write(.decoded(notification, request: (kind, delivery.platform)), line: line)
                        }
                        return
                    }
                }
                write(.decoded(registry.decode(payload, detail: .summary), request: nil), line: line)
            }
        } catch {
            write(.error(error), line: line)
        }
    }

    mutating func oversized(line: Int, length: Int) {
        let limit = pool.limits.maximumPayloadBytes
        let error = PushPayloadError(
            .tooLarge,
            message: "the payload is \(length) bytes; the limit is \(limit)",
            byteOffset: limit
        )
        write(.error(error), line: line)
    }

    /// Hands over the records written so far, leaving ``output`` empty.
    mutating func takeOutput() -> ByteBuffer {
        var taken = ByteBuffer()
        swap(&taken, &output)
        return taken
    }

    private mutating func write(_ content: PushRecord.Content, line: Int) {
        switch content {
        case .decoded(let notification, _): metrics.recordPayload(vendor: notification.vendor)
        case .error(let error): metrics.recordPayloadError(error.code)
        case .finding: break
        }
        let record = PushRecord(source: source, line: line, content: content)
        // A record holds strings, integers and Booleans only, which always encode; should one ever fail,
        // the line still gets a record.
        let failure = PushPayloadError(Self.encodingFailedCode, message: "the record could not be encoded")
        guard
            let json = (try? encoder.encode(record))
                ?? (try? encoder.encode(PushRecord(source: source, line: line, content: .error(failure))))
        else { return }
        output.writeBytes(json)
        output.writeInteger(UInt8(ascii: "\n"))
        recordCount += 1
    }
}
