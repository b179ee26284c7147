import PushPayloads
import PushRequests

/// Encodes classification records in one output format.
///
/// Writers run on the worker threads, each appending a batch's records to that batch's buffer, so a
/// writer must not keep state between records (fixed column widths, not measured ones).
protocol RecordWriter: Sendable {
    /// Written once, before the first record.
    var header: [UInt8] { get }

    /// The input's name as the records embed it, encoded once per batch.
    func encodeSource(_ source: String) -> [UInt8]

    /// Appends the record of a decoded payload. `line` is 0 for a `.json` file. The record's `delivery` is
    /// set for a platform's delivery of a send request, which gets one record per platform.
    func writeDecoded(_ record: PushInputDecoder.Record, source: [UInt8], line: Int, into output: OutputBuffer)

    /// Appends the record of a payload that could not be read.
    func writeError(_ error: PushPayloadError, source: [UInt8], line: Int, into output: OutputBuffer)

    /// The header when records carry what `--payload` and `--keep` add (`Output/RecordExtras.swift`).
    func header(records options: RecordOptions) -> [UInt8]

    /// Adds what `--payload` and `--keep` give one record to the record just appended to `output`.
    func appendExtras(_ extras: RecordExtras, options: RecordOptions, isError: Bool, into output: OutputBuffer)
}

extension RecordWriter {
    /// Appends the record of one of an input's records (``PushRequests/PushInputDecoder``), and counts it.
    func write(
        _ record: PushInputDecoder.Record,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer,
        tally: inout Tally
    ) {
        tally.countDecoded(vendor: record.notification.vendor, isSilent: record.notification.isSilent)
        writeDecoded(record, source: source, line: line, into: output)
    }

    /// Appends the record of an input that could not be read, and counts it.
    func write(_ error: PushPayloadError, source: [UInt8], line: Int, into output: OutputBuffer, tally: inout Tally) {
        tally.countError(error.code)
        writeError(error, source: source, line: line, into: output)
    }
}
