import PushPayloads
import PushRequests

/// `--format arrow`: the records as an Arrow IPC stream (``ArrowStreamFormat``), typed columns as
/// `docs/push-payloads.schema.json`'s `record` describes them, for pyarrow, pandas, polars, DuckDB and Spark
/// (the `Spark/` package hands the batches to Spark as they come, without parsing anything).
///
/// Columns, each nullable, a field a record leaves out null: `source` string, `line` int64 (null for a
/// `.json` document), `status`, `kind`, `platform`, `vendor` strings, `silent` bool, `ambiguous` list of
/// strings (its items named `item`), `shape`, `message_id`, `title`, `body`, `action`, `url` strings,
/// `error` a struct of `code` string, `offset` int64, `key_path`, `message`, `in` strings; with `--keep`, a
/// last column `kept`: the JSON text `--format jsonl` writes for `kept`, byte for byte (its values are any
/// JSON, which no one column type holds). Strings hold the text the JSON strings of `jsonl` decode to: the
/// engine refuses a payload that is not UTF-8 (an `invalid_utf8` record) and a source name that is not is
/// shown with U+FFFD, in both formats, so every string is valid UTF-8 and nothing is lost.
///
/// Writers are stateless between records (``RecordWriter``), so each record is first appended to the
/// batch's buffer as cells of a small tagged encoding (``Cell``); once the batch's records are written,
/// ``finishBatch(_:)`` turns them into record batches of at most ``maximumBatchRows`` rows and about
/// ``maximumBatchBytes`` bytes, on the worker's thread. The schema is the header, the end-of-stream marker
/// the trailer.
struct ArrowRecordWriter: RecordWriter {
    /// Rows per record batch at most: Spark and pandas take batches of thousands of rows best.
    static let defaultMaximumBatchRows = 1 << 16
    /// Bytes of column data after which a record batch ends (it ends after the row that passes it).
    static let defaultMaximumBatchBytes = 1 << 24
    /// The largest value a string column takes (`--max-payload-bytes`, `--max-record-bytes`): its offsets
    /// are 32-bit.
    static let maximumValueBytes = 1 << 30

    var maximumBatchRows = Self.defaultMaximumBatchRows
    var maximumBatchBytes = Self.defaultMaximumBatchBytes
    /// The columns: the record's, then `kept` with `--keep`.
    let fields: [ArrowStreamFormat.Field]
    /// Each `--keep` pointer as a key of `kept`'s JSON object with its colon (`"/ts":`), encoded once.
    private let keptKeys: [[UInt8]]

    /// A writer of records with what `records` (`--payload`, `--keep`) adds to them.
    init(records: RecordOptions = RecordOptions()) {
        keptKeys = records.kept.map { pointer in
            let key = OutputBuffer()
            key.appendJSONString(pointer.description)
            key.append(UInt8(ascii: ":"))
            return key.bytes
        }
        fields = Self.recordFields + (records.kept.isEmpty ? [] : [.init(name: "kept", type: .utf8)])
    }

    /// `$defs/record` as columns, in the order of `--format jsonl`'s fields.
    static let recordFields: [ArrowStreamFormat.Field] = [
        .init(name: "source", type: .utf8),
        .init(name: "line", type: .int64),
        .init(name: "status", type: .utf8),
        .init(name: "kind", type: .utf8),
        .init(name: "platform", type: .utf8),
        .init(name: "vendor", type: .utf8),
        .init(name: "silent", type: .bool),
        .init(name: "ambiguous", type: .list(.init(name: "item", type: .utf8))),
        .init(name: "shape", type: .utf8),
        .init(name: "message_id", type: .utf8),
        .init(name: "title", type: .utf8),
        .init(name: "body", type: .utf8),
        .init(name: "action", type: .utf8),
        .init(name: "url", type: .utf8),
        .init(
            name: "error",
            type: .structure([
                .init(name: "code", type: .utf8),
                .init(name: "offset", type: .int64),
                .init(name: "key_path", type: .utf8),
                .init(name: "message", type: .utf8),
                .init(name: "in", type: .utf8),
            ])
        ),
    ]

    var header: [UInt8] { ArrowStreamFormat.schemaMessage(fields) }

