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
    /// What each platform's devices receive: one delivery for a device payload (the platform its shape
    /// names) and for an APNs request (iOS); iOS and Android for an FCM body, and the web when it has a
    /// `webpush` block (see ``PushDelivery``).
    ///
    /// Built once, with the request: a payload the device receives as the request holds it (an APNs
    /// request's `payload`, an FCM data map of strings) is a view of ``document``, the others are built
    /// from its pieces, copied as written; none is parsed again.
    public let deliveries: [PushDelivery]

    /// Reads a request from parsed JSON, detecting its kind unless `kind` is given, and builds its
    /// deliveries. The deliveries read the document under `limits`, which should be those it was parsed
    /// with: a payload that is a view of it is not measured again.
    public init(document: JSONDocument, kind: PushRequestKind? = nil, limits: PushPayloadLimits = .default) {
        let detected = kind == nil ? Self.detect(document.rootObject) : nil
        self.document = document
        self.kind = kind ?? detected!.kind
        self.limits = limits
        deliveries = PushDeliveryBuilder(document: document, kind: self.kind, limits: limits, body: detected?.body)
            .deliveries()
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

    /// The top-level keys that say what a request is, each with what it may belong to.
    private static let requestKeys: [(utf8: [UInt8], roles: KeyRoles)] = [
        ("message", .fcmV1), ("validate_only", .fcmV1), ("validateOnly", .fcmV1),
        ("payload", .apns), ("headers", .apns),
        ("to", [.legacy, .target]), ("registration_ids", [.legacy, .target]), ("condition", [.legacy, .target]),
        ("notification_key", [.legacy, .target]), ("collapse_key", .legacy), ("priority", .legacy),
        ("content_available", .legacy), ("mutable_content", .legacy), ("time_to_live", .legacy),
        ("restricted_package_name", .legacy), ("dry_run", .legacy), ("data", .legacy), ("notification", .legacy),
        ("direct_boot_ok", .legacy),
    ].map { (Array($0.utf8), $1) }

    /// Bit `n` set when some request key is `n` bytes long (63 for any longer): most of a device payload's keys fail
    /// this one test, and `detect` skips the list for them.
    private static let requestKeyLengths: UInt64 = requestKeys.reduce(0) { $0 | 1 << UInt64(min($1.utf8.count, 63)) }

    /// What a top-level key may belong to.
    private struct KeyRoles: OptionSet {
        let rawValue: UInt8
        static let fcmV1 = KeyRoles(rawValue: 1)
        static let legacy = KeyRoles(rawValue: 2)
        static let apns = KeyRoles(rawValue: 4)
        /// One of the legacy body's targets, one of which it must have.
        static let target = KeyRoles(rawValue: 8)
    }

    /// The kind a top-level object looks like (see the type's documentation).
    public static func kind(of object: JSONObject) -> PushRequestKind { detect(object).kind }

    /// ``kind(of:)``, or `nil` for a device payload: what the classify path (PushRecords' `PushInputDecoder`) asks of
    /// every payload without `aps`, in one call from another module and with no global to compare with there.
    package static func requestKind(of object: JSONObject) -> PushRequestKind? {
        let kind = detect(object).kind
        return kind == .devicePayload ? nil : kind
    }

    /// The kind a top-level object looks like, with the body that says so (`message` or `payload`), for the
    /// deliveries to start from without looking it up again.
    private static func detect(_ object: JSONObject) -> (kind: PushRequestKind, body: JSONObject?) {
        // One pass over the keys, in place; a device payload usually stops at its first key, which
        // belongs to no request.
        var possible: KeyRoles = [.fcmV1, .legacy, .apns]
        var hasTarget = false
        let lengths = requestKeyLengths
        _ = object.containsKey { key in
            let roles =
                lengths & 1 << UInt64(min(key.count, 63)) == 0
                ? []
                : requestKeys.first { $0.utf8.count == key.count && $0.utf8.elementsEqual(key) }?.roles ?? []
            possible.formIntersection(roles)
            hasTarget = hasTarget || roles.contains(.target)
            return possible.isEmpty
        }
        if possible.contains(.fcmV1), let message = object["message"]?.objectValue { return (.fcmV1, message) }
        if possible.contains(.legacy), hasTarget { return (.fcmLegacy, nil) }
        // Only `payload` and `headers`, so no `aps` beside them.
        if possible.contains(.apns), let payload = object["payload"]?.objectValue { return (.apnsRequest, payload) }
        return (.devicePayload, nil)
    }

    /// ``deliveries``, and the web's when `platforms` names the web and an FCM v1 body has no `webpush` block: its
    /// `data` and `notification` apply to every platform, so web tokens receive them (without the block the web is
    /// not assumed, as the other platforms are, since most senders target apps).
    func deliveries(including platforms: Set<PushPlatform>) -> [PushDelivery] {
        guard platforms.contains(.web), kind == .fcmV1, !deliveries.contains(where: { $0.platform == .web }),
            let message = document.rootObject["message"]?.objectValue
        else { return deliveries }
        let builder = PushDeliveryBuilder(document: document, kind: kind, limits: limits, body: message)
        return deliveries + [builder.web(message)]
    }

    /// What the devices of `platforms` receive, for a caller that knows which platforms its tokens are
    /// on: an FCM body's deliveries to other platforms are left out. A device payload and an APNs request
    /// are for one platform already and keep their delivery; no platforms (empty) keeps every delivery.
    public func deliveries(to platforms: Set<PushPlatform>) -> [PushDelivery] {
        let all = deliveries(including: platforms)
        if platforms.isEmpty { return all }
        let audience = PushAudience(request: self, deliveries: all, declared: platforms)
        return all.filter { audience.possible.contains($0.platform) }
    }
}
