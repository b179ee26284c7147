import PushPayloads
import PushRequests

/// One JSON object per payload, one per line, keys in a fixed order:
///
/// ```
/// {"source":"a.jsonl","line":1,"status":"ok","vendor":"swrve","silent":false,"ambiguous":[],"shape":"fcm",
///  "message_id":"123","title":"Hi","body":"Sale","action":"deep_link","url":"app://sale"}
/// {"source":"a.jsonl","line":2,"status":"error","error":{"code":"invalid_json","offset":8,"message":"…"}}
/// ```
///
/// `line` is `null` for `.json` files; absent summary fields are `null`; an error's `offset` is a byte
/// offset in the payload (`null` when it has none) and `key_path` appears when the error names a value.
/// A send request gives one record per platform, with `kind` and `platform` after `status`. The fields
/// and their order are the library's `PushRecord` (`docs/json-schema.md`), which a test holds them to.
struct JSONLinesRecordWriter: RecordWriter {
    var header: [UInt8] { [] }

    /// `{"source":"…","line":` — everything before the line number.
    func encodeSource(_ source: String) -> [UInt8] {
        let output = OutputBuffer()
        output.append(#"{"source":"#)
        output.appendJSONString(source)
        output.append(#","line":"#)
        return output.bytes
    }

    func writeDecoded(
        _ notification: PushNotification,
        request: RequestDelivery?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        writePrefix(source: source, line: line, into: output)
        output.append(#","status":"ok","#)
        if let request {
            output.append(#""kind":"#)
            output.appendJSONString(request.kind.name)
            output.append(#","platform":"#)
            output.appendJSONString(request.platform.name)
            output.append(UInt8(ascii: ","))
        }
        output.append(#""vendor":"#)
        if let vendor = notification.vendor {
            output.appendJSONString(vendor.name)
        } else {
            output.append(#""unknown""#)
        }
        output.append(notification.isSilent ? #","silent":true,"ambiguous":["# : #","silent":false,"ambiguous":["#)
        for (index, vendor) in notification.alsoMatching.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.appendJSONString(vendor.name)
        }
        output.append(
            notification.shape == .fcm ? #"],"shape":"fcm","message_id":"# : #"],"shape":"apns","message_id":"#
        )
        output.appendJSONString(orNull: notification.messageID)
        output.append(#","title":"#)
        output.appendJSONString(orNull: notification.title)
        output.append(#","body":"#)
        output.appendJSONString(orNull: notification.body)
        output.append(#","action":"#)
        output.appendJSONString(notification.defaultAction.kind.name)
        output.append(#","url":"#)
        output.appendJSONString(orNull: RecordFields.actionURL(notification))
        output.append("}\n")
    }

    func writeError(_ error: PushPayloadError, source: [UInt8], line: Int, into output: OutputBuffer) {
        writePrefix(source: source, line: line, into: output)
        output.append(#","status":"error","error":{"code":"#)
        output.appendJSONString(error.code.name)
        output.append(#","offset":"#)
        if let offset = error.byteOffset { output.appendDecimal(offset) } else { output.append("null") }
        if let keyPath = error.keyPath {
            output.append(#","key_path":"#)
            output.appendJSONString(keyPath)
        }
        output.append(#","message":"#)
        output.appendJSONString(error.message)
        output.append("}}\n")
    }

    private func writePrefix(source: [UInt8], line: Int, into output: OutputBuffer) {
        output.append(source)
        if line > 0 { output.appendDecimal(line) } else { output.append("null") }
    }
}
