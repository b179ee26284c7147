import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRequests

/// The columns of the record batch a worker is filling (`--format arrow`), in Arrow's layout, each buffer
/// an ``ArrowBuffer``.
///
/// While rows are added, validity and Booleans take a byte a row (0 or 1), packed into Arrow's bitmaps
/// when the batch is written; strings are 32-bit offsets and UTF-8 bytes, lists 32-bit offsets into their
/// item column, integers 64-bit. One worker fills one (``ArrowRecordWriter/forWorker()``), a batch at a
/// time, so it is `@unchecked Sendable`: it is never shared.
final class ArrowRecordColumns: @unchecked Sendable {
    /// One array of the batch: a column, a list's items, or a struct's field.
    final class Array {
        let layout: Layout
        /// A byte a row: 1 for a value, 0 for a null.
        let validity = ArrowBuffer(capacity: 8 << 10)
        /// Strings and lists: 32-bit offsets, a row's start, and after the last row, the end. Integers:
        /// 64-bit values. Booleans: a byte a value.
        let values = ArrowBuffer(capacity: 32 << 10)
        /// Strings: their UTF-8 bytes.
        let data: ArrowBuffer?
        /// A list's items, a struct's fields.
        let children: [Array]

        enum Layout {
            case utf8
            case int64
            case bool
            case list
            case structure
        }

        init(_ type: ArrowStreamFormat.DataType) {
            switch type {
            case .utf8: layout = .utf8
            case .int64: layout = .int64
            case .bool: layout = .bool
            case .list: layout = .list
            case .structure: layout = .structure
            }
            data = layout == .utf8 ? ArrowBuffer(capacity: 64 << 10) : nil
            children = type.children.map { Array($0.type) }
            removeAll()
        }

        /// Forgets the rows, keeping the buffers' capacity.
        func removeAll() {
            validity.removeAll()
            values.removeAll()
            data?.removeAll()
            if layout == .utf8 || layout == .list { values.appendInteger(Int32(0)) }
            for child in children { child.removeAll() }
        }

        var length: Int { validity.count }

        /// A null: no value, and an empty range or a zero in the buffers, which hold a slot for every row. A
        /// struct's fields each get their own null from the caller.
        @inline(__always)
        func appendNull() {
            validity.append(0)
            switch layout {
            case .utf8, .list: values.appendInteger(values.lastInt32)
            case .int64: values.appendInteger(Int64(0))
            case .bool: values.append(0)
            case .structure: break
            }
        }

        @inline(__always)
        func append(utf8 text: UnsafeBufferPointer<UInt8>) {
            let data = self.data.unsafelyUnwrapped
            data.append(text)
            values.appendInteger(Int32(truncatingIfNeeded: data.count))
            validity.append(1)
        }

        /// Appends a string that `write` appends to the string bytes, in pieces.
        func appendString(_ write: (ArrowBuffer) -> Void) {
            let data = self.data.unsafelyUnwrapped
            write(data)
            values.appendInteger(Int32(truncatingIfNeeded: data.count))
            validity.append(1)
        }

        func append(_ text: String) {
            if text.utf8.withContiguousStorageIfAvailable({ append(utf8: $0) }) == nil {
                var text = text
                text.withUTF8 { append(utf8: $0) }
            }
        }

        @inline(__always)
        func append(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { append(utf8: $0) }
        }

