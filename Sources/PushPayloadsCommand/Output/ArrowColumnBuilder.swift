/// One column of a record batch being built, in Arrow's layout: a validity bitmap (bit set: a value), then
/// the type's buffers: 32-bit offsets and UTF-8 bytes for a string, 64-bit integers, a bitmap of Booleans,
/// 32-bit offsets into its item column for a list, nothing more for a struct (its fields are columns of
/// their own, one value per row, null where the struct is).
///
/// Offsets are 32-bit (Arrow's `utf8` and `list`, not the `large_` kinds), so a column's bytes must stay
/// below 2 GiB: ``ArrowRecordWriter`` ends a batch long before (``ArrowRecordWriter/maximumBatchBytes``),
/// and one value is at most a record's bytes (`--max-record-bytes`) or a payload's, which `--format arrow`
/// caps at 1 GiB.
final class ArrowColumnBuilder {
    let type: ArrowStreamFormat.DataType
    /// The struct's fields, or the list's item column.
    let children: [ArrowColumnBuilder]

    private(set) var length = 0
    private(set) var nullCount = 0
    private var validity: [UInt8] = []
    /// Strings and lists: where each value starts, and after the last, where it ends.
    private var offsets: [Int32] = [0]
    /// Strings: their bytes. Booleans: their bitmap.
    private var bytes: [UInt8] = []
    private var integers: [Int64] = []

    init(type: ArrowStreamFormat.DataType) {
        self.type = type
        children = type.children.map { ArrowColumnBuilder(type: $0.type) }
    }

    /// The bytes the column holds so far, to bound a batch (strings' bytes and integers, children included).
    var byteCount: Int {
        bytes.count + integers.count * 8 + offsets.count * 4 + children.reduce(0) { $0 + $1.byteCount }
    }

    /// Forgets the values, keeping the buffers' capacity for the next batch.
    func removeAll() {
        length = 0
        nullCount = 0
        validity.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        offsets.append(0)
        bytes.removeAll(keepingCapacity: true)
        integers.removeAll(keepingCapacity: true)
        for child in children { child.removeAll() }
    }

    private func appendValidity(_ isValid: Bool) {
        if length & 7 == 0 { validity.append(0) }
        if isValid { validity[length >> 3] |= 1 << UInt8(length & 7) } else { nullCount += 1 }
        length += 1
    }

    /// A null: no value, and empty ranges or zeros in the buffers, which hold a slot for every row.
    func appendNull() {
        switch type {
        case .utf8, .list: offsets.append(offsets[offsets.count - 1])
        case .int64: integers.append(0)
        case .bool: appendBit(false)
        case .structure: for child in children { child.appendNull() }
        }
        appendValidity(false)
    }

    func append(utf8 text: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: text)
        offsets.append(Int32(truncatingIfNeeded: bytes.count))
        appendValidity(true)
    }

    func append(_ value: Int64) {
        integers.append(value)
        appendValidity(true)
    }

    func append(_ value: Bool) {
        appendBit(value)
        appendValidity(true)
    }

    private func appendBit(_ value: Bool) {
        if length & 7 == 0 { bytes.append(0) }
        if value { bytes[length >> 3] |= 1 << UInt8(length & 7) }
    }

    /// Ends a list whose items were appended to ``children``'s item column.
    func endList() {
        offsets.append(Int32(truncatingIfNeeded: children[0].length))
        appendValidity(true)
    }

    /// Ends a struct whose fields were appended to ``children``.
    func endStruct() {
        appendValidity(true)
    }

    /// The nodes of this column and its children, depth first, as a record batch lists them.
    func appendNodes(to nodes: inout [ArrowStreamFormat.Node]) {
        nodes.append(ArrowStreamFormat.Node(length: length, nullCount: nullCount))
        for child in children { child.appendNodes(to: &nodes) }
    }

    /// Calls `body` with the buffers of every column of `columns`, depth first, in a record batch's order.
    static func withBuffers<Result>(
        of columns: [ArrowColumnBuilder],
        _ body: ([UnsafeRawBufferPointer]) -> Result
    ) -> Result {
        var arrays: [ArrowColumnBuilder] = []
        for column in columns { column.collect(into: &arrays) }
        return withBuffers(of: arrays[...], [], body)
    }

    private func collect(into arrays: inout [ArrowColumnBuilder]) {
        arrays.append(self)
        for child in children { child.collect(into: &arrays) }
    }

    /// Gathers the buffers of each array in turn (each pointer valid only inside its array's closure).
    private static func withBuffers<Result>(
        of arrays: ArraySlice<ArrowColumnBuilder>,
        _ gathered: [UnsafeRawBufferPointer],
        _ body: ([UnsafeRawBufferPointer]) -> Result
    ) -> Result {
        guard let array = arrays.first else { return body(gathered) }
        let rest = arrays.dropFirst()
        return array.validity.withUnsafeBytes { validity in
            switch array.type {
            case .utf8:
                return array.offsets.withUnsafeBytes { offsets in
                    array.bytes.withUnsafeBytes { data in
                        withBuffers(of: rest, gathered + [validity, offsets, data], body)
                    }
                }
            case .list:
                return array.offsets.withUnsafeBytes { offsets in
                    withBuffers(of: rest, gathered + [validity, offsets], body)
                }
            case .int64:
                return array.integers.withUnsafeBytes { values in
                    withBuffers(of: rest, gathered + [validity, values], body)
                }
            case .bool:
                return array.bytes.withUnsafeBytes { values in
                    withBuffers(of: rest, gathered + [validity, values], body)
                }
            case .structure:
                return withBuffers(of: rest, gathered + [validity], body)
            }
        }
    }
}
