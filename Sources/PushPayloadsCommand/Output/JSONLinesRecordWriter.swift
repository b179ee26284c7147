import PushPayloads
import PushRequests

/// `--format jsonl`: the library's records, written by the library's writer (``PushRequests/PushRecordWriter``,
/// which documents them and which a test holds to `PushRecord`'s `Encodable`) into the batch's buffer.
/// `--payload` and `--keep` add their fields to each record (`Output/RecordExtras.swift`).
struct JSONLinesRecordWriter: RecordWriter {
    var header: [UInt8] { [] }

    func encodeSource(_ source: String) -> [UInt8] { PushRecordWriter.encodeSource(source) }

    func writeDecoded(_ record: PushInputDecoder.Record, source: [UInt8], line: Int, into output: OutputBuffer) {
        let line = line > 0 ? line : nil
        PushRecordWriter.writeDecoded(
            record.notification,
            delivery: record.delivery,
            source: source,
            line: line,
            into: output
        )
    }

    func writeError(_ error: PushPayloadError, source: [UInt8], line: Int, into output: OutputBuffer) {
        PushRecordWriter.writeError(error, source: source, line: line > 0 ? line : nil, into: output)
    }
}
