/// Encodes `Encodable` values as JSON text, without Foundation.
///
/// The library's answers (classifications, notifications, findings) conform to `Encodable` with a
/// documented schema (`docs/json-schema.md`); this encoder writes them anywhere the toolchain runs,
/// and writes a ``JSONValue`` or ``JSONDocument`` from a payload exactly: numbers as written, strings
/// re-escaped from their decoded text. (Foundation's `JSONEncoder` also works, but reads numbers through
/// `Int64` or `Double`.)
///
/// ```swift
/// let encoder = JSONBytesEncoder()
/// let json = try encoder.encode(classification)      // [UInt8], compact
/// ```
///
/// Object members keep the order in which the value encodes them (a key encoded twice keeps its first
/// place and its last value); `nil` optionals are written as `null` when encoded with
/// `encode(_:forKey:)` (as the library's own types do) and left out when encoded with
/// `encodeIfPresent`. Non-finite floating-point numbers are refused, as JSON has none.
public struct JSONBytesEncoder: Sendable {
    /// Whether to indent nested values by two spaces, one member or element per line.
    public var prettyPrinted: Bool

    /// Creates an encoder.
    public init(prettyPrinted: Bool = false) {
        self.prettyPrinted = prettyPrinted
    }

    /// The JSON text of `value`, as UTF-8.
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        let root = EncodedNode()
        try EncodedNode.encode(value, into: root, path: nil)
        var output: [UInt8] = []
        output.reserveCapacity(256)
        root.write(into: &output, indent: prettyPrinted ? 0 : nil)
        return output
    }

    /// The JSON text of `value`, as a string.
    public func encodeToString(_ value: some Encodable) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}

/// One value of the tree an encoding builds before it is written: containers are handed out before
/// their members are known, so they are references. A container's members live in the node's own
/// arrays, not in `content`, so adding one appends in place instead of copying the container.
final class EncodedNode {
    enum Content {
        case unset
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case raw([UInt8])
        case array
        case object
    }

    var content: Content = .unset
    /// An object's keys, in first-encoded order; empty for an array.
    private(set) var keys: [String] = []
    /// An object's values (beside `keys`) or an array's elements.
    private(set) var children: [EncodedNode] = []

    static func encode<T: Encodable>(_ value: T, into node: EncodedNode, path: CodingPathLink?) throws {
        // A payload's own JSON is copied as written. Comparing the types first spares every other
        // value two dynamic casts.
        if T.self == JSONValue.self, let json = value as? JSONValue {
            node.content = .raw(json.jsonBytes)
        } else if T.self == JSONDocument.self, let document = value as? JSONDocument {
            node.content = .raw(document.jsonBytes)
        } else {
            try value.encode(to: EncodedNodeEncoder(node: node, path: path))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object
        keys = []
        children = []
    }

    func makeArray() {
        if case .array = content { return }
        content = .array
        keys = []
        children = []
    }

    func child(forKey key: String) -> EncodedNode {
        makeObject()
        // Types encode each key once; a key encoded again replaces its value where it first stood.
        if let index = keys.lastIndex(of: key) { return children[index] }
        let child = EncodedNode()
        keys.append(key)
        children.append(child)
        return child
    }

    func appendChild() -> EncodedNode {
        makeArray()
        let child = EncodedNode()
        children.append(child)
        return child
    }

    var count: Int {
        switch content {
        case .array, .object: return children.count
        default: return 0
        }
    }

    /// Writes the tree; `indent` is nil for compact text.
    func write(into output: inout [UInt8], indent: Int?) {
        switch content {
        case .unset, .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .raw(let bytes): output.append(contentsOf: bytes)
        case .array:
            output.append(UInt8(ascii: "["))
            let inner = indent.map { $0 + 1 }
            for index in children.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(inner, into: &output)
                children[index].write(into: &output, indent: inner)
            }
            if !children.isEmpty { Self.newline(indent, into: &output) }
            output.append(UInt8(ascii: "]"))
        case .object:
            output.append(UInt8(ascii: "{"))
            let inner = indent.map { $0 + 1 }
            for index in keys.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(inner, into: &output)
                Self.writeString(keys[index], into: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                children[index].write(into: &output, indent: inner)
            }
            if !keys.isEmpty { Self.newline(indent, into: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ indent: Int?, into output: inout [UInt8]) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as UTF-8.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            // Runs of bytes that need no escape are copied whole.
            var start = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                appendEscape(of: byte, into: &output)
                start = index + 1
            }
            if start < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(of byte: UInt8, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

/// The coding path of a value being encoded, as a list from the value up to the root: each nested
/// value adds one link, and the array `Encoder.codingPath` asks for is built only when asked.
final class CodingPathLink {
    let key: any CodingKey
    let parent: CodingPathLink?

    init(key: any CodingKey, parent: CodingPathLink?) {
        self.key = key
        self.parent = parent
    }

    static func path(of link: CodingPathLink?) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var link = link
        while let current = link {
            keys.append(current.key)
            link = current.parent
        }
        return keys.reversed()
    }
}

/// The `Encoder` that fills one ``EncodedNode``.
struct EncodedNodeEncoder: Encoder {
    let node: EncodedNode
    let path: CodingPathLink?
    var codingPath: [any CodingKey] { CodingPathLink.path(of: path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, path: path)
    }
}

/// Scalars, as every container writes them.
private enum Scalar {
    static func number<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T,
        path: @autoclosure () -> [any CodingKey]
    ) throws -> EncodedNode.Content {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: path(), debugDescription: "JSON has no infinite or NaN numbers")
            )
        }
        return .number(value.description)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let path: CodingPathLink?
    var codingPath: [any CodingKey] { CodingPathLink.path(of: path) }

