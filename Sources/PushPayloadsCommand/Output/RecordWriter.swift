import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRecords
import PushRequests

/// Encodes classification records in one output format.
///
/// Writers run on the worker threads, each appending a batch's records to that batch's buffer, so a
/// text writer keeps no state between records (fixed column widths, not measured ones); a columnar one
/// keeps a batch's columns in a writer of each worker's own (``forWorker()``).
///
/// What `--payload` and `--keep` add to a record (`extras`, `nil` without them) is written inside the record,
/// before its end, in the formats that show it (`Output/RecordExtras.swift`).
protocol RecordWriter: Sendable {
    /// Written once, before the first record.
    var header: [UInt8] { get }

    /// The input's name as the records embed it, encoded once per batch.
    func encodeSource(_ source: String) -> [UInt8]

    /// Appends the record of a decoded payload. `line` is 0 for a `.json` file. The record's `delivery` is
    /// set for a platform's delivery of a send request, which gets one record per platform.
    func writeDecoded(
        _ record: PushInputDecoder.Record,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    )

    /// Appends the record of a payload that could not be read.
    func writeError(
        _ error: PushPayloadError,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    )

    /// The header when records carry what `--payload` and `--keep` add.
    func header(records options: RecordOptions) -> [UInt8]

    /// Written once, after the last batch (Arrow's end-of-stream marker).
    var trailer: [UInt8] { get }

    /// The writer one worker thread uses: a columnar format (``ArrowRecordWriter``) fills a batch's columns
    /// of its own there, so each worker needs its own.
    func forWorker() -> Self

    /// Called on the worker's thread once a batch's records are all written: a columnar format writes the
    /// columns it filled into `output`.
    func finishBatch(_ output: OutputBuffer)
}

extension RecordWriter {
    /// Text formats end with their last record.
    var trailer: [UInt8] { [] }

    /// Text formats keep no state between records: every worker shares one.
    func forWorker() -> Self { self }

    /// Text formats write each record as it comes.
    func finishBatch(_ output: OutputBuffer) {}
}

extension RecordWriter {
    /// Appends the record of one of an input's records (``PushRequests/PushInputDecoder``), and counts it.
    func write(
        _ record: PushInputDecoder.Record,
        extras: RecordExtras? = nil,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer,
        tally: inout Tally
    ) {
        tally.countDecoded(vendor: record.notification.vendor, isSilent: record.notification.isSilent)
        writeDecoded(record, extras: extras, source: source, line: line, into: output)
    }

    /// Appends the record of an input that could not be read, and counts it.
    func write(
        _ error: PushPayloadError,
        extras: RecordExtras? = nil,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer,
        tally: inout Tally
    ) {
        tally.countError(error.code)
        writeError(error, extras: extras, source: source, line: line, into: output)
    }
}
