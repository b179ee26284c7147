/// Buffers a parser reuses from one payload to the next: the stack of open containers and the hash
/// table used to find duplicate keys in large objects.
///
/// Only a parser that holds the sole reference touches it (it checks `isKnownUniquelyReferenced`
/// first), so the unchecked `Sendable` is sound.
final class JSONParserScratch: @unchecked Sendable {
    private(set) var stack: UnsafeMutablePointer<UInt32>
    private(set) var stackCapacity: Int
    private var table: UnsafeMutablePointer<UInt32>
    private var tableCapacity: Int

    init() {
        stackCapacity = 0
        stack = .allocate(capacity: 1)
        tableCapacity = 0
        table = .allocate(capacity: 1)
    }

    deinit {
        stack.deallocate()
        table.deallocate()
    }

    func reserveStack(_ depth: Int) {
        guard depth > stackCapacity else { return }
        stack.deallocate()
        stack = .allocate(capacity: depth)
        stackCapacity = depth
    }

    /// Objects with more members than this use the hash table; smaller ones compare every pair,
    /// which is faster for the handful of keys real payloads have.
    static let pairwiseLimit = 12

    /// Returns the index of a key node in object `objectIndex` whose decoded text equals an earlier key's.
    func duplicateKey(inObject objectIndex: Int, nodes: UnsafePointer<JSONNode>, bytes: UnsafePointer<UInt8>) -> Int? {
        let count = Int(nodes[objectIndex].length)
        guard count > 1 else { return nil }
        if count <= Self.pairwiseLimit {
            return pairwiseDuplicate(objectIndex: objectIndex, count: count, nodes: nodes, bytes: bytes)
        }
        return hashedDuplicate(objectIndex: objectIndex, count: count, nodes: nodes, bytes: bytes)
    }

    private func pairwiseDuplicate(
        objectIndex: Int,
        count: Int,
        nodes: UnsafePointer<JSONNode>,
        bytes: UnsafePointer<UInt8>
    ) -> Int? {
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.pairwiseLimit) { keyIndices in
            var key = objectIndex + 1
            for member in 0..<count {
                keyIndices[member] = key
                let candidate = nodes[key]
                for earlier in 0..<member {
                    let other = nodes[keyIndices[earlier]]
                    if JSONStringDecoding.equals(other, candidate, in: bytes) { return key }
                }
                key = Int(nodes[key + 1].end)
            }
            return nil
        }
    }

    private func hashedDuplicate(
        objectIndex: Int,
        count: Int,
        nodes: UnsafePointer<JSONNode>,
        bytes: UnsafePointer<UInt8>
    ) -> Int? {
        // Open addressing at load factor <= 1/2. Hasher is seeded per process, so crafted keys can't
        // force every key into one chain.
        var capacity = 32
        while capacity < count * 2 { capacity <<= 1 }
        if capacity > tableCapacity {
            table.deallocate()
            table = .allocate(capacity: capacity)
            tableCapacity = capacity
        }
        table.update(repeating: 0, count: capacity)
        let mask = capacity - 1
        var key = objectIndex + 1
        for _ in 0..<count {
            let node = nodes[key]
            var hasher = Hasher()
            JSONStringDecoding.withDecodedBytes(of: node, in: bytes) {
                hasher.combine(bytes: UnsafeRawBufferPointer($0))
            }
            var slot = hasher.finalize() & mask
            while table[slot] != 0 {
                let other = nodes[Int(table[slot] - 1)]
                if JSONStringDecoding.equals(other, node, in: bytes) { return key }
                slot = (slot + 1) & mask
            }
            table[slot] = UInt32(key + 1)
            key = Int(nodes[key + 1].end)
        }
        return nil
    }
}
