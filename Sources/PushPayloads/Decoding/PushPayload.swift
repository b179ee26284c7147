public import PushPayloadsJSON

/// A parsed push payload as decoders see it: the JSON document, its wire shape, and access to the JSON
/// that FCM data messages carry inside strings.
public struct PushPayload: Sendable {
    /// The parsed payload.
    public let document: JSONDocument

    /// How the payload arrived. FCM data messages are flat maps of strings with no `aps`;
    /// everything else is treated as APNs.
    public let shape: PushWireShape

    /// The limits used for the payload, and for JSON embedded in its strings.
    public let limits: PushPayloadLimits

    /// The `aps` dictionary, if the payload has one: looked up once, when the payload is wrapped, for the
    /// shape, the silent rule and the model to share.
    public let aps: JSONObject?

    /// Wraps a parsed document, detecting its wire shape.
    public init(document: JSONDocument, limits: PushPayloadLimits = .default) {
        let object = document.rootObject
        let aps = object["aps"]
        self.init(document: document, aps: aps?.objectValue, shape: Self.shape(of: object, aps: aps), limits: limits)
    }

    /// Wraps a parsed document whose wire shape is known, such as a device payload built from a send
    /// request for one platform (an APNs payload without `aps` is still an APNs payload).
    public init(document: JSONDocument, shape: PushWireShape, limits: PushPayloadLimits = .default) {
        self.init(document: document, aps: document.rootObject["aps"]?.objectValue, shape: shape, limits: limits)
    }

    /// Wraps a parsed document whose wire shape and `aps` the caller has read already (a send request's
    /// delivery, built from the request), so `aps` is not looked up again.
    package init(document: JSONDocument, aps: JSONObject?, shape: PushWireShape, limits: PushPayloadLimits) {
        self.document = document
        self.aps = aps
        self.limits = limits
        self.shape = shape
    }

    /// Parses a payload from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public init(jsonBytes: some JSONBytes, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        self.init(document: try JSONDocument(jsonBytes: jsonBytes, limits: limits), limits: limits)
    }

    #if compiler(>=6.2)
    /// Parses a payload from a span of UTF-8 bytes.
    public init(jsonBytes: RawSpan, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        self.init(document: try JSONDocument(jsonBytes: jsonBytes, limits: limits), limits: limits)
    }

    #endif

    /// Parses a payload from a string.
    public init(jsonString: String, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        self.init(document: try JSONDocument(jsonString: jsonString, limits: limits), limits: limits)
    }

    /// The top-level object.
    @inlinable
    public var object: JSONObject { document.rootObject }

    /// The top-level member `key`.
    @inlinable @inline(__always)
    public subscript(key: String) -> JSONValue? { document.rootObject[key] }

    /// FCM when the object is a non-empty flat map of strings without `aps` (`aps`, the member itself).
    static func shape(of object: JSONObject, aps: JSONValue?) -> PushWireShape {
        guard !object.isEmpty, aps == nil else { return .apns }
        for value in object.values where value.kind != .string { return .apns }
        return .fcm
    }

    /// `value` itself when it is an object or array; when it is a string holding a JSON object or array
    /// (as FCM data messages send nested values), that JSON, parsed; otherwise `nil`.
    ///
    /// A string that is not valid JSON gives `nil`: vendors' SDKs skip such values, and the raw string
    /// stays in the document.
    public func embeddedJSON(_ value: JSONValue) -> JSONValue? {
        switch value.kind {
        case .object, .array:
            return value
        case .string:
            // Only text starting with { or [ can be a nested container: the parser checks that first, on the text
            // decoded straight into its storage.
            let parsed = try? JSONDocument.embeddedContainer(in: value, limits: limits)
            return parsed?.root
        default:
            return nil
        }
    }

    /// The top-level member `key` as an object or array, decoded from a JSON string when the payload
    /// is an FCM data message (see ``embeddedJSON(_:)``).
    ///
    /// On APNs the SDKs read nested values as dictionaries and ignore strings, so a string is decoded
    /// only in the FCM shape.
    public func nestedJSON(_ key: String) -> JSONValue? {
        guard let value = object[key] else { return nil }
        if value.kind == .string && shape == .apns { return nil }
        return embeddedJSON(value)
    }
}
