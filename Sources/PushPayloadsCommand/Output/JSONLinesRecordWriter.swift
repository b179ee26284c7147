import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRecords
import PushRequests

/// `--format jsonl`: the library's records, written by the library's writer (``PushRequests/PushRecordWriter``,
/// which documents them and which a test holds to `PushRecord`'s `Encodable`) into the batch's buffer.
/// `--payload` and `--keep` add their fields to each record before its end (`Output/RecordExtras.swift`).
struct JSONLinesRecordWriter: RecordWriter {
    var header: [UInt8] { [] }

    func encodeSource(_ source: String) -> [UInt8] { PushRecordWriter.encodeSource(source) }

    func writeDecoded(
        _ record: PushInputDecoder.Record,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        PushRecordWriter.writeDecoded(
            record.notification,
            delivery: record.delivery,
            source: source,
            line: line > 0 ? line : nil,
            into: output,
            endsRecord: extras == nil
        )
        if let extras { endRecord(extras, isError: false, into: output) }
    }

    func writeError(
        _ error: PushPayloadError,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        let line = line > 0 ? line : nil
        PushRecordWriter.writeError(error, source: source, line: line, into: output, endsRecord: extras == nil)
        if let extras { endRecord(extras, isError: true, into: output) }
    }
}
