/// The `Encoder` that fills one node of an ``EncodedTree``.
struct EncodedTreeEncoder: Encoder {
    let tree: EncodedTree
    let node: Int
    var codingPath: [any CodingKey] { tree.codingPath(of: node) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        tree.make(node, .object)
        return KeyedEncodingContainer(EncodedTreeKeyedContainer<Key>(tree: tree, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        tree.make(node, .array)
        return EncodedTreeUnkeyedContainer(tree: tree, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        EncodedTreeSingleValueContainer(tree: tree, node: node)
    }
}

/// What the single-value and unkeyed containers share (and the keyed one, through a single-value container
/// per member): each value goes to one node, the container's own or a new element.
private protocol EncodedTreeValueContainer {
    var tree: EncodedTree { get }
    /// The node the next value goes to.
    func nextNode() -> Int
    /// The coding path the next value will have.
    var nextPath: [any CodingKey] { get }
}

extension EncodedTreeValueContainer {
    private func put(_ content: EncodedTree.Content) { tree.set(content, of: nextNode()) }

    /// A non-finite number is refused before its node exists, with the path it would have had.
    private func putNumber<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: nextPath, debugDescription: "JSON has no infinite or NaN numbers")
            )
        }
        put(.number(value.description))
    }

    func encodeNil() throws { put(.null) }
    func encode(_ value: Bool) throws { put(.bool(value)) }
    func encode(_ value: String) throws { put(.string(value)) }
    func encode(_ value: Double) throws { try putNumber(value) }
    func encode(_ value: Float) throws { try putNumber(value) }
    func encode(_ value: Int) throws { put(.number(String(value))) }
    func encode(_ value: Int8) throws { put(.number(String(value))) }
    func encode(_ value: Int16) throws { put(.number(String(value))) }
    func encode(_ value: Int32) throws { put(.number(String(value))) }
    func encode(_ value: Int64) throws { put(.number(String(value))) }
    func encode(_ value: UInt) throws { put(.number(String(value))) }
    func encode(_ value: UInt8) throws { put(.number(String(value))) }
    func encode(_ value: UInt16) throws { put(.number(String(value))) }
    func encode(_ value: UInt32) throws { put(.number(String(value))) }
    func encode(_ value: UInt64) throws { put(.number(String(value))) }
    func encode<T: Encodable>(_ value: T) throws { try tree.encode(value, into: nextNode()) }
}

private struct EncodedTreeSingleValueContainer: SingleValueEncodingContainer, EncodedTreeValueContainer {
    let tree: EncodedTree
    let node: Int
    var codingPath: [any CodingKey] { tree.codingPath(of: node) }
    var nextPath: [any CodingKey] { codingPath }
    func nextNode() -> Int { node }
}

private struct EncodedTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let tree: EncodedTree
    let node: Int
    var codingPath: [any CodingKey] { tree.codingPath(of: node) }

    /// Member `key`, as a single-value container: each typed `encode` writes through it.
    private func member(_ key: Key) -> EncodedTreeSingleValueContainer {
        EncodedTreeSingleValueContainer(tree: tree, node: tree.member(key.stringValue, of: node))
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key).encode(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try member(key).encode(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        superEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        superEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        EncodedTreeEncoder(tree: tree, node: tree.member("super", of: node, isInCodingPath: false))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        EncodedTreeEncoder(tree: tree, node: member(key).node)
    }
}

private struct EncodedTreeUnkeyedContainer: UnkeyedEncodingContainer, EncodedTreeValueContainer {
    let tree: EncodedTree
    let node: Int
    var codingPath: [any CodingKey] { tree.codingPath(of: node) }
    var count: Int { tree.count(of: node) }
    var nextPath: [any CodingKey] { codingPath + [EncodedTreeKey(index: count)] }
    func nextNode() -> Int { tree.element(of: node) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        superEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        superEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        EncodedTreeEncoder(tree: tree, node: tree.element(of: node))
    }
}
