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
    /// What every input is (`classify --kind`); `nil` detects each one (``decodeInput(_:detail:)``).
    let kind: PushRequestKind?
    /// `classify --platform`: a send request's deliveries to these platforms only; empty for all.
    let platforms: Set<PushPlatform>
    private var classifier: PushClassifier
    #if Jansson
    private let jansson: JanssonParser
    #endif

    init(
        engine: PayloadEngine,
        limits: PushPayloadLimits,
        registry: PushDecoderRegistry = .standard,
        kind: PushRequestKind? = nil,
        platforms: Set<PushPlatform> = []
    ) {
        precondition(engine.isAvailable, PayloadEngine.janssonUnavailableMessage)
        self.engine = engine
        self.limits = limits
        self.registry = registry
        self.kind = kind
        self.platforms = platforms
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
    ///
    /// With ``kind`` set, every input is read as that kind; an input without the body that kind carries
    /// (an APNs request's `payload` object, an FCM v1 body's `message` object) is a `kind_mismatch` error.
    mutating func decodeInput(
        _ bytes: UnsafeRawBufferPointer,
        detail: PushDecodingDetail = .full
    ) throws(PushPayloadError) -> DecodedInput {
        let payload = try parse(bytes)
        let kind: PushRequestKind
        if let given = self.kind {
            kind = given
            if let body = Self.body(of: kind), payload.object[body]?.kind != .object {
                throw PushPayloadError(
                    .kindMismatch,
                    message: "the input is not \(Self.describe(kind)) (--kind): it has no `\(body)` object",
                    keyPath: body
                )
            }
        } else if payload.aps == nil {
            // A payload with `aps` is a device payload; only the others need a closer look.
            kind = PushSendRequest.kind(of: payload.object)
        } else {
            kind = .devicePayload
        }
        guard kind != .devicePayload else { return .device(registry.decode(payload, detail: detail)) }
        let request = PushSendRequest(document: payload.document, kind: kind, limits: limits)
        return .request(
            kind,
            request.deliveries(to: platforms).map { ($0.platform, registry.decode($0.payload, detail: detail)) }
        )
    }

    /// The member holding what `kind` delivers, which must be an object; `nil` for a legacy FCM body and a
    /// device payload, which can be any object.
    private static func body(of kind: PushRequestKind) -> String? {
        switch kind {
        case .fcmV1: return "message"
        case .apnsRequest: return "payload"
        default: return nil
        }
    }

    /// The kind with its article, for messages.
    private static func describe(_ kind: PushRequestKind) -> String {
        switch kind {
        case .fcmV1: return "an FCM HTTP v1 body"
        case .apnsRequest: return "an APNs request"
        case .fcmLegacy: return "a legacy FCM body"
        default: return "a device payload"
        }
    }

    /// The error for a payload the reader skipped for being over the limit, worded as the parser words it.
    func tooLargeError(length: Int) -> PushPayloadError {
        PushPayloadError(
            .tooLarge,
            message: length == LineEntry.unknownOversizedLength
                ? "the payload is more than \(limits.maximumPayloadBytes) bytes, the limit (it was not read further)"
                : "the payload is \(length) bytes; the limit is \(limits.maximumPayloadBytes)",
            byteOffset: limits.maximumPayloadBytes
        )
    }
}

extension PushPayloadError.Code {
    /// `classify --kind`: the input lacks the body of the kind given (an FCM v1 body without `message`).
    static let kindMismatch = PushPayloadError.Code(name: "kind_mismatch")
}

/// What one input decodes to: a device payload's notification, or a send request's, one per platform it
/// reaches. An enum rather than an array, so the usual case, a device payload, allocates nothing more.
enum DecodedInput {
    case device(PushNotification)
    case request(PushRequestKind, [(platform: PushPlatform, notification: PushNotification)])

    /// The platform a device payload's shape names: iOS for APNs, Android for FCM data.
    static func platform(of notification: PushNotification) -> PushPlatform {
        notification.shape == .apns ? .ios : .android
    }
}

/// The send request a record's payload was delivered from: its kind and the platform.
struct RequestDelivery {
    var kind: PushRequestKind
    var platform: PushPlatform
}
