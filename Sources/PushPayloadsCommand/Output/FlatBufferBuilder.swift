/// Builds one FlatBuffers buffer: the encoding of the Arrow IPC format's metadata (`Message.fbs`,
/// `Schema.fbs`), which is all `--format arrow` needs of FlatBuffers, so no library is taken for it.
///
/// As FlatBuffers' own builders do, it builds back to front: an object is written before the objects that
/// refer to it, and a reference is an unsigned distance forward to the object. Here the bytes are appended in
/// reverse, so a position is a distance from the buffer's end (``Reference``) and ``finish(root:)`` reverses
/// them once. Every field of a table is written explicitly (readers take written defaults as they are),
/// vtables are not shared, and scalars are aligned to their size relative to the end, which the finished
/// buffer, padded to ``maximumAlignment``, keeps relative to its start.
///
/// The metadata of one message is a few hundred bytes, built once per record batch, so it is built simply.
struct FlatBufferBuilder {
    /// Where an object starts, as its distance from the end of the buffer.
    struct Reference: Equatable {
        fileprivate let distance: Int
    }

    /// The buffer so far, last byte first.
    private var reversed: [UInt8] = []
    /// The alignment the finished buffer's start must have (8: Arrow's structs hold 64-bit integers).
    static let maximumAlignment = 8

    /// The table being built: where its fields start, and each field's slot and end position.
    private var tableStart = 0
    private var fields: [(slot: Int, position: Int)] = []

    init() {
        reversed.reserveCapacity(1024)
    }

    private var position: Int { reversed.count }

    /// Pads so that, after `additional` bytes, the position is a multiple of `alignment`.
    private mutating func align(_ alignment: Int, additional: Int = 0) {
        let padding = (alignment - (position + additional) % alignment) % alignment
        reversed.append(contentsOf: repeatElement(0, count: padding))
    }

    /// Appends a little-endian integer, most significant byte first (the buffer is reversed).
    private mutating func appendRaw<Value: FixedWidthInteger>(_ value: Value) {
        var value = value.littleEndian
        withUnsafeBytes(of: &value) { bytes in
            for byte in bytes.reversed() { reversed.append(byte) }
        }
    }

    private mutating func appendScalar<Value: FixedWidthInteger>(_ value: Value) {
        align(MemoryLayout<Value>.size)
        appendRaw(value)
    }

    // MARK: Objects

    /// A string: its length, its UTF-8 bytes and a terminating zero.
    mutating func createString(_ text: String) -> Reference {
        let bytes = Array(text.utf8)
        align(4, additional: bytes.count + 1)
        reversed.append(0)
        reversed.append(contentsOf: bytes.reversed())
        appendRaw(UInt32(bytes.count))
        return Reference(distance: position)
    }

    /// A vector of references to objects (tables, strings), in order.
    mutating func createVector(_ references: [Reference]) -> Reference {
        align(4, additional: references.count * 4)
        for reference in references.reversed() {
            appendReferenceValue(reference)
        }
        appendRaw(UInt32(references.count))
        return Reference(distance: position)
    }

    /// A vector of structs of two 64-bit integers each (Arrow's `FieldNode` and `Buffer`), in order.
    mutating func createVector(pairs: [(Int64, Int64)]) -> Reference {
        align(8, additional: pairs.count * 16)
        for (first, second) in pairs.reversed() {
            appendRaw(second)
            appendRaw(first)
        }
        align(4)
        appendRaw(UInt32(pairs.count))
        return Reference(distance: position)
    }

    /// Writes the distance from the 4 bytes about to be written to `reference`'s object.
    private mutating func appendReferenceValue(_ reference: Reference) {
        align(4)
        // The referring bytes start at `position + 4` from the end, the object at `reference.distance`.
        appendRaw(UInt32(position + 4 - reference.distance))
    }

    // MARK: Tables

    /// Starts a table; add its fields, then ``endTable()``. Tables do not nest: build what one refers to first.
    mutating func startTable() {
        precondition(fields.isEmpty, "a table is already being built")
        tableStart = position
    }

    mutating func add(slot: Int, _ value: Bool) {
        appendScalar(UInt8(value ? 1 : 0))
        fields.append((slot, position))
    }

    mutating func add<Value: FixedWidthInteger>(slot: Int, _ value: Value) {
        appendScalar(value)
        fields.append((slot, position))
    }

    mutating func add(slot: Int, _ reference: Reference) {
        appendReferenceValue(reference)
        fields.append((slot, position))
    }

    /// Ends the table: its offset to its vtable, then the vtable (each slot's field offset, 0 for absent).
    mutating func endTable() -> Reference {
        align(4)
        appendRaw(Int32(0))
        let table = position
        let slotCount = (fields.map(\.slot).max() ?? -1) + 1
        var offsets = [UInt16](repeating: 0, count: slotCount)
        // A field ends `position` from the end; its offset from the table's start is `table - position`.
        for field in fields { offsets[field.slot] = UInt16(table - field.position) }
        for offset in offsets.reversed() { appendRaw(offset) }
        appendRaw(UInt16(table - tableStart))
        appendRaw(UInt16(4 + 2 * slotCount))
        let vtable = position
        // The table's first 4 bytes: the signed distance back to its vtable, which sits before it.
        let soffset = Int32(vtable - table)
        withUnsafeBytes(of: soffset.littleEndian) { bytes in
            for (index, byte) in bytes.enumerated() { reversed[table - 1 - index] = byte }
        }
        fields.removeAll(keepingCapacity: true)
        return Reference(distance: table)
    }

    /// The finished buffer: the root table's offset, then everything, padded to ``maximumAlignment``.
    mutating func finish(root: Reference) -> [UInt8] {
        align(Self.maximumAlignment, additional: 4)
        appendReferenceValue(root)
        return reversed.reversed()
    }
}
