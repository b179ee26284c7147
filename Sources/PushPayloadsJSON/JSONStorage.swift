/// The bytes and nodes of one document.
///
/// A storage is written only while exactly one owner references it (the parser checks
/// `isKnownUniquelyReferenced` before reuse) and is read-only once a document shares it, which is
/// what makes the unchecked `Sendable` sound, and the runtime exclusivity checks needless.
@usableFromInline
final class JSONStorage: @unchecked Sendable {
    /// The input (or canonical text for built documents), followed by ``padding`` zero bytes so the
    /// scanner may read a word past any position without a bounds check.
    @exclusivity(unchecked) @usableFromInline var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var byteCount = 0
    @exclusivity(unchecked) @usableFromInline var byteCapacity: Int
    @exclusivity(unchecked) @usableFromInline var nodes: UnsafeMutablePointer<JSONNode>
    @exclusivity(unchecked) @usableFromInline var nodeCount = 0
    @exclusivity(unchecked) @usableFromInline var nodeCapacity: Int
    /// The root object's key index (`JSONStorage+RootKeyIndex.swift`); `rootKeySlotMask` is zero when
    /// the document has none.
    @exclusivity(unchecked) @usableFromInline var rootKeySlots: UnsafeMutablePointer<UInt32>?
    @exclusivity(unchecked) @usableFromInline var rootKeySlotMask: Int = 0
    @exclusivity(unchecked) var rootKeySlotCapacity: Int = 0

    /// 64: the fast scanner classifies the input in 64-byte blocks, and the last block may start at the
    /// final zero byte.
    static let padding = 64

    /// Zero bytes before the input: the UTF-8 check of a 16-byte group reads the three bytes before it.
    static let leadingPadding = 16

    /// Room for `capacity` bytes and the padding after them, with ``leadingPadding`` zero bytes before.
    private static func allocateBytes(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: leadingPadding + capacity + padding)
        base.initialize(repeating: 0, count: leadingPadding)
        return base + leadingPadding
    }

    init(byteCapacity: Int = 0, nodeCapacity: Int = 0) {
        self.byteCapacity = byteCapacity
        self.nodeCapacity = Swift.max(nodeCapacity, 1)
        self.bytes = Self.allocateBytes(byteCapacity)
        self.nodes = .allocate(capacity: self.nodeCapacity)
    }

    deinit {
        (bytes - Self.leadingPadding).deallocate()
        nodes.deallocate()
        rootKeySlots?.deallocate()
    }

    /// Makes room for a payload of `byteCount` bytes and the most nodes it can hold, discarding the old content.
    func prepare(byteCount: Int, nodeCount: Int) {
        if byteCount > byteCapacity {
            (bytes - Self.leadingPadding).deallocate()
            byteCapacity = Swift.max(byteCount, byteCapacity * 2)
            bytes = Self.allocateBytes(byteCapacity)
        }
        if nodeCount > nodeCapacity {
            nodes.deallocate()
            nodeCapacity = Swift.max(nodeCount, nodeCapacity * 2)
            nodes = .allocate(capacity: nodeCapacity)
        }
        self.byteCount = 0
        self.nodeCount = 0
        rootKeySlotMask = 0
    }

    /// An upper bound on the nodes the scanner can write for `byteCount` bytes, valid or not.
    ///
    /// A string, number or literal takes at least one byte and needs a separator before the next value,
    /// and a closed container takes two brackets, so those give at most one node per two bytes. Only open
    /// brackets cost one byte each, and at most `maximumDepth` are open at once (the scanner checks depth
    /// before writing the node). Truncated input like `[[[[` must not write past the buffer.
    static func maximumNodes(forBytes byteCount: Int, maximumDepth: Int) -> Int {
        byteCount / 2 + Swift.min(maximumDepth, byteCount) + 2
    }

    @inlinable
    var byteBuffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: byteCount) }
}
