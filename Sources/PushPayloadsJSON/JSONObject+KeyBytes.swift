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
}

extension JSONObject {
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
}

extension JSONValue {
    /// Whether both are the same value of the same document (not merely equal ones).
    package func isSameValue(as other: JSONValue) -> Bool {
        storage === other.storage && index == other.index
    }

    /// The decoded key of this value, which must be a member's value in an object (from
    /// ``JSONObject/values``): its key is the node before it.
    package var memberKey: String { JSONStringDecoding.string(keyNode, in: storage.bytes) }
}
