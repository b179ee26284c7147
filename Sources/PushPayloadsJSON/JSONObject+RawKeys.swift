extension JSONObject {
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
    /// A string's length as written (escapes included, quotes not), or `nil` for another kind.
    package var escapedStringLength: Int? {
        let node = self.node
        return node.kind == JSONNode.string ? Int(node.length) : nil
    }

    /// The key node of this value, which must be a member's value in an object: the node before it.
    @inlinable
    var keyNode: JSONNode { storage.nodes[index - 1] }
}
