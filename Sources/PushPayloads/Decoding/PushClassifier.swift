public import PushPayloadsJSON

/// The bulk path: parses and classifies payload after payload, reusing its buffers.
///
/// Once warm, classifying a payload allocates nothing for the payload itself (JSON embedded in FCM strings, which only
/// some Atomic and Cordial payloads need, is parsed into a fresh document). Use one classifier per task
/// (<doc:ClassifyingAPayload>, "Many payloads").
public struct PushClassifier: Sendable {
    /// The decoders used, in precedence order.
    public var registry: PushDecoderRegistry

    private var parser: JSONParser

    /// A classifier that keeps one parser's buffers across payloads, within `limits`.
    public init(registry: PushDecoderRegistry = .standard, limits: PushPayloadLimits = .default) {
        self.registry = registry
        self.parser = JSONParser(limits: limits)
    }

    /// The limits applied to each payload.
    public var limits: PushPayloadLimits {
        get { parser.limits }
        set { parser.limits = newValue }
    }

    /// Parses and classifies one payload from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public mutating func classify(_ jsonBytes: some JSONBytes) throws(PushPayloadError) -> PushClassification {
        try jsonBytes.withJSONBytes { buffer throws(PushPayloadError) in try classify(buffer) }
    }

    /// Parses and decodes one payload from UTF-8 bytes, fully or to ``PushDecodingDetail/summary``.
    public mutating func decode(
        _ jsonBytes: some JSONBytes,
        detail: PushDecodingDetail = .full
    ) throws(PushPayloadError) -> PushNotification {
        try jsonBytes.withJSONBytes { buffer throws(PushPayloadError) in try decode(buffer, detail: detail) }
    }

    #if compiler(>=6.2)
    /// Parses and classifies one payload from a span of UTF-8 bytes.
    public mutating func classify(_ jsonBytes: RawSpan) throws(PushPayloadError) -> PushClassification {
        try registry.classify(PushPayload(document: parser.parse(jsonBytes), limits: parser.limits))
    }

    /// Parses and decodes one payload from a span of UTF-8 bytes.
    public mutating func decode(
        _ jsonBytes: RawSpan,
        detail: PushDecodingDetail = .full
    ) throws(PushPayloadError) -> PushNotification {
        try registry.decode(PushPayload(document: parser.parse(jsonBytes), limits: parser.limits), detail: detail)
    }

    #endif

    /// Parses and classifies one payload from raw memory: the command's entry, which holds its batches so.
    package mutating func classify(_ jsonBytes: UnsafeRawBufferPointer) throws(PushPayloadError) -> PushClassification {
        try registry.classify(PushPayload(document: parser.parse(jsonBytes), limits: parser.limits))
    }

    /// Parses and decodes one payload from raw memory.
    package mutating func decode(
        _ jsonBytes: UnsafeRawBufferPointer,
        detail: PushDecodingDetail = .full
    ) throws(PushPayloadError) -> PushNotification {
        try registry.decode(PushPayload(document: parser.parse(jsonBytes), limits: parser.limits), detail: detail)
    }
}
