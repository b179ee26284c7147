/// Buffers a parser reuses from one payload to the next: the stack of open containers, the tables
/// used to find duplicate keys, and the fast scanner's bitmap of special bytes.
///
/// Only a parser that holds the sole reference touches it (it checks `isKnownUniquelyReferenced` first), so the
/// unchecked `Sendable` is sound and the runtime exclusivity checks needless.
@usableFromInline
final class JSONParserScratch: @unchecked Sendable {
    @exclusivity(unchecked) private(set) var stack: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private(set) var stackCapacity = 0
    /// The fingerprint table, allocated on first use: `slotCapacity` slots, each holding a stamp (high
    /// 32 bits) and a key node index (low 32 bits), then the fingerprint of each slot's key. A slot is
    /// empty unless its stamp is the current object's, so the table is never cleared. The seeded hash
    /// table borrows the slots, with a zero stamp (no object's), which leaves them empty for the next.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var slotCapacity = 0
    @exclusivity(unchecked) private var stamp: UInt32 = 0
    /// For ``JSONFastScanner``'s duplicate-key filter: slots, each holding the stamp of the payload that last put a key
    /// there (high 32 bits) and the node index of the key's object (low 32 bits), zero at first; `keySlotMask` selects
    /// among them; and the last stamp given out, carried from one payload to the next so that no slot needs clearing.
    @exclusivity(unchecked) private(set) var keySlots: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private(set) var keySlotMask = 0
    @exclusivity(unchecked) var keyStamp: UInt32 = 0
    /// For ``JSONFastScanner``: one bit per input byte, allocated by ``reserveBitmap(_:)``.
    @exclusivity(unchecked) private var bitmapStorage: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var bitmapCapacity = 0
    /// For ``JSONFastScanner``: one entry per key of the root object, in order, for the root key index
    /// (`JSONStorage+RootKeyIndex.swift`); allocated by ``reserveRootKeys(_:)``.
    @exclusivity(unchecked) private var rootKeyStorage: UnsafeMutablePointer<UInt64>?
    @exclusivity(unchecked) private var rootKeyCapacity: Int = 0

    init() {
        stack = .allocate(capacity: 1)
        keySlots = .allocate(capacity: 1)
        keySlots.initialize(to: 0)
    }

    deinit {
        stack.deallocate()
        keySlots.deallocate()
        slots?.deallocate()
        bitmapStorage?.deallocate()
        rootKeyStorage?.deallocate()
    }

    /// Makes room for the bitmap of `words` words, and returns it.
    func reserveBitmap(_ words: Int) -> UnsafeMutablePointer<UInt64> {
        Self.reserve(words, in: &bitmapStorage, capacity: &bitmapCapacity)
    }

    /// Makes room for `count` root key entries, and returns them.
    func reserveRootKeys(_ count: Int) -> UnsafeMutablePointer<UInt64> {
        Self.reserve(count, in: &rootKeyStorage, capacity: &rootKeyCapacity)
    }

    /// A buffer of at least `count` words: `storage` when it is large enough, else a new one at least twice
    /// its size (the contents are not kept).
    private static func reserve(
        _ count: Int,
        in storage: inout UnsafeMutablePointer<UInt64>?,
        capacity: inout Int
    ) -> UnsafeMutablePointer<UInt64> {
        if let buffer = storage, count <= capacity { return buffer }
        storage?.deallocate()
        capacity = Swift.max(count, capacity * 2)
        let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        storage = buffer
        return buffer
    }

    func reserveStack(_ depth: Int) {
        guard depth > stackCapacity else { return }
        stack.deallocate()
        stack = .allocate(capacity: depth)
        stackCapacity = depth
    }

    /// 2,048 slots (16 KiB, so they stay in the L1 cache): an object with `k` keys is sent to the exact
    /// check by chance with a probability of about `k * (k - 1) / 4,096`, 2% for ten keys.
    static let keySlotBits = 11
    static let keySlotCount = 1 << keySlotBits

    /// A stamp no slot has: the next one, or, when the stamps wrap around after 2^32 payloads, 1 with
    /// every slot emptied.
    ///
    /// The first payload has a single slot, so every object with two keys or more gets the exact check:
    /// a parser used once (as by `JSONDocument(jsonBytes:)`, for a payload or JSON embedded in one)
    /// would spend more on clearing the full table than it saves. The full table comes with the second.
    @inline(__always)
    func nextKeyStamp() -> UInt32 {
        if keyStamp != 0 && keySlotMask == 0 {
            keySlots.deallocate()
            keySlots = .allocate(capacity: Self.keySlotCount)
            keySlots.initialize(repeating: 0, count: Self.keySlotCount)
            keySlotMask = Self.keySlotCount - 1
        }
        keyStamp &+= 1
        if keyStamp == 0 {
            keySlots.update(repeating: 0, count: keySlotMask + 1)
            keyStamp = 1
        }
        return keyStamp
    }

