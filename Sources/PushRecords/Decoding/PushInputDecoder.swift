public import PushPayloads
public import PushRequests

/// Turns inputs into records: parses each input, tells a device payload from a send request once, and
/// decodes what devices receive, one record per device payload and one per platform of a send request.
///
/// This is the one path from bytes to records that `push-payloads classify`, the gateway's `/v1/classify` and a library
/// user share, so they cannot disagree on what an input is. The decoder keeps its parser's buffers between inputs: use
/// one per task. Records go to a closure, or straight into a ``PushRecordWriter``:
///
/// ```swift
/// var decoder = PushInputDecoder()
/// let writer = PushRecordWriter()
/// for (index, line) in lines.enumerated() {
///     decoder.writeRecords(jsonBytes: line, source: "capture.jsonl", line: index + 1, to: writer)
/// }
/// writer.withBytes { standardOutput.write($0) }
/// ```
///
/// Without ``kind``, an input with `aps` is a device payload and any other is what its top level looks
/// like (`PushSendRequest.kind(of:)`). With ``kind`` set, every input is read as that kind, and an input
/// without the body that kind carries (an APNs request's `payload` object, an FCM v1 body's `message`
/// object) is a `PushPayloadError.Code.kindMismatch` error.
public struct PushInputDecoder: Sendable {
    /// The decoders used, in precedence order.
    public let registry: PushDecoderRegistry
    /// What every input is; `nil` tells each one apart.
    public let kind: PushRequestKind?
    /// A send request's deliveries to these platforms only (`PushSendRequest.deliveries(to:)`); empty for all.
    public let platforms: Set<PushPlatform>
    /// How much of each notification is decoded: `PushDecodingDetail.summary` is all a record shows.
    public var detail: PushDecodingDetail

    private var parser: JSONParser

    /// Creates a decoder.
    public init(
        registry: PushDecoderRegistry = .standard,
        limits: PushPayloadLimits = .default,
        kind: PushRequestKind? = nil,
        platforms: Set<PushPlatform> = [],
        detail: PushDecodingDetail = .summary
    ) {
        self.registry = registry
        self.kind = kind
        self.platforms = platforms
        self.detail = detail
        parser = JSONParser(limits: limits)
    }

    /// The limits applied to each input.
    public var limits: PushPayloadLimits { parser.limits }

    /// What an input's record is about: the notification, and for a send request which delivery it is.
    public typealias Record = (notification: PushNotification, delivery: PushRecord.Delivery?)

    /// Parses one input from UTF-8 bytes (an array, a slice, a string's UTF-8, `Data`, …) and hands
    /// `body` its records in order: one for a device payload, one per platform for a send request.
    public mutating func decode(jsonBytes: some JSONBytes, _ body: (Record) -> Void) throws(PushPayloadError) {
        try jsonBytes.withJSONBytes { bytes throws(PushPayloadError) in try decode(jsonBytes: bytes, body) }
    }

    #if compiler(>=6.2)
    /// Parses one input from a span of UTF-8 bytes and hands `body` its records in order.
    public mutating func decode(jsonBytes: RawSpan, _ body: (Record) -> Void) throws(PushPayloadError) {
        let document = try parser.parse(jsonBytes)
        try decode(PushPayload(document: document, limits: parser.limits), body)
    }
    #endif

    /// Parses one input from raw memory: the command's entry, which holds its batches so.
    package mutating func decode(jsonBytes: UnsafeRawBufferPointer, _ body: (Record) -> Void) throws(PushPayloadError) {
        // Two statements: as one, `self` (the parser's buffers with it) would be copied for the call
        // before the argument parses, and the parser would find its buffers shared and allocate new ones.
        let input = try payload(jsonBytes: jsonBytes)
        try decode(input, body)
    }

    /// Parses one input from raw memory with the decoder's parser, without decoding it: for the command's
    /// other readers (`lint`, `fit`, `inspect`), which share its buffers.
    package mutating func payload(jsonBytes: UnsafeRawBufferPointer) throws(PushPayloadError) -> PushPayload {
        PushPayload(document: try parser.parse(jsonBytes), limits: parser.limits)
    }

    /// Hands `body` the records of an input parsed elsewhere (another engine, a pooled parser).
    public func decode(_ input: PushPayload, _ body: (Record) -> Void) throws(PushPayloadError) {
        guard let request = try sendRequest(input) else {
            body((registry.decode(input, detail: detail), nil))
            return
        }
        for delivery in request.deliveries(to: platforms) {
            body((registry.decode(delivery.payload, detail: detail), (request.kind, delivery.platform)))
        }
    }

    /// The send request an input is, or `nil` for a device payload: the one place the two are told apart.
    public func sendRequest(_ input: PushPayload) throws(PushPayloadError) -> PushSendRequest? {
        let kind: PushRequestKind
        if let forced = self.kind {
            if let (body, name) = Self.body(of: forced), input.object[body]?.kind != .object {
                throw PushPayloadError(
                    .kindMismatch,
                    message: "the input is not \(name) (--kind): it has no `\(body)` object",
                    keyPath: body
                )
            }
            guard forced != .devicePayload else { return nil }
            kind = forced
        } else {
            // A payload with `aps` is a device payload; only the others need a closer look.
            guard input.aps == nil, let detected = PushSendRequest.requestKind(of: input.object) else { return nil }
            kind = detected
        }
        return PushSendRequest(document: input.document, kind: kind, limits: input.limits)
    }

    /// Parses one input and writes its records, or its error record, to `writer`.
    public mutating func writeRecords(
        jsonBytes: some JSONBytes,
        source: String,
        line: Int?,
        to writer: PushRecordWriter
    ) {
        do {
            try decode(jsonBytes: jsonBytes) { record in
                writer.write(record.notification, delivery: record.delivery, source: source, line: line)
            }
        } catch {
            writer.write(error, source: source, line: line)
        }
    }

    /// The error for an input that was not read for being over ``limits``: `length` is its length, or
    /// `nil` when it was not read far enough to know.
    public func tooLargeError(length: Int?) -> PushPayloadError {
        let limit = limits.maximumPayloadBytes
        return PushPayloadError(
            .tooLarge,
            message: length.map { "the payload is \($0) bytes; the limit is \(limit)" }
                ?? "the payload is more than \(limit) bytes, the limit (it was not read further)",
            byteOffset: limit
        )
    }

    /// The member holding what `kind` delivers, which must be an object, and the kind's name for messages;
    /// `nil` for a legacy FCM body and a device payload, which can be any object.
    private static func body(of kind: PushRequestKind) -> (member: String, name: String)? {
        switch kind {
        case .fcmV1: return ("message", "an FCM HTTP v1 body")
        case .apnsRequest: return ("payload", "an APNs request")
        default: return nil
        }
    }
}

extension PushPayloadError.Code {
    /// The input lacks the body of the kind it was said to be (``PushInputDecoder/kind``): an FCM v1 body
    /// without `message`, an APNs request without `payload`.
    public static let kindMismatch = PushPayloadError.Code(name: "kind_mismatch")
}
