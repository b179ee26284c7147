/// A view of a JSON array: its elements in order.
///
/// Elements are reached by skipping whole subtrees, so iterating is linear and `self[i]` costs `i` steps.
public struct JSONArray: Sendable {
    /// This array as a value.
    public let value: JSONValue
    @inlinable var storage: JSONStorage { value.storage }
    @inlinable var index: Int { value.index }

    @inlinable
    init(storage: JSONStorage, index: Int) { value = JSONValue(storage: storage, index: index) }

    /// The number of elements.
    @inlinable
    public var count: Int { Int(storage.nodes[index].length) }

    /// Whether the array has no elements.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The element at `position`, or `nil` when `position` is negative or past the end.
    @inlinable
    public subscript(position: Int) -> JSONValue? {
        guard position >= 0 && position < count else { return nil }
        var element = index + 1
        for _ in 0..<position { element = Int(storage.nodes[element].end) }
        return JSONValue(storage: storage, index: element)
    }
}

extension JSONArray: Sequence {
    /// Iterates over the elements in order, or over an object's values (``JSONObject/Values``).
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline let storage: JSONStorage
        @usableFromInline var element: Int
        @usableFromInline var remaining: Int
        /// The nodes between one value's subtree and the next value: 1 (the key) in an object, 0 in an array.
        @usableFromInline let keyNodes: Int

        @inlinable
        init(storage: JSONStorage, element: Int, remaining: Int, keyNodes: Int = 0) {
            self.storage = storage
            self.element = element
            self.remaining = remaining
            self.keyNodes = keyNodes
        }

        /// The next element, or `nil` after the last.
        @inlinable
        public mutating func next() -> JSONValue? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let value = JSONValue(storage: storage, index: element)
            element = Int(storage.nodes[element].end) &+ keyNodes
            return value
        }
    }

    /// Returns an iterator over the elements.
    @inlinable
    public func makeIterator() -> Iterator {
        Iterator(storage: storage, element: index + 1, remaining: count)
    }

    /// The number of elements.
    @inlinable
    public var underestimatedCount: Int { count }
}
