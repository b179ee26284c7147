/// A view of a JSON object: its members in input order, with lookup by decoded key.
///
/// Lookup is a linear scan that skips each member's subtree in one step; push payloads have a handful
/// of keys per object, where a scan beats building any index.
public struct JSONObject: Sendable {
    /// This object as a value.
    public let value: JSONValue
    @inlinable var storage: JSONStorage { value.storage }
    @inlinable var index: Int { value.index }

    @inlinable
    init(storage: JSONStorage, index: Int) { value = JSONValue(storage: storage, index: index) }

    /// An object with no members.
    public static let empty: JSONObject = {
        let storage = JSONStorage(byteCapacity: 2, nodeCapacity: 1)
        storage.bytes[0] = UInt8(ascii: "{")
        storage.bytes[1] = UInt8(ascii: "}")
        storage.byteCount = 2
        storage.nodes[0] = JSONNode(kind: JSONNode.object, flags: 0, start: 0, length: 0, end: 1)
        storage.nodeCount = 1
        return JSONObject(storage: storage, index: 0)
    }()

    /// The number of members.
    @inlinable
    public var count: Int { Int(storage.nodes[index].length) }

    /// Whether the object has no members.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The member named `key` (compared after decoding escapes), or `nil`.
    @inlinable @inline(__always)
    public subscript(key: String) -> JSONValue? {
        // Inlined around an out-of-line search that returns a node index: see ``subscript(unsafeUTF8:)``. A literal
        // key's bytes are then known here; the closure captures the storage and the index, not this view.
        let storage = self.storage
        let index = self.index
        let found =
            key.utf8.withContiguousStorageIfAvailable { storage.memberIndex(inObjectAt: index, $0) }
            ?? storage.memberIndex(inObjectAt: index, key: key)
        return found < 0 ? nil : JSONValue(storage: storage, index: found)
    }

    /// The member whose decoded key is the UTF-8 text `key` (an array, a slice, a string's `utf8`, …), or
    /// `nil`. Contiguous bytes are compared in place; others are copied first.
    @inlinable @inline(__always)
    public subscript(utf8 key: some Collection<UInt8>) -> JSONValue? {
        if let found = key.withContiguousStorageIfAvailable({ self[unsafeUTF8: $0] }) { return found }
        return Array(key).withUnsafeBufferPointer { self[unsafeUTF8: $0] }
    }

    /// The member whose decoded key is the UTF-8 text in `key`, or `nil`: the lookup every other one ends
    /// in, for the engine's own callers, which hold keys as buffers.
    ///
    /// Inlined, around an out-of-line search that returns a node index: the view is built at the caller, where
    /// the optimiser sees that this object already keeps the storage alive, so a lookup whose result is read at
    /// once (`object["sound"]?.stringValue`) costs no retain and release of the storage. As an outlined call
    /// returning an owned view, each of the decoders' ~11 lookups a push payload retained and released it.
    @inlinable @inline(__always)
    package subscript(unsafeUTF8 key: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        let found = storage.memberIndex(inObjectAt: index, key)
        return found < 0 ? nil : JSONValue(storage: storage, index: found)
    }

    /// Whether the object has a member named `key`.
    @inlinable
    public func contains(_ key: String) -> Bool { self[key] != nil }

    /// The decoded keys, in input order.
    public var keys: [String] { map(\.key) }
}

extension JSONObject: Sequence {
    /// A member: its decoded key and its value.
    public typealias Element = (key: String, value: JSONValue)

    /// Iterates over the members in input order.
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline var values: Values.Iterator

        @inlinable
        init(values: Values.Iterator) { self.values = values }

        /// The next member, or `nil` after the last.
        @inlinable
        public mutating func next() -> Element? {
            guard let value = values.next() else { return nil }
            return (JSONStringDecoding.string(value.keyNode, in: value.storage.bytes), value)
        }
    }

    /// Returns an iterator over the members.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(values: values.makeIterator())
    }

    /// The number of members.
    @inlinable
    public var underestimatedCount: Int { count }
}

extension JSONObject {
    /// The member values in input order, without decoding any key.
    @inlinable
    public var values: Values { Values(object: self) }

    /// The values of an object's members, in input order.
    public struct Values: Sequence, Sendable {
        @usableFromInline let object: JSONObject

        @inlinable
        init(object: JSONObject) { self.object = object }

        /// Iterates over the values: the iterator of an array's elements, stepping over each key.
        public typealias Iterator = JSONArray.Iterator

        /// Returns an iterator over the values.
        @inlinable
        public func makeIterator() -> Iterator {
            Iterator(storage: object.storage, element: object.index + 2, remaining: object.count, keyNodes: 1)
        }

        /// The number of values.
        @inlinable
        public var underestimatedCount: Int { object.count }
    }
}
