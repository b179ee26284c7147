import PushRequests

/// The columns of one record batch being built, in Arrow's layout, and the message that holds them.
///
/// Every array of the schema (a column, a list's item array, a struct's fields) is an ``ArrowArrayBuilder``,
/// all of them in one array in the depth-first order a record batch lists them in (a column, then its
/// children), addressed by index: values, not objects, so filling them costs no reference counting.
struct ArrowBatchBuilder {
    var arrays: [ArrowArrayBuilder] = []
    /// For each array, the indices of its children's arrays.
    private(set) var children: [[Int]] = []
    /// The index of each column's array.
    private(set) var columns: [Int] = []

    init(fields: [ArrowStreamFormat.Field]) {
        for field in fields { columns.append(add(field.type)) }
    }

    private mutating func add(_ type: ArrowStreamFormat.DataType) -> Int {
        let index = arrays.count
        arrays.append(ArrowArrayBuilder(type: type))
        children.append([])
        children[index] = type.children.map { add($0.type) }
        return index
    }

    /// Rows so far.
    var rowCount: Int { arrays[columns[0]].length }

    /// A null in array `index`, and in its children for a struct (each field holds a slot for every row).
    mutating func appendNull(_ index: Int) {
        arrays[index].appendNull()
        if arrays[index].layout == .structure {
            for child in children[index] { appendNull(child) }
        }
    }

    /// Ends a list of array `index` whose items were appended to its item array.
    mutating func endList(_ index: Int) {
        arrays[index].endList(itemCount: arrays[children[index][0]].length)
    }

    /// Appends the record batch message of the rows so far to `output`, and empties the arrays.
    mutating func appendMessage(to output: OutputBuffer) {
        let nodes = arrays.map { ArrowStreamFormat.Node(length: $0.length, nullCount: $0.nullCount) }
        let rows = rowCount
        ArrowArrayBuilder.withBuffers(of: arrays[...], []) { buffers in
            ArrowStreamFormat.appendRecordBatch(rowCount: rows, nodes: nodes, buffers: buffers, to: output)
        }
        for index in arrays.indices { arrays[index].removeAll() }
    }
}

/// One array of a record batch: a validity bitmap (bit set: a value), then the type's buffers: 32-bit
/// offsets and UTF-8 bytes for a string, 64-bit integers, a bitmap of Booleans, 32-bit offsets into its item
/// array for a list, nothing more for a struct (its fields are arrays of their own).
///
/// Offsets are 32-bit (Arrow's `utf8` and `list`, not the `large_` kinds), so an array's bytes must stay
/// below 2 GiB: ``ArrowRecordWriter`` ends a batch long before (``ArrowRecordWriter/maximumBatchBytes``),
/// and one value is at most a record's bytes (`--max-record-bytes`) or a payload's, which `--format arrow`
/// caps at 1 GiB (``ArrowRecordWriter/maximumValueBytes``).
struct ArrowArrayBuilder {
    /// The type's layout, without the children an `indirect` type holds (reading it costs no retain).
    enum Layout {
        case utf8
        case int64
        case bool
        case list
        case structure
    }

    let layout: Layout
    private(set) var length = 0
    private(set) var nullCount = 0
    private var validity: [UInt8] = []
    /// Strings and lists: where each value starts, and after the last, where it ends.
    private var offsets: [Int32] = [0]
    /// Strings: their bytes. Booleans: their bitmap.
    private var bytes: [UInt8] = []
    private var integers: [Int64] = []

    init(type: ArrowStreamFormat.DataType) {
        switch type {
        case .utf8: layout = .utf8
        case .int64: layout = .int64
        case .bool: layout = .bool
        case .list: layout = .list
        case .structure: layout = .structure
        }
    }

    /// Forgets the values, keeping the buffers' capacity for the next batch.
    mutating func removeAll() {
        length = 0
        nullCount = 0
        validity.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        offsets.append(0)
        bytes.removeAll(keepingCapacity: true)
        integers.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func appendValidity(_ isValid: Bool) {
        if length & 7 == 0 { validity.append(0) }
        if isValid { validity[length >> 3] |= 1 << UInt8(length & 7) } else { nullCount += 1 }
        length += 1
    }

    /// A null: no value, and an empty range or a zero in the buffers, which hold a slot for every row (a
    /// struct's fields are nulled by ``ArrowBatchBuilder/appendNull(_:)``).
    mutating func appendNull() {
        switch layout {
        case .utf8, .list: offsets.append(offsets[offsets.count - 1])
        case .int64: integers.append(0)
        case .bool: appendBit(false)
        case .structure: break
        }
        appendValidity(false)
    }

    mutating func append(utf8 text: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: text)
        offsets.append(Int32(truncatingIfNeeded: bytes.count))
        appendValidity(true)
    }

    mutating func append(_ value: Int64) {
        integers.append(value)
        appendValidity(true)
    }

    mutating func append(_ value: Bool) {
        appendBit(value)
        appendValidity(true)
    }

    private mutating func appendBit(_ value: Bool) {
        if length & 7 == 0 { bytes.append(0) }
        if value { bytes[length >> 3] |= 1 << UInt8(length & 7) }
    }

    /// Ends a list whose items end at `itemCount` in its item array.
    mutating func endList(itemCount: Int) {
        offsets.append(Int32(truncatingIfNeeded: itemCount))
        appendValidity(true)
    }

    /// Ends a struct whose fields were appended to its children.
    mutating func endStruct() {
        appendValidity(true)
    }

    /// Gathers the buffers of each array in turn, in a record batch's order (each pointer valid only inside
    /// its array's closure), and calls `body` with all of them.
    static func withBuffers<Result>(
        of arrays: ArraySlice<ArrowArrayBuilder>,
        _ gathered: [UnsafeRawBufferPointer],
        _ body: ([UnsafeRawBufferPointer]) -> Result
    ) -> Result {
        guard let array = arrays.first else { return body(gathered) }
        let rest = arrays.dropFirst()
        return array.validity.withUnsafeBytes { validity in
            switch array.layout {
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
