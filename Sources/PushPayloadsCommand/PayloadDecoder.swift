import PushPayloads
import PushRequests

#if Jansson
import PushPayloadsJansson
#endif

/// Parses and decodes payloads one after another with one engine, reusing its buffers: one per thread.
struct PayloadDecoder: Sendable {
    let engine: PayloadEngine
    let limits: PushPayloadLimits
    let registry: PushDecoderRegistry
    private var classifier: PushClassifier
    #if Jansson
    private let jansson: JanssonParser
    #endif

    init(engine: PayloadEngine, limits: PushPayloadLimits, registry: PushDecoderRegistry = .standard) {
        precondition(engine.isAvailable, PayloadEngine.janssonUnavailableMessage)
        self.engine = engine
        self.limits = limits
        self.registry = registry
        classifier = PushClassifier(registry: registry, limits: limits)
        #if Jansson
        jansson = JanssonParser(limits: limits)
        #endif
    }

    /// Parses `bytes` and builds the normalised model, with its classification: all of it, or only the
    /// fields a record shows (``PushDecodingDetail/summary``, about half the work).
    mutating func decode(
        _ bytes: UnsafeRawBufferPointer,
        detail: PushDecodingDetail = .full
    ) throws(PushPayloadError) -> PushNotification {
        switch engine {
        case .native:
            return try classifier.decode(bytes, detail: detail)
        case .jansson:
            #if Jansson
            let document = try jansson.parse(bytes)
            return registry.decode(PushPayload(document: document, limits: limits), detail: detail)
            #else
            preconditionFailure(PayloadEngine.janssonUnavailableMessage)
            #endif
        }
    }

    /// Parses `bytes` with the engine, reusing its buffers.
    mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(PushPayloadError) -> PushPayload {
        switch engine {
        case .native:
            return try classifier.payload(bytes)
        case .jansson:
            #if Jansson
            return PushPayload(document: try jansson.parse(bytes), limits: limits)
            #else
            preconditionFailure(PayloadEngine.janssonUnavailableMessage)
            #endif
        }
    }

    /// Parses `bytes` and decodes what they are: a device payload, or a send request, platform by platform.
    mutating func decodeInput(
        _ bytes: UnsafeRawBufferPointer,
        detail: PushDecodingDetail = .full
    ) throws(PushPayloadError) -> DecodedInput {
        let payload = try parse(bytes)
        // A payload with `aps` is a device payload; only the others need a closer look.
        if payload.aps == nil {
            let kind = PushSendRequest.kind(of: payload.object)
            if kind != .devicePayload {
                let request = PushSendRequest(document: payload.document, kind: kind, limits: limits)
                return .request(
                    kind,
                    request.deliveries.map { ($0.platform, registry.decode($0.payload, detail: detail)) }
                )
            }
        }
        return .device(registry.decode(payload, detail: detail))
    }

    /// The error for a payload the reader skipped for being over the limit, worded as the parser words it.
    func tooLargeError(length: Int) -> PushPayloadError {
        PushPayloadError(
            .tooLarge,
            message: "the payload is \(length) bytes; the limit is \(limits.maximumPayloadBytes)",
            byteOffset: limits.maximumPayloadBytes
        )
    }
}
