/// A hash index of the top-level object's keys, built by the parser once per payload, so that looking a
/// key up in a wide top-level object (an FCM data message has dozens) costs one probe instead of a scan
/// over every key before it. Decoders ask the top level for many keys, most of them absent.
///
/// Slots hold the node index of a key plus one (zero is empty), at the position given by a hash of the
/// key's bytes, with linear probing. Only objects of at least ``rootKeyIndexThreshold`` members whose
/// keys hold no escapes are indexed (raw bytes are then the decoded text); others keep the scan.
extension JSONStorage {
    /// The fewest members worth an index: below it, a scan is as quick.
    static let rootKeyIndexThreshold = 8

    /// Builds the index of the root object's keys, or leaves the document without one. `entries`, when the fast scanner
    /// wrote the nodes, holds each root key's hash (high 32 bits), whether it has escapes (bit 31) and its node index
    /// (the low 31 bits), in order: the keys are then not read again, nor the nodes walked from key to key.
    func indexRootKeys(entries: UnsafePointer<UInt64>? = nil) {
        rootKeySlotMask = 0
        guard nodeCount > 0, nodes[0].kind == JSONNode.object else { return }
        let count = Int(nodes[0].length)
        guard count >= Self.rootKeyIndexThreshold else { return }
        // Twice as many slots as keys, at least: probes stay short.
        var capacity = 16
        while capacity < 2 * count { capacity &<<= 1 }
        if capacity > rootKeySlotCapacity {
            rootKeySlots?.deallocate()
            rootKeySlots = .allocate(capacity: capacity)
            rootKeySlotCapacity = capacity
        }
        let slots = rootKeySlots!
        slots.update(repeating: 0, count: capacity)
        let mask = capacity - 1
        if let entries, capacity <= 64 {
            // Up to 32 keys: the free slots are a mask in a register, so the next free slot from a key's
            // home (linear probing, as the loop below) is found without a branch and without reading the
            // slots back right after zeroing them (a load from a wide store still in flight stalls).
            var free: UInt64 = capacity == 64 ? ~0 : (1 &<< UInt64(capacity)) &- 1
            for k in 0..<count {
                let entry = entries[k]
                if entry & 0x8000_0000 != 0 { return }
                let home = UInt64(truncatingIfNeeded: Int(truncatingIfNeeded: entry &>> 32) & mask)
                let ahead = free & (~0 &<< home)
                let slot = (ahead != 0 ? ahead : free).trailingZeroBitCount
                free &= ~(1 &<< UInt64(slot))
                slots[slot] = UInt32(truncatingIfNeeded: entry & 0x7FFF_FFFF &+ 1)
            }
            rootKeySlotMask = mask
            return
        }
        if let entries {
            for k in 0..<count {
                let entry = entries[k]
                if entry & 0x8000_0000 != 0 { return }
                var slot = Int(truncatingIfNeeded: entry &>> 32) & mask
                while slots[slot] != 0 { slot = (slot &+ 1) & mask }
                slots[slot] = UInt32(truncatingIfNeeded: entry & 0x7FFF_FFFF &+ 1)
            }
            rootKeySlotMask = mask
            return
        }
        var keyIndex = 1
        for _ in 0..<count {
            let key = nodes[keyIndex]
            if key.flags & JSONNode.hasEscapes != 0 { return }
            // Eight bytes can be read at any key: at least `":` and a value follow it, then the padding.
            var slot = Self.rootKeyHash(bytes + Int(key.start), count: Int(key.length), padded: true) & mask
            while slots[slot] != 0 { slot = (slot &+ 1) & mask }
            slots[slot] = UInt32(truncatingIfNeeded: keyIndex &+ 1)
            keyIndex = Int(nodes[keyIndex &+ 1].end)
        }
        rootKeySlotMask = mask
    }

    /// ``memberIndex(inObjectAt:_:)`` for a `String` key. Keys are nearly always literals or small strings, whose
    /// bytes are read in place; `withUTF8` on a copy would retain and release the string on every lookup.
    @usableFromInline
    func memberIndex(inObjectAt objectIndex: Int, key: String) -> Int {
        if let found = key.utf8.withContiguousStorageIfAvailable({ memberIndex(inObjectAt: objectIndex, $0) }) {
            return found
        }
        var key = key
        return key.withUTF8 { memberIndex(inObjectAt: objectIndex, $0) }
    }

    /// The node index of the value of the member whose decoded key is `key`, in the object at node `objectIndex`,
    /// or -1: ``JSONObject/subscript(unsafeUTF8:)``'s search, which neither takes nor gives a reference.
    @usableFromInline
    func memberIndex(inObjectAt objectIndex: Int, _ key: UnsafeBufferPointer<UInt8>) -> Int {
        if objectIndex == 0 && rootKeySlotMask != 0 {
            guard let keyIndex = rootKeyNode(key) else { return -1 }
            return keyIndex &+ 1
        }
        var keyIndex = objectIndex &+ 1
        for _ in 0..<Int(nodes[objectIndex].length) {
            if JSONStringDecoding.equals(nodes[keyIndex], in: bytes, key) { return keyIndex &+ 1 }
            keyIndex = Int(nodes[keyIndex &+ 1].end)
        }
        return -1
    }

    /// The index of the root object's key node whose text is `key`, or `nil`; only when
    /// ``rootKeySlotMask`` is not zero. Always inlined: as a call of its own from ``memberIndex(inObjectAt:_:)``, with
    /// the hash another, two calls cost about as much as the probe.
    @inlinable @inline(__always)
    func rootKeyNode(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let slots = rootKeySlots.unsafelyUnwrapped
        let mask = rootKeySlotMask
        // An empty key reads no byte, wherever it points.
        let query = key.baseAddress ?? UnsafePointer(bytes)
        var slot = Self.rootKeyHash(query, count: key.count, padded: false) & mask
        while slots[slot] != 0 {
            let keyIndex = Int(slots[slot]) &- 1
            let node = nodes[keyIndex]
            if Int(node.length) == key.count
                && JSONStringDecoding.memoryEquals(bytes + Int(node.start), query, key.count)
            {
                return keyIndex
            }
            slot = (slot &+ 1) & mask
        }
        return nil
    }

    /// The hash of the `count` bytes at `p`: their fingerprint (`JSONParserScratch`'s; with `padded`, eight
    /// bytes may be read at `p` whatever `count`), mixed as the fast scanner mixes it for its duplicate-key
    /// slots (`JSONParserScratch.keyHash`; this index takes bits 32 and up), so the scanner hands each root key's
    /// hash over (`indexRootKeys(entries:)`); the tests check that they agree.
    @inlinable @inline(__always)
    static func rootKeyHash(_ p: UnsafePointer<UInt8>, count: Int, padded: Bool) -> Int {
        let fingerprint =
            padded ? JSONParserScratch.paddedFingerprint(p, count) : JSONParserScratch.fingerprint(p, count)
        return Int(truncatingIfNeeded: JSONParserScratch.keyHash(fingerprint) &>> 32)
    }
}