    /// Objects with more members than this use the hash table; smaller ones compare every pair,
    /// which is faster for the handful of keys real payloads have.
    static let pairwiseLimit = 12

    /// Objects with at most this many members compare every pair straight away.
    static let fingerprintThreshold = 3

    /// Returns the index of a key node in object `objectIndex` whose decoded text equals an earlier key's.
    ///
    /// Every strategy returns the same key: the first one, in input order, that equals an earlier key. `padded` tells
    /// that at least eight readable bytes follow every key (a parser's storage), which allows a quicker fingerprint.
    func duplicateKey(
        inObject objectIndex: Int,
        nodes: UnsafePointer<JSONNode>,
        bytes: UnsafePointer<UInt8>,
        padded: Bool = false
    ) -> Int? {
        let count = Int(nodes[objectIndex].length)
        if count <= Self.fingerprintThreshold {
            return pairwiseDuplicate(objectIndex: objectIndex, count: count, nodes: nodes, bytes: bytes)
        }
        let found =
            padded
            ? fingerprintDuplicate(objectIndex: objectIndex, count: count, nodes: nodes, bytes: bytes, padded: true)
            : fingerprintDuplicate(objectIndex: objectIndex, count: count, nodes: nodes, bytes: bytes, padded: false)
        if found != Self.gaveUp { return found < 0 ? nil : found }
        // Escaped keys, or keys crafted to collide: the exact strategies decide.
        if count <= Self.pairwiseLimit {
            return pairwiseDuplicate(objectIndex: objectIndex, count: count, nodes: nodes, bytes: bytes)
        }
        return hashedDuplicate(objectIndex: objectIndex, count: count, nodes: nodes, bytes: bytes)
    }

    private static let noDuplicate = -1
    private static let gaveUp = -2

    /// The fast path: a fingerprint of each key (its length and its first and last bytes) in an
    /// open-addressing table, with full comparisons only when fingerprints are equal.
    ///
    /// Returns the duplicate key's index, ``noDuplicate``, or ``gaveUp`` when a key holds escapes (its
    /// raw bytes are not its text) or when probes exceed a budget linear in the key count, which only
    /// keys crafted to share fingerprints can cause; the seeded hash table then decides.
    @inline(__always)
    private func fingerprintDuplicate(
        objectIndex: Int,
        count: Int,
        nodes: UnsafePointer<JSONNode>,
        bytes: UnsafePointer<UInt8>,
        padded: Bool
    ) -> Int {
        let (slots, mask) = slotTable(forKeys: count)
        let fingerprints = slots + slotCapacity
        stamp &+= 1
        if stamp == 0 {
            slots.update(repeating: 0, count: slotCapacity)
            stamp = 1
        }
        let stamp = UInt64(self.stamp) << 32
        var budget = count * 2 + 8
        var key = objectIndex + 1
        for _ in 0..<count {
            let node = nodes[key]
            if node.flags & JSONNode.hasEscapes != 0 { return Self.gaveUp }
            let fingerprint =
                padded
                ? Self.paddedFingerprint(bytes + Int(node.start), Int(node.length))
                : Self.fingerprint(bytes + Int(node.start), Int(node.length))
            var slot = Int(truncatingIfNeeded: Self.keyHash(fingerprint) >> 32) & mask
            while true {
                let entry = slots[slot]
                if entry & 0xFFFF_FFFF_0000_0000 != stamp { break }
                if fingerprints[slot] == fingerprint {
                    let other = nodes[Int(truncatingIfNeeded: entry & 0xFFFF_FFFF)]
                    if other.length == node.length
                        && JSONStringDecoding.memoryEquals(
                            bytes + Int(other.start),
                            bytes + Int(node.start),
                            Int(node.length)
                        )
                    {
                        return key
                    }
                    budget -= 4
                }
                budget -= 1
                if budget < 0 { return Self.gaveUp }
                slot = (slot + 1) & mask
            }
            slots[slot] = stamp | UInt64(truncatingIfNeeded: key)
            fingerprints[slot] = fingerprint
            key = Int(nodes[key + 1].end)
        }
        return Self.noDuplicate
    }

