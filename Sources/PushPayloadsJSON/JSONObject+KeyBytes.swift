extension JSONObject {
    /// Whether some member's key, as decoded UTF-8, satisfies `predicate`, asked in input order until one
    /// does. Keys are read in place (decoded on the stack only when they hold escapes), so a scan over every
    /// key allocates nothing: decoders that match key prefixes, and the registry's one pass over the
    /// top-level keys (`PushMarkerKeys`), use it.
    @inlinable
    package func containsKey(where predicate: (UnsafeBufferPointer<UInt8>) throws -> Bool) rethrows -> Bool {
        let nodes = storage.nodes
        let bytes = storage.bytes
        var keyIndex = index + 1
        for _ in 0..<Int(nodes[index].length) {
            if try JSONStringDecoding.withDecodedBytes(of: nodes[keyIndex], in: bytes, predicate) { return true }
            keyIndex = Int(nodes[keyIndex + 1].end)
        }
        return false
    }

    /// Whether some key is written with an escape. When none is, every key's text as written is its
    /// decoded text, and the text ``JSONBytesEncoder`` and ``JSONDocumentBuilder`` write for it: a view of
    /// the object reads as a copy of it would (`PushDeliveryBuilder`).
    package var hasEscapedKey: Bool {
        values.contains { $0.keyNode.flags & JSONNode.hasEscapes != 0 }
    }

    /// The member whose key is the key of `member`, a member's value in another object (of any document),
    /// compared decoded.
    package subscript(keyOf member: JSONValue) -> JSONValue? {
        JSONStringDecoding.withDecodedBytes(of: member.keyNode, in: member.storage.bytes) { self[unsafeUTF8: $0] }
    }

    /// Whether the object has a member whose key is the key of `member` (see ``subscript(keyOf:)``).
    package func contains(keyOf member: JSONValue) -> Bool { self[keyOf: member] != nil }

    /// Each member's key as written in the input (its escaped JSON text, without the quotes), with the
    /// decoded key and the value, in input order: for writers that copy an object and change one member
    /// while keeping every other byte (`PushFitter`).
    package var membersWithRawKeys: [(rawKey: [UInt8], key: String, value: JSONValue)] {
        values.map { value in (Array(value.keyNode.text(in: storage.bytes)), value.memberKey, value) }
    }

    /// The bytes of the string members' keys and values as written (escapes included, quotes not), read
    /// in place: FCM's size count of a `data` map, for every request `lint` checks.
    package var escapedStringMemberBytes: Int {
        values.reduce(0) { total, value in
            guard let length = value.escapedStringLength else { return total }
            return total + Int(value.keyNode.length) + length
        }
    }
}

extension JSONValue {
    /// Whether both are the same value of the same document (not merely equal ones).
    package func isSameValue(as other: JSONValue) -> Bool {
        storage === other.storage && index == other.index
    }

    /// The decoded key of this value, a member's value in an object (see ``keyNode``).
    package var memberKey: String { JSONStringDecoding.string(keyNode, in: storage.bytes) }

    /// A string's length as written (escapes included, quotes not), or `nil` for another kind.
    package var escapedStringLength: Int? {
        let node = self.node
        return node.kind == JSONNode.string ? Int(node.length) : nil
    }

    /// The key node of this value, which must be a member's value in an object: the node before it.
    @inlinable
    var keyNode: JSONNode { storage.nodes[index - 1] }
}
