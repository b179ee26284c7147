public import PushPayloads

/// A push as a server holds it before sending: an APNs request, an FCM HTTP v1 or legacy body, or a
/// device payload, with what each platform's devices will receive.
///
/// ```swift
/// let request = try PushSendRequest(jsonBytes: body)          // the kind is detected
/// request.kind                                                  // .fcmV1
/// for delivery in request.deliveries {                          // iOS, Android, web
///     let classification = PushDecoderRegistry.standard.classify(delivery.payload)
/// }
/// ```
///
/// The kinds are told apart by their top level: `{"message": {…}}` (and `validate_only`) is FCM v1; `to`,
/// `registration_ids`, `condition` or `notification_key` with only legacy keys beside them is legacy FCM;
/// `{"payload": {…}}` with at most `headers` beside it and no `aps` is an APNs request; anything else is
/// a device payload. Pass `kind` to say which it is instead.
public struct PushSendRequest: Sendable {
    /// What the input is.
    public let kind: PushRequestKind
    /// The whole input.
    public let document: JSONDocument
    /// The limits used for the input and for the payloads built from it.
    public let limits: PushPayloadLimits

    /// Reads a request from parsed JSON, detecting its kind unless `kind` is given.
    public init(document: JSONDocument, kind: PushRequestKind? = nil, limits: PushPayloadLimits = .default) {
        self.document = document
        self.kind = kind ?? Self.kind(of: document.rootObject)
        self.limits = limits
    }

    /// Parses a request from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public init(
        jsonBytes: some JSONBytes,
        kind: PushRequestKind? = nil,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) {
        self.init(document: try JSONDocument(jsonBytes: jsonBytes, limits: limits), kind: kind, limits: limits)
    }

    #if compiler(>=6.2)
    /// Parses a request from a span of UTF-8 bytes.
    public init(
        jsonBytes: RawSpan,
        kind: PushRequestKind? = nil,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) {
        self.init(document: try JSONDocument(jsonBytes: jsonBytes, limits: limits), kind: kind, limits: limits)
    }
    #endif

    /// Parses a request from a string.
    public init(
        jsonString: String,
        kind: PushRequestKind? = nil,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) {
        self.init(document: try JSONDocument(jsonString: jsonString, limits: limits), kind: kind, limits: limits)
    }

    /// The keys a legacy FCM HTTP body may have.
    static let legacyKeys: Set<String> = [
        "to", "registration_ids", "condition", "notification_key", "collapse_key", "priority",
        "content_available", "mutable_content", "time_to_live", "restricted_package_name", "dry_run", "data",
        "notification", "direct_boot_ok",
    ]

    /// The kind a top-level object looks like (see the type's documentation).
    public static func kind(of object: JSONObject) -> PushRequestKind {
        let keys = object.keys
        if object["message"]?.kind == .object,
            keys.allSatisfy({ $0 == "message" || $0 == "validate_only" || $0 == "validateOnly" })
        {
            return .fcmV1
        }
        if ["to", "registration_ids", "condition", "notification_key"].contains(where: { object.contains($0) }),
            keys.allSatisfy(legacyKeys.contains)
        {
            return .fcmLegacy
        }
        if object["payload"]?.kind == .object, object["aps"] == nil,
            keys.allSatisfy({ $0 == "payload" || $0 == "headers" })
        {
            return .apnsRequest
        }
        return .devicePayload
    }

    /// What each platform's devices receive: one delivery for a device payload (the platform its shape
    /// names) and for an APNs request (iOS); iOS and Android for an FCM body, and the web when it has a
    /// `webpush` block (see ``PushDelivery``).
    public var deliveries: [PushDelivery] {
        PushDeliveryBuilder(request: self).deliveries()
    }
}
