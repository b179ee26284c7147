/// Builds a ``JSONDocument`` value by value, for sources that are not JSON text: another parser's tree
/// (the jansson engine), a platform dictionary (`userInfo`), or pieces of other documents (a send
/// request's device payloads, which merge members of several objects).
///
/// It writes compact JSON text as it goes, so the result is the same kind of document the native
/// parser makes, and enforces the same rules: depth limit, unique keys, finite numbers.
/// Strings it is given are escaped as ``JSONBytesEncoder`` escapes them; values copied from another
/// document (``copy(_:)``) keep the text they had there, so they are neither decoded nor escaped again.
package struct JSONDocumentBuilder {
    private var bytes: [UInt8] = []
    private var nodes: [JSONNode] = []
    private var levels: [Level] = []
    private let limits: PushPayloadLimits
    private let scratch = JSONParserScratch()

    private struct Level {
        var node: Int
        var isObject: Bool
        var count = 0
        /// The node of the last key, read back only for an error's key path.
        var lastKeyNode = 0
        var awaitingValue = false
    }

    /// Creates an empty builder that enforces `limits` (the size limit applies to the canonical text).
    package init(limits: PushPayloadLimits = .default) {
        self.limits = limits
    }

    /// Creates an empty builder with room for a document about as large as `document` (a send request
    /// whose pieces it copies), so the text and the nodes grow without copying.
    package init(limits: PushPayloadLimits, reservingRoomFor document: JSONDocument) {
        self.limits = limits
        bytes.reserveCapacity(Swift.min(document.storage.byteCount, limits.maximumPayloadBytes) + 64)
        nodes.reserveCapacity(document.valueCount + 16)
    }

    /// The key path of the value being built, such as `aps.alert` (array elements by index).
    package var path: String {
        bytes.withUnsafeBufferPointer { bytes in
            levels.map { level in
                level.isObject
                    ? JSONStringDecoding.string(nodes[level.lastKeyNode], in: bytes.baseAddress!)
                    : String(level.count - 1)
            }
            .joined(separator: ".")
        }
    }

    private mutating func beginValue() throws(PushPayloadError) {
        guard let top = levels.last else {
            if !nodes.isEmpty {
                throw PushPayloadError(.invalidJSON, message: "a document holds one top-level value")
            }
            return
        }
        if top.isObject {
            guard top.awaitingValue else {
                throw PushPayloadError(.invalidJSON, message: "an object member needs a key first", keyPath: path)
            }
            levels[levels.count - 1].awaitingValue = false
        } else {
            if top.count > 0 { bytes.append(UInt8(ascii: ",")) }
            levels[levels.count - 1].count += 1
            nodes[top.node].length += 1
        }
    }

    private mutating func appendNode(_ kind: UInt8, flags: UInt8 = 0, start: Int, length: Int) {
        nodes.append(JSONFastScanner.node(kind, flags, start, length, nodes.count))
    }

    private mutating func open(_ kind: UInt8) throws(PushPayloadError) {
        try beginValue()
        if levels.count >= limits.maximumDepth {
            throw PushPayloadError.tooDeep(limit: limits.maximumDepth, keyPath: path)
        }
        levels.append(Level(node: nodes.count, isObject: kind == JSONNode.object))
        appendNode(kind, start: bytes.count, length: 0)
        bytes.append(kind == JSONNode.object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    }

    /// Starts an object; add members with ``key(_:)`` and a value each, then call ``endObject()``.
    package mutating func beginObject() throws(PushPayloadError) { try open(JSONNode.object) }

    /// Starts an array; add elements, then call ``endArray()``.
    package mutating func beginArray() throws(PushPayloadError) { try open(JSONNode.array) }

    /// Adds the key of the next object member.
    package mutating func key(_ key: String) throws(PushPayloadError) {
        try beginKey()
        var key = key
        key.withUTF8 { appendString(utf8: $0) }
        bytes.append(UInt8(ascii: ":"))
    }

    /// Adds the key of `member`, a member's value in an object of another document, spelled as
    /// ``key(_:)`` spells keys: its decoded text escaped again (the text as written when it holds no escape).
    package mutating func key(ofMember member: JSONValue) throws(PushPayloadError) {
        try beginKey()
        JSONStringDecoding.withDecodedBytes(of: member.keyNode, in: member.storage.bytes) { appendString(utf8: $0) }
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func beginKey() throws(PushPayloadError) {
        guard let top = levels.last, top.isObject, !top.awaitingValue else {
            throw PushPayloadError(.invalidJSON, message: "a key belongs directly inside an object", keyPath: path)
        }
        if top.count > 0 { bytes.append(UInt8(ascii: ",")) }
        levels[levels.count - 1].count += 1
        levels[levels.count - 1].lastKeyNode = nodes.count
        levels[levels.count - 1].awaitingValue = true
        nodes[top.node].length += 1
    }

    /// Ends the innermost object, rejecting it if two keys are equal.
    package mutating func endObject() throws(PushPayloadError) {
        guard let top = levels.last, top.isObject, !top.awaitingValue else {
            throw PushPayloadError(.invalidJSON, message: "no object to end here", keyPath: path)
        }
        try close(top)
        let duplicate = bytes.withUnsafeBufferPointer { bytes in
            nodes.withUnsafeBufferPointer { nodes in
                scratch.duplicateKey(inObject: top.node, nodes: nodes.baseAddress!, bytes: bytes.baseAddress!)
            }
        }
        if let duplicate {
            let name = bytes.withUnsafeBufferPointer {
                JSONStringDecoding.string(nodes[duplicate], in: $0.baseAddress!)
            }
            throw PushPayloadError(
                .duplicateKey,
                message: "the key \"\(name)\" appears more than once in one object",
                keyPath: levels.isEmpty ? name : path + "." + name
            )
        }
    }

    /// Ends the innermost array.
    package mutating func endArray() throws(PushPayloadError) {
        guard let top = levels.last, !top.isObject else {
            throw PushPayloadError(.invalidJSON, message: "no array to end here", keyPath: path)
        }
        try close(top)
    }

    private mutating func close(_ top: Level) throws(PushPayloadError) {
        levels.removeLast()
        bytes.append(top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        nodes[top.node].end = UInt32(truncatingIfNeeded: nodes.count)
    }

    /// Adds a string value.
    package mutating func string(_ value: String) throws(PushPayloadError) {
        try beginValue()
        var value = value
        value.withUTF8 { appendString(utf8: $0) }
    }

    /// Writes a quoted, escaped string and its node.
    private mutating func appendString(utf8 value: UnsafeBufferPointer<UInt8>) {
        let start = bytes.count + 1
        bytes.appendJSONString(utf8: value)
        let length = bytes.count - 1 - start
        // Longer than its text only when something was escaped.
        appendNode(
            JSONNode.string,
            flags: length != value.count ? JSONNode.hasEscapes : 0,
            start: start,
            length: length
        )
    }

    /// Adds the decoded text of `value`, a string of another document, as ``string(_:)`` writes it: escaped
    /// again (the text as written when it holds no escape).
    package mutating func string(decodedFrom value: JSONValue) throws(PushPayloadError) {
        guard value.node.kind == JSONNode.string else {
            throw PushPayloadError(.invalidJSON, message: "not a string", keyPath: path)
        }
        try beginValue()
        JSONStringDecoding.withDecodedBytes(of: value.node, in: value.storage.bytes) { appendString(utf8: $0) }
    }

    /// Adds a value of another document as it is written there: strings and numbers keep their text
    /// (escapes and spelling included), objects and arrays their members in order with keys as written.
    /// Nothing is decoded, and the value's own keys are not checked again: its document holds unique
    /// keys already. The depth limit counts the value's levels below the builder's.
    package mutating func copy(_ value: JSONValue) throws(PushPayloadError) {
        try beginValue()
        let first = value.index
        let base = nodes.count
        // The nodes as they are, then pointed at the text the writer writes for them.
        let count = Int(value.storage.nodes[first].end) - first
        nodes.append(contentsOf: UnsafeBufferPointer(start: value.storage.nodes + first, count: count))
        let depth = nodes.withUnsafeMutableBufferPointer { copies in
            JSONWriter.write(value, into: &bytes, relocating: copies.baseAddress! + base, to: base)
        }
        if levels.count + depth > limits.maximumDepth {
            throw PushPayloadError.tooDeep(limit: limits.maximumDepth, keyPath: path)
        }
    }

    /// Adds an integer.
    package mutating func integer(_ value: Int64) throws(PushPayloadError) {
        try scalar(JSONNode.number, flags: JSONNode.isInteger, String(value))
    }

    /// Adds a floating-point number, which must be finite.
    package mutating func double(_ value: Double) throws(PushPayloadError) {
        guard value.isFinite else {
            throw PushPayloadError(.numberOutOfRange, message: "JSON has no infinite or NaN numbers", keyPath: path)
        }
        // `description` is the shortest text that reads back as the same Double, and keeps a fraction
        // or exponent, so the value stays a non-integer literal.
        try scalar(JSONNode.number, value.description)
    }

    /// Adds `true` or `false`.
    package mutating func bool(_ value: Bool) throws(PushPayloadError) {
        try scalar(value ? JSONNode.true : JSONNode.false, value ? "true" : "false")
    }

    /// Adds `null`.
    package mutating func null() throws(PushPayloadError) { try scalar(JSONNode.null, "null") }

    /// Adds a number or a literal written as `text`.
    private mutating func scalar(_ kind: UInt8, flags: UInt8 = 0, _ text: String) throws(PushPayloadError) {
        try beginValue()
        appendNode(kind, flags: flags, start: bytes.count, length: text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// Finishes the document; its one top-level value must be complete, and an object unless `acceptsAnyTopLevelValue`.
    package func finish(acceptsAnyTopLevelValue: Bool = false) throws(PushPayloadError) -> JSONDocument {
        guard levels.isEmpty, let first = nodes.first else {
            throw PushPayloadError(.invalidJSON, message: "the document is incomplete")
        }
        if bytes.count > limits.maximumPayloadBytes {
            throw PushPayloadError(
                .tooLarge,
                message: "the payload is \(bytes.count) bytes as JSON; the limit is \(limits.maximumPayloadBytes)"
            )
        }
        if !acceptsAnyTopLevelValue && first.kind != JSONNode.object {
            throw PushPayloadError(.notAnObject, message: "the top-level value is not an object")
        }
        let storage = JSONStorage(byteCapacity: bytes.count, nodeCapacity: nodes.count)
        bytes.withUnsafeBufferPointer { storage.bytes.update(from: $0.baseAddress!, count: $0.count) }
        (storage.bytes + bytes.count).update(repeating: 0, count: JSONStorage.padding)
        storage.byteCount = bytes.count
        nodes.withUnsafeBufferPointer { storage.nodes.update(from: $0.baseAddress!, count: $0.count) }
        storage.nodeCount = nodes.count
        return JSONDocument(storage: storage)
    }
}