    /// The length and the first and last eight bytes (fewer for a shorter key) of the `count` bytes at `p`,
    /// mixed into one word, reading only those bytes: the builder's buffers and a lookup's key have no padding.
    @inlinable @inline(__always)
    static func fingerprint(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        let first: UInt64
        let last: UInt64
        if count >= 8 {
            first = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            last = UInt64(littleEndian: UnsafeRawPointer(p + (count &- 8)).loadUnaligned(as: UInt64.self))
        } else {
            // Byte 0 lowest, as the loads above read on any processor.
            first = JSONStringDecoding.loadPartial(p, count)
            last = 0
        }
        return (first &* 0xFF51_AFD7_ED55_8CCD) ^ (last &+ UInt64(truncatingIfNeeded: count))
    }

    /// The hash of a key whose fingerprint is `fingerprint`, for every table keyed by it (the duplicate-key slots,
    /// the exact check, the root key index): a product, then its top bits folded down onto bits 32 and up, which the
    /// tables of the exact check and the root key index take. Without the fold, keys that differ only in their last
    /// byte (`metrics_0`, `metrics_1`, … from eight bytes on) differed only in the product's top byte, so they all
    /// took one home in those tables and their probes ran over each other.
    @inlinable @inline(__always)
    static func keyHash(_ fingerprint: UInt64) -> UInt64 {
        let product = fingerprint &* 0x9E37_79B9_7F4A_7C15
        return product ^ product &>> 24
    }

    /// The duplicate-key filter's slot, before the mask, of a key of hash `hash` in an object at nesting depth
    /// `depth` (1 for the top-level object). Objects open at the same time are at different depths, so a key an
    /// object shares with an enclosing one (`id`, `ts`, `source` at two levels) takes another slot, rather than
    /// always evicting the enclosing object's claim and sending it to the exact check; a key of one object still
    /// always takes the same slot, which is all the filter needs. (An odd multiplier sends the depths below 2,048
    /// to distinct offsets.)
    @inline(__always)
    static func keySlot(hash: UInt64, depth: Int) -> Int {
        Int(truncatingIfNeeded: hash &>> UInt64(64 &- keySlotBits)) ^ depth &* 0x2A7
    }

    /// ``fingerprint(_:_:)`` without branches: reads eight bytes at `p` whatever `count` is, so at least
    /// eight readable bytes must follow `p`.
    @inlinable @inline(__always)
    static func paddedFingerprint(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        let length = UInt64(truncatingIfNeeded: count)
        let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        // Below eight bytes, keep only the key's own bytes; from eight on, mix in the last eight.
        let kept = count >= 8 ? first : first & ((1 &<< (length &<< 3)) &- 1)
        let last =
            count >= 8 ? UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) : 0
        return (kept &* 0xFF51_AFD7_ED55_8CCD) ^ (last &+ length)
    }

    /// The slots for an object of `count` keys (twice as many or more): only the first ones, sized for this object,
    /// so small objects touch few cache lines. Returns them and the mask of a slot number.
    private func slotTable(forKeys count: Int) -> (UnsafeMutablePointer<UInt64>, mask: Int) {
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        if capacity > slotCapacity {
            slots?.deallocate()
            slots = .allocate(capacity: capacity * 2)
            slots!.update(repeating: 0, count: capacity)
            slotCapacity = capacity
            stamp = 0
        }
        return (slots!, capacity - 1)
    }

    /// Compares every key with each one before it.
    private func pairwiseDuplicate(
        objectIndex: Int,
        count: Int,
        nodes: UnsafePointer<JSONNode>,
        bytes: UnsafePointer<UInt8>
    ) -> Int? {
        var key = objectIndex + 1
        for member in 0..<count {
            var earlier = objectIndex + 1
            for _ in 0..<member {
                if JSONStringDecoding.equals(nodes[earlier], nodes[key], in: bytes) { return key }
                earlier = Int(nodes[earlier + 1].end)
            }
            key = Int(nodes[key + 1].end)
        }
        return nil
    }

    private func hashedDuplicate(
        objectIndex: Int,
        count: Int,
        nodes: UnsafePointer<JSONNode>,
        bytes: UnsafePointer<UInt8>
    ) -> Int? {
        // Open addressing at load factor <= 1/2. Hasher is seeded per process, so crafted keys can't
        // force every key into one chain.
        let (table, mask) = slotTable(forKeys: count)
        table.update(repeating: 0, count: mask + 1)
        var key = objectIndex + 1
        for _ in 0..<count {
            let node = nodes[key]
            var hasher = Hasher()
            JSONStringDecoding.withDecodedBytes(of: node, in: bytes) {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            var slot = hasher.finalize() & mask
            while table[slot] != 0 {
                let other = nodes[Int(truncatingIfNeeded: table[slot] &- 1)]
                if JSONStringDecoding.equals(other, node, in: bytes) { return key }
                slot = (slot + 1) & mask
            }
            table[slot] = UInt64(truncatingIfNeeded: key &+ 1)
            key = Int(nodes[key + 1].end)
        }
        return nil
    }
}