    /// The schema was set by ``init(records:)``, from the same options.
    func header(records options: RecordOptions) -> [UInt8] { header }

    var trailer: [UInt8] { ArrowStreamFormat.endOfStream }

    /// The source's cell, encoded once per batch.
    func encodeSource(_ source: String) -> [UInt8] {
        let output = OutputBuffer()
        output.appendCell(source)
        return output.bytes
    }

    private static let ok = cell("ok")
    private static let error = cell("error")
    private static let apns = cell("apns")
    private static let fcm = cell("fcm")
    private static let unknown = cell(Tally.unknownVendor)

    private static func cell(_ text: String) -> [UInt8] {
        let output = OutputBuffer()
        output.appendCell(text)
        return output.bytes
    }

    func writeDecoded(
        _ record: PushInputDecoder.Record,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        let notification = record.notification
        output.append(source)
        output.appendCell(line: line)
        output.append(Self.ok)
        if let delivery = record.delivery {
            output.appendCell(delivery.kind.name)
            output.appendCell(delivery.platform.name)
        } else {
            output.appendNullCells(2)
        }
        if let vendor = notification.vendor { output.appendCell(vendor.name) } else { output.append(Self.unknown) }
        output.append(notification.isSilent ? Cell.true.rawValue : Cell.false.rawValue)
        output.append(Cell.list.rawValue)
        let others = notification.alsoMatching
        output.appendInteger(UInt32(others.count))
        for vendor in others { output.appendCell(vendor.name) }
        output.append(notification.shape == .fcm ? Self.fcm : Self.apns)
        output.appendCell(notification.messageIDText)
        output.appendCell(notification.titleText)
        output.appendCell(notification.bodyText)
        output.appendCell(notification.defaultAction.kind.name)
        if let url = notification.defaultAction.url { output.appendCell(url) } else { output.appendNullCells(1) }
        output.appendNullCells(1)  // error
        appendKept(extras, into: output)
    }

    func writeError(
        _ error: PushPayloadError,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        output.append(source)
        output.appendCell(line: line)
        output.append(Self.error)
        // kind, platform, vendor, silent, ambiguous, shape, message_id, title, body, action, url
        output.appendNullCells(11)
        output.append(Cell.structure.rawValue)
        output.appendCell(error.code.name)
        if let offset = error.byteOffset { output.appendCell(Int64(offset)) } else { output.appendNullCells(1) }
        if let keyPath = error.keyPath { output.appendCell(keyPath) } else { output.appendNullCells(1) }
        output.appendCell(error.message)
        if let location = extras?.errorLocation {
            output.appendCell(location.rawValue)
        } else {
            output.appendNullCells(1)
        }
        appendKept(extras, into: output)
    }

