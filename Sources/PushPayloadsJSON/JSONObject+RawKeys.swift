extension JSONObject {
    /// Each member's key as written in the input (its escaped JSON text, without the quotes), with the
    /// decoded key and the value, in input order: for writers that copy an object and change one member
    /// while keeping every other byte (`PushFitter`).
    package var membersWithRawKeys: [(rawKey: [UInt8], key: String, value: JSONValue)] {
        let nodes = storage.nodes
        let bytes = storage.bytes
        var members: [(rawKey: [UInt8], key: String, value: JSONValue)] = []
        members.reserveCapacity(count)
        var keyIndex = index + 1
        for _ in 0..<count {
            let keyNode = nodes[keyIndex]
            let raw = Array(UnsafeBufferPointer(start: bytes + Int(keyNode.start), count: Int(keyNode.length)))
            members.append(
                (raw, JSONStringDecoding.string(keyNode, in: bytes), JSONValue(storage: storage, index: keyIndex + 1))
            )
            keyIndex = Int(nodes[keyIndex + 1].end)
        }
        return members
    }
}

extension JSONObject {
    /// The bytes of the string members' keys and values as written (escapes included, quotes not), read
    /// in place: FCM's size count of a `data` map, for every request `lint` checks.
    package var escapedStringMemberBytes: Int {
        let nodes = storage.nodes
        var total = 0
        var keyIndex = index + 1
        for _ in 0..<count {
            let value = nodes[keyIndex + 1]
            if value.kind == JSONNode.string { total += Int(nodes[keyIndex].length) + Int(value.length) }
            keyIndex = Int(value.end)
        }
        return total
    }
}

extension JSONValue {
    /// A string's length as written (escapes included, quotes not), or `nil` for another kind.
    package var escapedStringLength: Int? {
        let node = self.node
        return node.kind == JSONNode.string ? Int(node.length) : nil
    }
}