    mutating func encodeNil() throws { node.content = .null }
    mutating func encode(_ value: Bool) throws { node.content = .bool(value) }
    mutating func encode(_ value: String) throws { node.content = .string(value) }
    mutating func encode(_ value: Double) throws { node.content = try Scalar.number(value, path: codingPath) }
    mutating func encode(_ value: Float) throws { node.content = try Scalar.number(value, path: codingPath) }
    mutating func encode(_ value: Int) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: Int8) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: Int16) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: Int32) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: Int64) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: UInt) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.content = .number(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.content = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try EncodedNode.encode(value, into: node, path: path)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let path: CodingPathLink?
    var codingPath: [any CodingKey] { CodingPathLink.path(of: path) }

    private func child(_ key: Key) -> EncodedNode { node.child(forKey: key.stringValue) }
    private func link(_ key: Key) -> CodingPathLink { CodingPathLink(key: key, parent: path) }

    mutating func encodeNil(forKey key: Key) throws { child(key).content = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).content = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).content = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        child(key).content = try Scalar.number(value, path: CodingPathLink.path(of: link(key)))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        child(key).content = try Scalar.number(value, path: CodingPathLink.path(of: link(key)))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).content = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try EncodedNode.encode(value, into: child(key), path: link(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = child(key)
        nested.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: nested, path: link(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = child(key)
        nested.makeArray()
        return UnkeyedContainer(node: nested, path: link(key))
    }

    mutating func superEncoder() -> any Encoder {
        EncodedNodeEncoder(node: node.child(forKey: "super"), path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        EncodedNodeEncoder(node: child(key), path: link(key))
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let path: CodingPathLink?
    var codingPath: [any CodingKey] { CodingPathLink.path(of: path) }
    var count: Int { node.count }

    private struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    /// The link of the element about to be appended.
    private var nextLink: CodingPathLink { CodingPathLink(key: Index(count), parent: path) }

    mutating func encodeNil() throws { node.appendChild().content = .null }
    mutating func encode(_ value: Bool) throws { node.appendChild().content = .bool(value) }
    mutating func encode(_ value: String) throws { node.appendChild().content = .string(value) }
    mutating func encode(_ value: Double) throws {
        let content = try Scalar.number(value, path: CodingPathLink.path(of: nextLink))
        node.appendChild().content = content
    }
    mutating func encode(_ value: Float) throws {
        let content = try Scalar.number(value, path: CodingPathLink.path(of: nextLink))
        node.appendChild().content = content
    }
    mutating func encode(_ value: Int) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: Int8) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: Int16) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: Int32) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: Int64) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: UInt) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: UInt8) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: UInt16) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: UInt32) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode(_ value: UInt64) throws { node.appendChild().content = .number(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let link = nextLink
        try EncodedNode.encode(value, into: node.appendChild(), path: link)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let link = nextLink
        let nested = node.appendChild()
        nested.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: nested, path: link))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let link = nextLink
        let nested = node.appendChild()
        nested.makeArray()
        return UnkeyedContainer(node: nested, path: link)
    }

    mutating func superEncoder() -> any Encoder {
        let link = nextLink
        return EncodedNodeEncoder(node: node.appendChild(), path: link)
    }
}