        /// A constant's UTF-8, from the binary itself: no array to retain, no lazy global to check.
        @inline(__always)
        func append(_ text: StaticString) {
            append(utf8: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        func append(_ value: Int64) {
            values.appendInteger(value)
            validity.append(1)
        }

        func append(_ value: Bool) {
            values.append(value ? 1 : 0)
            validity.append(1)
        }

        /// Ends a list row whose items, appended to its item array, now end at `itemCount`.
        func endList(itemCount: Int) {
            values.appendInteger(Int32(truncatingIfNeeded: itemCount))
            validity.append(1)
        }

        /// Ends a struct row whose fields were appended to ``children``.
        func endStruct() {
            validity.append(1)
        }

        /// This array's node and its children's, depth first, as a record batch lists them.
        func appendNodes(to nodes: inout [ArrowStreamFormat.Node]) {
            nodes.append(ArrowStreamFormat.Node(length: length, nullCount: length - Self.setCount(of: validity)))
            for child in children { child.appendNodes(to: &nodes) }
        }

        /// The number of 1s in a buffer of a byte a row, each 0 or 1: eight rows at a time, as the bits of a
        /// word (a byte's own count was 8% of the writer's instructions).
        private static func setCount(of flags: ArrowBuffer) -> Int {
            flags.withBytes { flags in
                guard let base = flags.baseAddress else { return 0 }
                let raw = UnsafeRawPointer(base)
                let words = flags.count / 8
                var count = 0
                for index in 0..<words {
                    count &+= raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self).nonzeroBitCount
                }
                for index in words * 8..<flags.count { count &+= Int(flags[index]) }
                return count
            }
        }

        /// This array's buffers and its children's, depth first, as a record batch lists them.
        func appendBuffers(to buffers: inout [ArrowStreamFormat.BodyBuffer]) {
            buffers.append(Self.bitmap(of: validity))
            switch layout {
            case .utf8:
                buffers.append(Self.copy(of: values))
                buffers.append(Self.copy(of: data.unsafelyUnwrapped))
            case .list, .int64: buffers.append(Self.copy(of: values))
            case .bool: buffers.append(Self.bitmap(of: values))
            case .structure: break
            }
            for child in children { child.appendBuffers(to: &buffers) }
        }

        private static func copy(of buffer: ArrowBuffer) -> ArrowStreamFormat.BodyBuffer {
            ArrowStreamFormat.BodyBuffer(length: buffer.count) { output in buffer.withBytes { output.append($0) } }
        }

        /// A byte a row packed into Arrow's bitmap: bit `i % 8` of byte `i / 8` for row `i`. Eight rows at a
        /// time: each flag is 0 or 1, so multiplying their little-endian word by 0x0102040810204080 moves flag
        /// `i` to bit 56 + `i` with no two products meeting (no carries), and the top byte is the bitmap's.
        private static func bitmap(of flags: ArrowBuffer) -> ArrowStreamFormat.BodyBuffer {
            let byteCount = (flags.count + 7) / 8
            return ArrowStreamFormat.BodyBuffer(length: byteCount) { output in
                // An empty array's initializer would still write its count into the one shared empty storage,
                // which two workers' writers do at once (ThreadSanitizer reports it).
                guard byteCount > 0 else { return }
                let packed = flags.withBytes { flags in
                    [UInt8](unsafeUninitializedCapacity: byteCount) { bytes, initialized in
                        let raw = UnsafeRawPointer(flags.baseAddress)
                        let words = flags.count / 8
                        for index in 0..<words {
                            let word = raw.unsafelyUnwrapped.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                            bytes[index] = UInt8(
                                truncatingIfNeeded: (UInt64(littleEndian: word) &* 0x0102_0408_1020_4080) >> 56
                            )
                        }
                        if words < byteCount {
                            var byte: UInt8 = 0
                            for bit in 0..<(flags.count - words * 8) where flags[words * 8 + bit] != 0 {
                                byte |= 1 << UInt8(bit)
                            }
                            bytes[words] = byte
                        }
                        initialized = byteCount
                    }
                }
                output.append(packed)
            }
        }
    }

    let source: Array
    let line: Array
    let status: Array
    let kind: Array
    let platform: Array
    let vendor: Array
    let silent: Array
    let ambiguous: Array
    let shape: Array
    let messageID: Array
    let title: Array
    let body: Array
    let action: Array
    let url: Array
    let error: Array
    /// With `--keep`.
    let kept: Array?
    /// `ambiguous`'s items.
    let ambiguousItems: Array
    /// `error`'s fields.
    let errorCode: Array
    let errorOffset: Array
    let errorKeyPath: Array
    let errorMessage: Array
    let errorIn: Array
    /// Every column, in the schema's order.
    private let columns: [Array]
    /// Every buffer of every array: the batch's bytes, exactly (checked against ``byteCount`` in debug builds).
    private let buffers: ContiguousArray<ArrowBuffer>
    /// The buffers that grow by a row's values, not by the same bytes every row: strings' bytes, and the
    /// list items' arrays. The others grow by ``fixedBytesPerRow`` a row.
    private let variableBuffers: ContiguousArray<ArrowBuffer>
    /// What a row adds to the other buffers: a validity byte and its value's slot, in every array but the
    /// list items'.
    private let fixedBytesPerRow: Int
    /// What the other buffers hold with no rows: the first offset of each string and list.
    private let emptyBytes: Int

