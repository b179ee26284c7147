/// Builds a ``JSONDocument`` value by value, for sources that are not JSON text: another parser's tree
/// (the jansson engine) or a platform dictionary (`userInfo`).
///
/// It writes canonical JSON text as it goes, so the result is the same kind of document the native
/// parser makes, and enforces the same rules: depth limit, unique keys, no U+0000 in keys, finite numbers.
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
        var lastKey = ""
        var awaitingValue = false
    }

    /// Creates an empty builder that enforces `limits` (the size limit applies to the canonical text).
    package init(limits: PushPayloadLimits = .default) {
        self.limits = limits
    }

    /// The key path of the value being built, such as `aps.alert` (array elements by index).
    package var path: String {
        levels.map { $0.isObject ? $0.lastKey : String($0.count - 1) }.joined(separator: ".")
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
        nodes.append(
            JSONNode(
                kind: kind,
                flags: flags,
                start: UInt32(truncatingIfNeeded: start),
                length: UInt32(truncatingIfNeeded: length),
                end: UInt32(truncatingIfNeeded: nodes.count + 1)
            )
        )
    }

    private mutating func open(_ kind: UInt8) throws(PushPayloadError) {
        try beginValue()
        if levels.count >= limits.maximumDepth {
            throw PushPayloadError(
                .tooDeep,
                message: "objects and arrays nest deeper than the limit of \(limits.maximumDepth)",
                keyPath: path
            )
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
        guard let top = levels.last, top.isObject, !top.awaitingValue else {
            throw PushPayloadError(.invalidJSON, message: "a key belongs directly inside an object", keyPath: path)
        }
        if top.count > 0 { bytes.append(UInt8(ascii: ",")) }
        levels[levels.count - 1].count += 1
        levels[levels.count - 1].lastKey = key
        levels[levels.count - 1].awaitingValue = true
        nodes[top.node].length += 1
        _ = appendString(key)
        bytes.append(UInt8(ascii: ":"))
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
            let parent = path
            throw PushPayloadError(
                .duplicateKey,
                message: "the key \"\(name)\" appears more than once in one object",
                keyPath: parent.isEmpty ? name : parent + "." + name
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
        _ = appendString(value)
    }

    /// Adds a string value given as UTF-8 (which must be valid).
    package mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) throws(PushPayloadError) {
        try beginValue()
        _ = appendString(utf8: value)
    }

    /// Writes a quoted, escaped string and its node; returns the node's flags.
    private mutating func appendString(_ value: String) -> UInt8 {
        var value = value
        return value.withUTF8 { appendString(utf8: $0) }
    }

    private mutating func appendString(utf8 value: UnsafeBufferPointer<UInt8>) -> UInt8 {
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        var flags: UInt8 = 0
        let hexDigits = Array("0123456789abcdef".utf8)
        for byte in value {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
                flags |= JSONNode.hasEscapes
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
            if byte < 0x20 { flags |= JSONNode.hasEscapes }
        }
        appendNode(JSONNode.string, flags: flags, start: start, length: bytes.count - start)
        bytes.append(UInt8(ascii: "\""))
        return flags
    }

    /// Adds an integer.
    package mutating func integer(_ value: Int64) throws(PushPayloadError) {
        try number(text: String(value), isInteger: true)
    }

    /// Adds a floating-point number, which must be finite.
    package mutating func double(_ value: Double) throws(PushPayloadError) {
        guard value.isFinite else {
            throw PushPayloadError(.numberOutOfRange, message: "JSON has no infinite or NaN numbers", keyPath: path)
        }
        // `description` is the shortest text that reads back as the same Double, and keeps a fraction
        // or exponent, so the value stays a non-integer literal.
        try number(text: value.description, isInteger: false)
    }

    private mutating func number(text: String, isInteger: Bool) throws(PushPayloadError) {
        try beginValue()
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        appendNode(
            JSONNode.number,
            flags: isInteger ? JSONNode.isInteger : 0,
            start: start,
            length: bytes.count - start
        )
    }

    /// Adds `true` or `false`.
    package mutating func bool(_ value: Bool) throws(PushPayloadError) {
        try beginValue()
        appendNode(value ? JSONNode.true : JSONNode.false, start: bytes.count, length: value ? 4 : 5)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Adds `null`.
    package mutating func null() throws(PushPayloadError) {
        try beginValue()
        appendNode(JSONNode.null, start: bytes.count, length: 4)
        bytes.append(contentsOf: "null".utf8)
    }

    /// Finishes the document; its one top-level value must be complete, and an object unless
    /// `acceptsAnyTopLevelValue`.
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
