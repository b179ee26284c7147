/// One parsed value: 16 bytes, laid out flat in document order (a value's children follow it).
///
/// Keeping the tree flat, as swift-asn1 keeps its node list, lets the parser fill one reusable buffer
/// without recursion and lets readers skip a whole subtree in one step through ``end``.
@usableFromInline
struct JSONNode: Equatable {
    @usableFromInline var kind: UInt8
    @usableFromInline var flags: UInt8
    /// Strings: offset of the first byte after the opening quote. Numbers: offset of the first byte.
    /// Containers: offset of the opening bracket.
    @usableFromInline var start: UInt32
    /// Strings and numbers: length in bytes of the raw text. Containers: number of members or elements.
    @usableFromInline var length: UInt32
    /// Index of the first node after this value's subtree.
    @usableFromInline var end: UInt32

    @inlinable
    init(kind: UInt8, flags: UInt8, start: UInt32, length: UInt32, end: UInt32) {
        self.kind = kind
        self.flags = flags
        self.start = start
        self.length = length
        self.end = end
    }

    /// The raw text of a string (between its quotes) or a number, in `bytes`, its document's text.
    @inlinable
    func text(in bytes: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + Int(start), count: Int(length))
    }

    @usableFromInline static let object: UInt8 = 0
    @usableFromInline static let array: UInt8 = 1
    @usableFromInline static let string: UInt8 = 2
    @usableFromInline static let number: UInt8 = 3
    @usableFromInline static let `true`: UInt8 = 4
    @usableFromInline static let `false`: UInt8 = 5
    @usableFromInline static let null: UInt8 = 6

    /// String flag: the raw text holds at least one escape, so it differs from the decoded text.
    @usableFromInline static let hasEscapes: UInt8 = 1
    /// Number flag: no fraction and no exponent.
    @usableFromInline static let isInteger: UInt8 = 1
    /// Object flag, set and cleared by ``JSONFastScanner`` while the object is open: a key may repeat
    /// another, so the exact check runs when the object closes. Never set in a finished document.
    @usableFromInline static let needsKeyCheck: UInt8 = 1
}
