/// A parsed JSON payload: an immutable, `Sendable` value that owns its bytes.
///
/// Read it through cheap views, starting at ``root`` or ``rootObject``. Views copy nothing: strings
/// are decoded only when you ask for them, and key lookups compare decoded keys against the raw text in
/// place, so `"\u0073ource"` is found as `source`.
///
/// ```swift
/// let document = try JSONDocument(jsonString: #"{"source": "xnpe_platform", "silent": 1}"#)
/// document.rootObject["source"]?.isString("xnpe_platform")  // true
/// document.rootObject["silent"]?.numberValue?.int64Value    // 1
/// ```
///
/// Two documents are equal when they hold the same JSON data: objects compare as unordered maps,
/// strings by decoded text and numbers by value, whatever the spelling in the input.
///
/// A document can also be a view of an object inside another one (``init(_:)``), sharing its storage:
/// a send request's `payload` becomes the device payload without being copied or parsed again.
public struct JSONDocument: Sendable {
    @usableFromInline let storage: JSONStorage
    /// The node of the top-level value: 0 for a parsed or built document, the object's node for a view
    /// of an object inside another document. Only node 0 has the key index
    /// (`JSONStorage+RootKeyIndex.swift`), which the lookups check by the node, not by the document.
    @usableFromInline let rootIndex: Int

    @usableFromInline
    init(storage: JSONStorage, rootIndex: Int = 0) {
        self.storage = storage
        self.rootIndex = rootIndex
    }

    /// A document whose top level is `object`, a view sharing the storage of the document it is in:
    /// nothing is copied or parsed, and it equals a document parsed from `object`'s JSON text.
    ///
    /// The view keeps the whole of the other document alive. The object was read under that document's
    /// limits: its size counts in the other document's text, its depth from the other document's root.
    ///
    /// ```swift
    /// let request = try JSONDocument(jsonString: #"{"payload": {"aps": {"alert": "Hi"}}}"#)
    /// let payload = JSONDocument(request.rootObject["payload"]!.objectValue!)
    /// payload.jsonString  // {"aps":{"alert":"Hi"}}
    /// ```
    public init(_ object: JSONObject) {
        self.init(storage: object.storage, rootIndex: object.index)
    }

    /// Parses a payload, which must be a JSON object, from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public init(jsonBytes: some JSONBytes, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        var parser = JSONParser(limits: limits)
        self = try parser.parse(jsonBytes)
    }

    #if compiler(>=6.2)
    /// Parses a payload, which must be a JSON object, from a span of UTF-8 bytes.
    public init(jsonBytes: RawSpan, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        var parser = JSONParser(limits: limits)
        self = try parser.parse(jsonBytes)
    }

    /// Parses any JSON value (an array, a string, …) from a span of UTF-8 bytes.
    public init(jsonValueBytes: RawSpan, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        var parser = JSONParser(limits: limits, acceptsAnyTopLevelValue: true)
        self = try parser.parse(jsonValueBytes)
    }

    #endif

    /// Parses a payload, which must be a JSON object, from a string.
    public init(jsonString: String, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        try self.init(jsonBytes: jsonString, limits: limits)
    }

    /// Parses any JSON value (an array, a string, …), such as JSON embedded in a string of a payload.
    public init(jsonValueBytes: some JSONBytes, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        var parser = JSONParser(limits: limits, acceptsAnyTopLevelValue: true)
        self = try parser.parse(jsonValueBytes)
    }

    /// Parses any JSON value from raw UTF-8 bytes with the calling thread's warm parser: for the small
    /// documents payloads embed in strings, parsed one after another (see `JSONThreadParser`).
    package init(embeddedJSONBytes: UnsafeRawBufferPointer, limits: PushPayloadLimits) throws(PushPayloadError) {
        self = try JSONThreadParser.parseValue(embeddedJSONBytes, limits: limits)
    }

    /// The object or array whose JSON text the string `value` holds, parsed with the calling thread's warm parser
    /// straight from the string's text as written (its escapes decoded into the document's own bytes, not into a
    /// buffer copied after); `nil` when `value` is not a string, or its text is not JSON that starts with `{` or `[`
    /// (JSON whitespace before it allowed), and an error when it starts so but is not valid JSON.
    package static func embeddedContainer(
        in value: JSONValue,
        limits: PushPayloadLimits
    ) throws(PushPayloadError) -> JSONDocument? {
        let node = value.node
        guard node.kind == JSONNode.string else { return nil }
        return try JSONThreadParser.parseContainer(
            escapedText: node.text(in: value.storage.bytes),
            hasEscapes: node.flags & JSONNode.hasEscapes != 0,
            limits: limits
        )
    }

    /// Parses any JSON value (an array, a string, …) from a string.
    public init(jsonValueString: String, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        try self.init(jsonValueBytes: jsonValueString, limits: limits)
    }

    /// An empty object, `{}`.
    public static let emptyObject = JSONDocument(storage: JSONObject.empty.storage)

    /// The top-level value.
    @inlinable
    public var root: JSONValue { JSONValue(storage: storage, index: rootIndex) }

    /// The top-level object, or an empty object when the document holds another kind of value
    /// (possible only for documents parsed with an `init(jsonValueBytes:limits:)`).
    @inlinable
    public var rootObject: JSONObject {
        root.objectValue ?? JSONObject.empty
    }

    /// The number of values in the document, keys included: a measure of its size and cost.
    public var valueCount: Int { Int(storage.nodes[rootIndex].end) - rootIndex }

    /// Whether both documents read one storage (one is a view into the other, ``init(_:)``): for tests
    /// that check a view copied nothing.
    package func shares(_ other: JSONDocument) -> Bool { storage === other.storage }

    /// The document as compact JSON text.
    ///
    /// Strings and numbers keep the spelling they had in the input (escapes included); whitespace is
    /// dropped. Parsing the result gives an equal document.
    public var jsonBytes: [UInt8] { root.jsonBytes }

    /// The document as compact JSON text; see ``jsonBytes``.
    public var jsonString: String { String(decoding: jsonBytes, as: UTF8.self) }
}

extension JSONDocument: Equatable {
    /// Whether both documents hold the same JSON data (see the type's discussion).
    public static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
        lhs.root == rhs.root
    }
}

extension JSONDocument: CustomStringConvertible {
    /// The document as compact JSON text.
    public var description: String { jsonString }
}
