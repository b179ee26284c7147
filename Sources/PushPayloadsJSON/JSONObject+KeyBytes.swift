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