    /// `kept`'s cell, with `--keep`: the object `--format jsonl` writes (keys of the values found, in the
    /// pointers' order), its length counted first so that it is written once.
    private func appendKept(_ extras: RecordExtras?, into output: OutputBuffer) {
        guard !keptKeys.isEmpty else { return }
        guard let extras else { return output.appendNullCells(1) }
        var length = 2
        var found = 0
        for (key, json) in zip(keptKeys, extras.kept) {
            guard let json else { continue }
            length += key.count + json.count
            found += 1
        }
        length += max(found - 1, 0)
        output.append(Cell.string.rawValue)
        output.appendInteger(UInt32(length))
        output.append(UInt8(ascii: "{"))
        var isFirst = true
        for (key, json) in zip(keptKeys, extras.kept) {
            guard let json else { continue }
            if !isFirst { output.append(UInt8(ascii: ",")) }
            isFirst = false
            output.append(key)
            output.append(json)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Replaces the batch's cells with the record batches that hold them.
    func finishBatch(_ output: OutputBuffer) {
        guard !output.isEmpty else { return }
        var batch = ArrowBatchBuilder(fields: fields)
        let encoded = OutputBuffer(capacity: output.count + output.count / 4 + 4096)
        output.withBytes { staged in
            var reader = CellReader(bytes: UnsafeRawBufferPointer(staged))
            var batchStart = 0
            while !reader.isAtEnd {
                for column in batch.columns { reader.read(into: column, of: &batch) }
                // The staged bytes stand for the columns' (values and a few bytes for each): what bounds a batch.
                if batch.rowCount >= maximumBatchRows || reader.position - batchStart >= maximumBatchBytes {
                    batch.appendMessage(to: encoded)
                    batchStart = reader.position
                }
            }
            if batch.rowCount > 0 { batch.appendMessage(to: encoded) }
        }
        output.removeAll()
        encoded.withBytes { output.append($0) }
    }
}

/// The tags of the encoding records are staged in before they become columns: a record is one cell per
/// column, in the schema's order. A string is its tag, a 32-bit length and its bytes; an integer its tag
/// and 8 bytes; a list its tag, a 32-bit count and that many string cells; a struct its tag and a cell per
/// field. All little-endian, as the machine writes them (the command is built for little-endian machines).
enum Cell: UInt8 {
    case null = 0
    case string = 1
    case integer = 2
    case `false` = 3
    case `true` = 4
    case list = 5
    case structure = 6
}

extension OutputBuffer {
    fileprivate func appendInteger<Value: FixedWidthInteger>(_ value: Value) {
        withUnsafeBytes(of: value.littleEndian) { append($0.baseAddress!, count: $0.count) }
    }

    fileprivate func appendNullCells(_ count: Int) {
        for _ in 0..<count { append(Cell.null.rawValue) }
    }

    fileprivate func appendCell(utf8 text: UnsafeBufferPointer<UInt8>) {
        append(Cell.string.rawValue)
        appendInteger(UInt32(text.count))
        append(text)
    }

    fileprivate func appendCell(_ text: String) {
        var text = text
        text.withUTF8 { appendCell(utf8: $0) }
    }

    fileprivate func appendCell(_ value: Int64) {
        append(Cell.integer.rawValue)
        appendInteger(value)
    }

    /// A line number, or null for a `.json` document (line 0).
    fileprivate func appendCell(line: Int) {
        if line > 0 { appendCell(Int64(line)) } else { appendNullCells(1) }
    }

    /// A text field of the model: the text its JSON string decodes to (as written when it has no escapes).
    fileprivate func appendCell(_ text: PushTextValue?) {
        switch text {
        case .string(let string): appendCell(string)
        case .json(let value):
            let written: Void? = value.withRawStringUTF8 { raw, hasEscapes in
                if !hasEscapes {
                    appendCell(utf8: raw)
                } else if value.withDecodedUTF8({ appendCell(utf8: $0) }) == nil {
                    appendCell("")
                }
            }
            // A payload's text is always a string; were it not, it would read as "", as `jsonl` writes it.
            if written == nil { appendCell("") }
        case nil: appendNullCells(1)
        }
    }
}

/// Reads the staged cells back into columns.
private struct CellReader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    private mutating func integer<Value: FixedWidthInteger>(_: Value.Type) -> Value {
        let value = bytes.loadUnaligned(fromByteOffset: position, as: Value.self)
        position += MemoryLayout<Value>.size
        return Value(littleEndian: value)
    }

    /// Reads one cell into array `index` of `batch` (and its children's, for a list or a struct).
    mutating func read(into index: Int, of batch: inout ArrowBatchBuilder) {
        let tag = bytes[position]
        position += 1
        switch Cell(rawValue: tag) {
        case .null: batch.appendNull(index)
        case .string:
            let length = Int(integer(UInt32.self))
            batch.arrays[index].append(utf8: UnsafeRawBufferPointer(rebasing: bytes[position..<position + length]))
            position += length
        case .integer: batch.arrays[index].append(integer(Int64.self))
        case .false: batch.arrays[index].append(false)
        case .true: batch.arrays[index].append(true)
        case .list:
            let count = Int(integer(UInt32.self))
            let items = batch.children[index][0]
            for _ in 0..<count { read(into: items, of: &batch) }
            batch.endList(index)
        case .structure:
            for child in batch.children[index] { read(into: child, of: &batch) }
            batch.arrays[index].endStruct()
        case nil:
            // Only this file writes cells: another tag is a bug here, not something an input can cause.
            preconditionFailure("staged Arrow record: unknown cell tag \(tag)")
        }
    }
}
