@_spi(Writers) import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRecords
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
/// Columns are per batch, not per record: each worker gets a writer of its own (``forWorker()``) whose
/// ``ArrowRecordColumns`` it fills with a batch's records; ``finishBatch(_:)`` writes them into the batch's
/// buffer as record batches, on the worker's thread (a batch whose rows reach ``maximumBatchRows`` or whose
/// buffers pass about ``maximumBatchBytes`` is written at once and another started). The schema is the
/// header, the end-of-stream marker the trailer.
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
    /// The batch this writer's worker is filling.
    private var columns: ArrowRecordColumns

    /// A writer of records with what `records` (`--payload`, `--keep`) adds to them.
    init(records: RecordOptions = RecordOptions()) {
        keptKeys = records.kept.map { pointer in
            let key = OutputBuffer()
            key.appendJSONString(pointer.description)
            key.append(UInt8(ascii: ":"))
            return key.bytes
        }
        fields = Self.recordFields + (records.kept.isEmpty ? [] : [.init(name: "kept", type: .utf8)])
        columns = ArrowRecordColumns(isKept: !records.kept.isEmpty)
        assert(Self.unknown.description == Tally.unknownVendor)
    }

    /// A writer for one worker: the same options, columns of its own.
    func forWorker() -> Self {
        var writer = self
        writer.columns = ArrowRecordColumns(isKept: !keptKeys.isEmpty)
        return writer
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

    /// The source's UTF-8, once per batch.
    func encodeSource(_ source: String) -> [UInt8] { Array(source.utf8) }

    func writeDecoded(
        _ record: PushInputDecoder.Record,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        Self.append(record.notification, delivery: record.delivery, source: source, line: line, to: columns)
        endRow(extras, into: output)
    }

    private static func append(
        _ notification: PushNotification,
        delivery: PushRecord.Delivery?,
        source: [UInt8],
        line: Int,
        to columns: ArrowRecordColumns
    ) {
        columns.source.append(source)
        append(line: line, to: columns.line)
        columns.status.append(ok)
        if let delivery {
            columns.kind.append(delivery.kind.name)
            columns.platform.append(delivery.platform.name)
        } else {
            columns.kind.appendNull()
            columns.platform.appendNull()
        }
        if let vendor = notification.vendor {
            columns.vendor.append(vendor.name)
        } else {
            columns.vendor.append(unknown)
        }
        columns.silent.append(notification.isSilent)
        for vendor in notification.alsoMatching { columns.ambiguousItems.append(vendor.name) }
        columns.ambiguous.endList(itemCount: columns.ambiguousItems.length)
        columns.shape.append(notification.shape == .fcm ? fcm : apns)
        append(notification.messageIDText, to: columns.messageID)
        append(notification.titleText, to: columns.title)
        append(notification.bodyText, to: columns.body)
        columns.action.append(notification.defaultAction.kind.name)
        if let url = notification.defaultAction.url { columns.url.append(url) } else { columns.url.appendNull() }
        columns.error.appendNull()
        columns.errorCode.appendNull()
        columns.errorOffset.appendNull()
        columns.errorKeyPath.appendNull()
        columns.errorMessage.appendNull()
        columns.errorIn.appendNull()
    }

    func writeError(
        _ error: PushPayloadError,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        let columns = self.columns
        columns.source.append(source)
        Self.append(line: line, to: columns.line)
        columns.status.append(Self.error)
        columns.kind.appendNull()
        columns.platform.appendNull()
        columns.vendor.appendNull()
        columns.silent.appendNull()
        columns.ambiguous.appendNull()
        columns.shape.appendNull()
        columns.messageID.appendNull()
        columns.title.appendNull()
        columns.body.appendNull()
        columns.action.appendNull()
        columns.url.appendNull()
        columns.errorCode.append(error.code.name)
        if let offset = error.byteOffset {
            columns.errorOffset.append(Int64(offset))
        } else {
            columns.errorOffset.appendNull()
        }
        if let keyPath = error.keyPath {
            columns.errorKeyPath.append(keyPath)
        } else {
            columns.errorKeyPath.appendNull()
        }
        columns.errorMessage.append(error.message)
        if let location = extras?.errorLocation {
            columns.errorIn.append(location.rawValue)
        } else {
            columns.errorIn.appendNull()
        }
        columns.error.endStruct()
        endRow(extras, into: output)
    }

    private static let ok: StaticString = "ok"
    private static let error: StaticString = "error"
    private static let apns: StaticString = "apns"
    private static let fcm: StaticString = "fcm"
    /// `Tally.unknownVendor`, as a constant (asserted equal when a writer is made).
    private static let unknown: StaticString = "unknown"

    /// A line number, or null for a `.json` document (line 0).
    private static func append(line: Int, to column: ArrowRecordColumns.Array) {
        if line > 0 { column.append(Int64(line)) } else { column.appendNull() }
    }

    /// A text field of the model: the text its JSON string decodes to (as written when it has no escapes).
    private static func append(_ text: PushTextValue?, to column: ArrowRecordColumns.Array) {
        switch text {
        case .string(let string): column.append(string)
        case .json(let value):
            let written: Void? = value.withRawStringUTF8 { raw, hasEscapes in
                if !hasEscapes {
                    column.append(utf8: raw)
                } else if value.withDecodedUTF8({ column.append(utf8: $0) }) == nil {
                    column.append("")
                }
            }
            // A payload's text is always a string; were it not, it would read as "", as `jsonl` writes it.
            if written == nil { column.append("") }
        case nil: column.appendNull()
        }
    }

    /// Ends a row: `kept` (with `--keep`), then a record batch into the batch's buffer if this one is full.
    private func endRow(_ extras: RecordExtras?, into output: OutputBuffer) {
        if let kept = columns.kept { appendKept(extras, to: kept) }
        if columns.rowCount >= maximumBatchRows || columns.byteCount >= maximumBatchBytes {
            columns.appendMessage(to: output)
        }
    }

    /// `kept`'s value: the object `--format jsonl` writes (keys of the values found, in the pointers' order).
    private func appendKept(_ extras: RecordExtras?, to column: ArrowRecordColumns.Array) {
        guard let extras else { return column.appendNull() }
        column.appendString { text in
            text.append(UInt8(ascii: "{"))
            var isFirst = true
            for (key, json) in zip(keptKeys, extras.kept) {
                guard let json else { continue }
                if !isFirst { text.append(UInt8(ascii: ",")) }
                isFirst = false
                text.append(key)
                text.append(json)
            }
            text.append(UInt8(ascii: "}"))
        }
    }

    /// Writes the batch's last rows as a record batch into its buffer.
    func finishBatch(_ output: OutputBuffer) {
        columns.appendMessage(to: output)
    }
}
