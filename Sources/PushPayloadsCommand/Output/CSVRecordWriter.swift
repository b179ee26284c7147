import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRecords
import PushRequests

/// RFC 4180 CSV: a header row, CRLF line breaks, fields quoted only when they must be.
///
/// Both kinds of record share the columns; a decoded payload leaves the `error_*` columns empty and an error leaves the
/// classification columns empty; `kind` and `platform` are filled for a send request's records, one per platform.
/// `ambiguous` lists vendors separated by `;`, and `line` is empty for `.json` files.
struct CSVRecordWriter: RecordWriter {
    static let columns = [
        "source", "line", "status", "vendor", "silent", "ambiguous", "shape", "message_id", "title", "body",
        "action", "url", "error_code", "error_offset", "error_message", "kind", "platform",
    ]

    var header: [UInt8] { header(records: RecordOptions()) }

    func encodeSource(_ source: String) -> [UInt8] {
        let output = OutputBuffer()
        output.appendCSVField(source)
        output.append(UInt8(ascii: ","))
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
        if line > 0 { output.appendDecimal(line) }
        output.append(",ok,")
        output.appendCSVField(notification.vendor?.name ?? Tally.unknownVendor)
        output.append(notification.isSilent ? ",true," : ",false,")
        for (index, vendor) in notification.alsoMatching.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ";")) }
            output.appendCSVField(vendor.name)
        }
        output.append(notification.shape == .fcm ? ",fcm," : ",apns,")
        appendOptional(notification.messageID, output)
        output.append(UInt8(ascii: ","))
        appendOptional(notification.title, output)
        output.append(UInt8(ascii: ","))
        appendOptional(notification.body, output)
        output.append(UInt8(ascii: ","))
        output.appendCSVField(notification.defaultAction.kind.name)
        output.append(UInt8(ascii: ","))
        appendOptional(notification.defaultAction.url, output)
        output.append(",,,,")
        if let request = record.delivery {
            output.appendCSVField(request.kind.name)
            output.append(UInt8(ascii: ","))
            output.appendCSVField(request.platform.name)
        } else {
            output.append(UInt8(ascii: ","))
        }
        endRow(extras, isError: false, into: output)
    }

    func writeError(
        _ error: PushPayloadError,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        output.append(source)
        if line > 0 { output.appendDecimal(line) }
        output.append(",error,,,,,,,,,,")
        output.appendCSVField(error.code.name)
        output.append(UInt8(ascii: ","))
        if let offset = error.byteOffset { output.appendDecimal(offset) }
        output.append(UInt8(ascii: ","))
        output.appendCSVField(error.message)
        output.append(",,")
        endRow(extras, isError: true, into: output)
    }

    private func appendOptional(_ text: String?, _ output: OutputBuffer) {
        if let text { output.appendCSVField(text) }
    }
}