    /// Columns of ``ArrowRecordWriter/recordFields``, and `kept` when `isKept`.
    init(isKept: Bool) {
        let fields = ArrowRecordWriter.recordFields
        var made = fields.map { Array($0.type) }
        (source, line, status, kind, platform) = (made[0], made[1], made[2], made[3], made[4])
        (vendor, silent, ambiguous, shape, messageID) = (made[5], made[6], made[7], made[8], made[9])
        (title, body, action, url, error) = (made[10], made[11], made[12], made[13], made[14])
        kept = isKept ? Array(.utf8) : nil
        if let kept { made.append(kept) }
        columns = made
        ambiguousItems = ambiguous.children[0]
        (errorCode, errorOffset, errorKeyPath) = (error.children[0], error.children[1], error.children[2])
        (errorMessage, errorIn) = (error.children[3], error.children[4])
        var buffers = ContiguousArray<ArrowBuffer>()
        var variableBuffers = ContiguousArray<ArrowBuffer>()
        var fixedBytesPerRow = 0
        func collect(_ array: Array, isListItem: Bool) {
            buffers += [array.validity, array.values]
            if let data = array.data { buffers.append(data) }
            if isListItem {
                variableBuffers += [array.validity, array.values]
            } else {
                switch array.layout {
                case .utf8, .list: fixedBytesPerRow += 1 + 4
                case .int64: fixedBytesPerRow += 1 + 8
                case .bool: fixedBytesPerRow += 1 + 1
                case .structure: fixedBytesPerRow += 1
                }
            }
            if let data = array.data { variableBuffers.append(data) }
            for child in array.children { collect(child, isListItem: isListItem || array.layout == .list) }
        }
        for column in made { collect(column, isListItem: false) }
        self.buffers = buffers
        self.variableBuffers = variableBuffers
        self.fixedBytesPerRow = fixedBytesPerRow
        emptyBytes = Self.sum(buffers) - Self.sum(variableBuffers)
    }

    private static func sum(_ buffers: ContiguousArray<ArrowBuffer>) -> Int {
        buffers.withUnsafeBufferPointer { buffers in
            var total = 0
            for index in buffers.indices { total &+= buffers[index].count }
            return total
        }
    }

    /// Rows so far.
    var rowCount: Int { source.length }

    /// Bytes so far, in every buffer: a batch ends after the row that passes its bound. Asked after every row,
    /// so it sums only the buffers whose growth a row's values decide (summing all 45 was 1% of the writer).
    var byteCount: Int {
        let count = emptyBytes &+ rowCount &* fixedBytesPerRow &+ Self.sum(variableBuffers)
        assert(count == Self.sum(buffers), "a row appended other than one slot to every array")
        return count
    }

    /// Appends the rows so far as a record batch message, and forgets them.
    func appendMessage(to output: OutputBuffer) {
        guard rowCount > 0 else { return }
        var nodes: [ArrowStreamFormat.Node] = []
        var buffers: [ArrowStreamFormat.BodyBuffer] = []
        for column in columns {
            column.appendNodes(to: &nodes)
            column.appendBuffers(to: &buffers)
        }
        ArrowStreamFormat.appendRecordBatch(rowCount: rowCount, nodes: nodes, buffers: buffers, to: output)
        for column in columns { column.removeAll() }
    }
}

/// A growable byte buffer for one Arrow buffer, over raw memory as ``PushRequests/OutputBuffer`` is, but in
/// this module, so that its appends (several a field) are inlined into the writer.
final class ArrowBuffer {
    @exclusivity(unchecked) private var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    func removeAll() { count = 0 }

    @inline(__always)
    private func reserve(_ additional: Int) {
        if count + additional > capacity { grow(count + additional) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends a little-endian integer (the command runs on little-endian machines: a plain store).
    @inline(__always)
    func appendInteger<Value: FixedWidthInteger>(_ value: Value) {
        reserve(MemoryLayout<Value>.size)
        base.storeBytes(of: value.littleEndian, toByteOffset: count, as: Value.self)
        count += MemoryLayout<Value>.size
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The last 32-bit integer appended (a string's or list's last offset).
    var lastInt32: Int32 {
        Int32(littleEndian: base.loadUnaligned(fromByteOffset: count - 4, as: Int32.self))
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count))
    }
}
