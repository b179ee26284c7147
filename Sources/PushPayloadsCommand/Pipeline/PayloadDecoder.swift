import PushPayloads
import PushRecords
import PushRequests

#if Jansson
import PushPayloadsJansson
#endif

/// A worker's reader of inputs with the engine `--engine` chose, reusing its buffers: the library's
/// ``PushRequests/PushInputDecoder`` (input to records) with the native engine, or jansson's parse in
/// front of it. One per thread.
struct PayloadDecoder: Sendable {
    let engine: PayloadEngine
    /// The library's input-to-records path, with `--kind`, `--platform` and the detail the records need.
    private var input: PushInputDecoder
    #if Jansson
    private let jansson: JanssonParser
    #endif

    init(
        engine: PayloadEngine,
        limits: PushPayloadLimits,
        registry: PushDecoderRegistry = .standard,
        kind: PushRequestKind? = nil,
        platforms: Set<PushPlatform> = [],
        detail: PushDecodingDetail = .summary
    ) {
        precondition(engine.isAvailable, PayloadEngine.janssonUnavailableMessage)
        self.engine = engine
        input = PushInputDecoder(registry: registry, limits: limits, kind: kind, platforms: platforms, detail: detail)
        #if Jansson
        jansson = JanssonParser(limits: limits)
        #endif
    }

    var limits: PushPayloadLimits { input.limits }
    var registry: PushDecoderRegistry { input.registry }

    /// Parses `bytes` with the engine, reusing its buffers.
    mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(PushPayloadError) -> PushPayload {
        switch engine {
        case .native:
            return try input.payload(jsonBytes: bytes)
        case .jansson:
            #if Jansson
            return PushPayload(document: try jansson.parse(bytes), limits: limits)
            #else
            preconditionFailure(PayloadEngine.janssonUnavailableMessage)
            #endif
        }
    }

    /// The send request (or device payload) of one entry of `batch`; an entry over the limit is its `too_large` error.
    mutating func request(
        _ entry: LineEntry,
        of batch: LineBatch,
        kind: PushRequestKind?
    ) throws(PushPayloadError) -> PushSendRequest {
        if entry.isOversized { throw tooLargeError(length: entry.oversizedLength) }
        return PushSendRequest(document: try parse(batch.payload(entry)).document, kind: kind, limits: limits)
    }

    /// Parses `bytes` and hands `body` its records: one for a device payload, one per platform for a send
    /// request (``PushRequests/PushInputDecoder/decode(_:_:)``).
    mutating func decodeRecords(
        _ bytes: UnsafeRawBufferPointer,
        _ body: (PushInputDecoder.Record) -> Void
    ) throws(PushPayloadError) {
        switch engine {
        case .native:
            try input.decode(jsonBytes: bytes, body)
        case .jansson:
            try input.decode(parse(bytes), body)
        }
    }

    /// Hands `body` the records of a payload already parsed: one read as a view of a larger document
    /// (`--payload`), which is not parsed again.
    func decodeRecords(_ payload: PushPayload, _ body: (PushInputDecoder.Record) -> Void) throws(PushPayloadError) {
        try input.decode(payload, body)
    }

    /// The error for a payload the reader skipped for being over the limit, worded as the parser words it.
    func tooLargeError(length: Int) -> PushPayloadError {
        input.tooLargeError(length: length == LineEntry.unknownOversizedLength ? nil : length)
    }
}
