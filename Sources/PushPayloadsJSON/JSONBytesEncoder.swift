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
/// Object members keep the order in which the value encodes them; `nil` optionals are written as
/// `null` when encoded with `encode(_:forKey:)` (as the library's own types do) and left out when
/// encoded with `encodeIfPresent`. Non-finite floating-point numbers are refused, as JSON has none.
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
        try EncodedNode.encode(value, into: root, codingPath: [])
        var output: [UInt8] = []
        root.write(into: &output, indent: prettyPrinted ? 0 : nil)
        return output
    }

    /// The JSON text of `value`, as a string.
    public func encodeToString(_ value: some Encodable) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}

/// One value of the tree an encoding builds before it is written: containers are handed out before
/// their members are known, so they are references.
final class EncodedNode {
    enum Content {
        case unset
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case raw([UInt8])
        case array([EncodedNode])
        case object(keys: [String], values: [EncodedNode])
    }

    var content: Content = .unset

    static func encode(_ value: some Encodable, into node: EncodedNode, codingPath: [any CodingKey]) throws {
        // A payload's own JSON is copied as written.
        if let json = value as? JSONValue {
            node.content = .raw(json.jsonBytes)
        } else if let document = value as? JSONDocument {
            node.content = .raw(document.jsonBytes)
        } else {
            try value.encode(to: EncodedNodeEncoder(node: node, codingPath: codingPath))
        }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], values: [])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func child(forKey key: String) -> EncodedNode {
        makeObject()
        guard case .object(var keys, var values) = content else { preconditionFailure("not an object") }
        if let index = keys.firstIndex(of: key) { return values[index] }
        let child = EncodedNode()
        keys.append(key)
        values.append(child)
        content = .object(keys: keys, values: values)
        return child
    }

    func appendChild() -> EncodedNode {
        makeArray()
        guard case .array(var elements) = content else { preconditionFailure("not an array") }
        let child = EncodedNode()
        elements.append(child)
        content = .array(elements)
        return child
    }

    var count: Int {
        switch content {
        case .array(let elements): return elements.count
        case .object(let keys, _): return keys.count
        default: return 0
        }
    }

    /// Writes the tree, iteratively over the containers' members; `indent` is nil for compact text.
    func write(into output: inout [UInt8], indent: Int?) {
        switch content {
        case .unset, .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .raw(let bytes): output.append(contentsOf: bytes)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(indent.map { $0 + 1 }, into: &output)
                element.write(into: &output, indent: indent.map { $0 + 1 })
            }
            if !elements.isEmpty { Self.newline(indent, into: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let keys, let values):
            output.append(UInt8(ascii: "{"))
            for index in keys.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.newline(indent.map { $0 + 1 }, into: &output)
                Self.writeString(keys[index], into: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                values[index].write(into: &output, indent: indent.map { $0 + 1 })
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
        let hex = Array("0123456789abcdef".utf8)
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// The `Encoder` that fills one ``EncodedNode``.
struct EncodedNodeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

/// Scalars, as every container writes them.
private enum Scalar {
    static func number<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: T,
        codingPath: [any CodingKey]
    ) throws -> EncodedNode.Content {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: codingPath, debugDescription: "JSON has no infinite or NaN numbers")
            )
        }
        return .number(value.description)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .null }
    mutating func encode(_ value: Bool) throws { node.content = .bool(value) }
    mutating func encode(_ value: String) throws { node.content = .string(value) }
    mutating func encode(_ value: Double) throws { node.content = try Scalar.number(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { node.content = try Scalar.number(value, codingPath: codingPath) }
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
        try EncodedNode.encode(value, into: node, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> EncodedNode { node.child(forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { child(key).content = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).content = .bool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).content = .string(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        child(key).content = try Scalar.number(value, codingPath: codingPath + [key])
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        child(key).content = try Scalar.number(value, codingPath: codingPath + [key])
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
        try EncodedNode.encode(value, into: child(key), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = child(key)
        nested.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = child(key)
        nested.makeArray()
        return UnkeyedContainer(node: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        EncodedNodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        EncodedNodeEncoder(node: child(key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    private struct Index: CodingKey {
        var intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private var nextPath: [any CodingKey] { codingPath + [Index(count)] }

    mutating func encodeNil() throws { node.appendChild().content = .null }
    mutating func encode(_ value: Bool) throws { node.appendChild().content = .bool(value) }
    mutating func encode(_ value: String) throws { node.appendChild().content = .string(value) }
    mutating func encode(_ value: Double) throws {
        let content = try Scalar.number(value, codingPath: nextPath)
        node.appendChild().content = content
    }
    mutating func encode(_ value: Float) throws {
        let content = try Scalar.number(value, codingPath: nextPath)
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
        let path = nextPath
        try EncodedNode.encode(value, into: node.appendChild(), codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let nested = node.appendChild()
        nested.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = node.appendChild()
        nested.makeArray()
        return UnkeyedContainer(node: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return EncodedNodeEncoder(node: node.appendChild(), codingPath: path)
    }
}
