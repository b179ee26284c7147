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

    /// A 64-bit filter of the top-level keys, filled in one pass over them when the payload is wrapped: each key sets
    /// the bit its first byte, last byte and length pick (``rootKeyFilterBit(_:)``). A lookup of a top-level key whose
    /// bit is clear is answered "absent" without a search (most of the decoders' lookups are of keys a payload does
    /// not have), and the registry's marker index asks only the decoders whose marker keys' bits are set. A set bit
    /// proves nothing: the lookup then searches as before. All ones for objects of more than
    /// ``rootKeyFilterMaximumMembers`` members, for which no filter is made.
    @usableFromInline let rootKeyFilter: UInt64

    /// Wraps a parsed document, detecting its wire shape.
    public init(document: JSONDocument, limits: PushPayloadLimits = .default) {
        let object = document.rootObject
        let filter = Self.rootKeyFilter(of: object)
        let aps = filter & Self.apsFilterBit == 0 ? nil : object["aps"]
        self.init(
            document: document,
            aps: aps?.objectValue,
            shape: Self.shape(of: object, aps: aps),
            limits: limits,
            rootKeyFilter: filter
        )
    }

    /// Wraps a parsed document whose wire shape is known, such as a device payload built from a send
    /// request for one platform (an APNs payload without `aps` is still an APNs payload).
    public init(document: JSONDocument, shape: PushWireShape, limits: PushPayloadLimits = .default) {
        self.init(document: document, aps: document.rootObject["aps"]?.objectValue, shape: shape, limits: limits)
    }

    /// Wraps a parsed document whose wire shape and `aps` the caller has read already (a send request's
    /// delivery, built from the request), so `aps` is not looked up again.
    package init(document: JSONDocument, aps: JSONObject?, shape: PushWireShape, limits: PushPayloadLimits) {
        self.init(
            document: document,
            aps: aps,
            shape: shape,
            limits: limits,
            rootKeyFilter: Self.rootKeyFilter(of: document.rootObject)
        )
    }

    private init(
        document: JSONDocument,
        aps: JSONObject?,
        shape: PushWireShape,
        limits: PushPayloadLimits,
        rootKeyFilter: UInt64
    ) {
        self.document = document
        self.aps = aps
        self.limits = limits
        self.shape = shape
        self.rootKeyFilter = rootKeyFilter
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
    ///
    /// A key whose bit in the payload's filter of its top-level keys is clear is absent, and is answered so without
    /// a search; any other is looked up.
    @inlinable @inline(__always)
    public subscript(key: String) -> JSONValue? {
        let object = document.rootObject
        let filter = rootKeyFilter
        if let absent = key.utf8.withContiguousStorageIfAvailable({ filter & Self.rootKeyFilterBit($0) == 0 }), absent {
            return nil
        }
        return object[key]
    }

    /// The bit of the top-level key filter (``rootKeyFilter``) that the decoded UTF-8 key `key` sets: a multiplicative
    /// hash of its first byte, last byte and length, which tells apart the keys a payload has from those the decoders
    /// ask for in most payloads (`aps`, `title`, `_sp`, `mcID`, …) at the cost of one multiply.
    @inlinable @inline(__always)
    static func rootKeyFilterBit(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = key.count
        guard count > 0, let start = key.baseAddress else { return 1 }
        return rootKeyFilterBit(first: start[0], last: start[count &- 1], count: count)
    }

    /// ``rootKeyFilterBit(_:)`` of a key with these first and last bytes and this length.
    @inlinable @inline(__always)
    static func rootKeyFilterBit(first: UInt8, last: UInt8, count: Int) -> UInt64 {
        let word = UInt64(first) | UInt64(last) &<< 8 | UInt64(truncatingIfNeeded: count) &<< 16
        return 1 &<< ((word &* 0x9E37_79B9_7F4A_7C15) &>> 58)
    }

    /// The filter bit of `aps`, which every payload's wrapping tests, as a constant expression (the optimiser had
    /// folded the bit of the literal's UTF-8 too: callgrind shows no change, but nothing is left to chance).
    @usableFromInline static var apsFilterBit: UInt64 {
        @inline(__always) get { rootKeyFilterBit(first: UInt8(ascii: "a"), last: UInt8(ascii: "s"), count: 3) }
    }

    /// The most top-level members a filter is made for: a wider object's filter is all ones (every lookup searches, and
    /// the marker index walks the keys). The pass costs about 25 instructions a key, while a lookup in an object of
    /// eight members or more is one probe of the index the parser built of its keys, and a filter of many keys has
    /// most bits set: past a dozen keys, the pass costs more than the lookups it saves.
    static let rootKeyFilterMaximumMembers = 12

    /// The filter of `object`'s keys (``rootKeyFilter``), in one pass that reads each key in place.
    static func rootKeyFilter(of object: JSONObject) -> UInt64 {
        guard object.count <= rootKeyFilterMaximumMembers else { return ~0 }
        var filter: UInt64 = 0
        _ = object.containsKey { key in
            filter |= rootKeyFilterBit(key)
            return false
        }
        return filter
    }

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
        guard let value = self[key] else { return nil }
        if value.kind == .string && shape == .apns { return nil }
        return embeddedJSON(value)
    }
}
