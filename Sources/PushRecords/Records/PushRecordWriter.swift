public import PushPayloads
@_spi(Writers) public import PushRequests
@_spi(Writers) package import PushPayloadsJSON

/// Writes ``PushRecord``s as JSON Lines, fast: one JSON object a line (as ``PushRecord`` shows), straight
/// into a buffer it keeps and reuses, without building the record or going through `Encodable`.
///
/// These bytes are the one description of the record: ``PushRecord``'s `Encodable` conformance is what this
/// writer writes, read back. Members come in the order of `docs/json-schema.md`: `line` is `null`
/// for an input that is one document; absent summary fields are `null`; an error's `offset` is a byte
/// offset in the payload (`null` when it has none) and `key_path` appears when the error names a value.
///
/// Write records, hand the bytes on with ``withBytes(_:)``, then ``removeAll()`` and write more: the
/// buffer keeps its capacity, so a warm writer allocates nothing per record. ``PushInputDecoder`` writes
/// an input's records into one with ``PushInputDecoder/writeRecords(jsonBytes:source:line:to:)``.
///
/// A writer is a buffer one task fills, so it is not `Sendable`: hand its bytes over, not the writer.
public final class PushRecordWriter {
    /// The records written so far.
    package let output: OutputBuffer
    /// The last source written, and its encoding (``encodeSource(_:)``): records of one input share it.
    private var lastSource: String?
    private var lastEncodedSource: [UInt8] = []

    /// Creates a writer whose buffer starts with room for `capacity` bytes.
    public init(capacity: Int = 4_096) {
        output = OutputBuffer(capacity: capacity)
    }

    /// The number of bytes written since the last ``removeAll()``.
    public var byteCount: Int { output.count }

    /// Hands `body` the records written since the last ``removeAll()``, each ending with a line feed.
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try output.withBytes { bytes throws(Failure) in try body(.init(bytes)) }
    }

    /// Forgets the records written, keeping the buffer's capacity.
    public func removeAll() { output.removeAll() }

    /// Writes a record.
    public func write(_ record: PushRecord) {
        Self.write(record, source: encodedSource(record.source), into: output)
    }

    /// Writes the record of a decoded notification: of a device payload, or (`delivery` set) of one
    /// platform's delivery of a send request.
    public func write(_ notification: PushNotification, delivery: PushRecord.Delivery?, source: String, line: Int?) {
        Self.writeDecoded(notification, delivery: delivery, source: encodedSource(source), line: line, into: output)
    }

    /// Writes the record of an input that could not be read.
    public func write(_ error: PushPayloadError, source: String, line: Int?) {
        Self.writeError(error, source: encodedSource(source), line: line, into: output)
    }

    /// Writes the record of a finding of `lint` in an input of the given kind.
    public func write(_ finding: PushFinding, kind: PushRequestKind, source: String, line: Int?) {
        Self.writeFinding(finding, kind: kind, source: encodedSource(source), line: line, into: output)
    }

    private func encodedSource(_ source: String) -> [UInt8] {
        if source != lastSource {
            lastSource = source
            lastEncodedSource = Self.encodeSource(source)
        }
        return lastEncodedSource
    }

    // MARK: The encoding, shared with the command's batches

    /// Appends a record; `source` is ``encodeSource(_:)``'s for the record's source. For a caller with a buffer of
    /// its own (the command's `lint`), without a writer or `Encodable`.
    package static func write(_ record: PushRecord, source: [UInt8], into output: OutputBuffer) {
        switch record.content {
        case .decoded(let notification, let delivery):
            writeDecoded(notification, delivery: delivery, source: source, line: record.line, into: output)
        case .error(let error):
            writeError(error, source: source, line: record.line, into: output)
        case .finding(let kind, let finding):
            writeFinding(finding, kind: kind, source: source, line: record.line, into: output)
        }
    }

    /// `{"source":"…","line":` — everything before the line number, encoded once per input.
    package static func encodeSource(_ source: String) -> [UInt8] {
        let output = OutputBuffer()
        output.append(#"{"source":"#)
        output.appendJSONString(source)
        output.append(#","line":"#)
        return output.bytes
    }

    /// Appends a decoded notification's record; `source` is ``encodeSource(_:)``'s. With `endsRecord` false the
    /// `}` and line feed that end it are left to the caller, who adds fields first (the command's `--keep`).
    package static func writeDecoded(
        _ notification: PushNotification,
        delivery: PushRecord.Delivery?,
        source: [UInt8],
        line: Int?,
        into output: OutputBuffer,
        endsRecord: Bool = true
    ) {
        writePrefix(source: source, line: line, into: output)
        // Fixed text between two values goes in as one literal: each append is a room check and a copy of its own.
        if let delivery {
            output.append(#","status":"ok","kind":"#)
            appendString(delivery.kind.name, into: output)
            output.append(#","platform":"#)
            appendString(delivery.platform.name, into: output)
            output.append(#","vendor":"#)
        } else {
            output.append(#","status":"ok","vendor":"#)
        }
        if let vendor = notification.vendor {
            appendString(vendor.name, into: output)
        } else {
            output.append(#""unknown""#)
        }
        output.append(notification.isSilent ? #","silent":true,"ambiguous":["# : #","silent":false,"ambiguous":["#)
        for (index, vendor) in notification.alsoMatching.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendString(vendor.name, into: output)
        }
        output.append(
            notification.shape == .fcm ? #"],"shape":"fcm","message_id":"# : #"],"shape":"apns","message_id":"#
        )
        output.appendJSONText(notification.messageIDText)
        output.append(#","title":"#)
        output.appendJSONText(notification.titleText)
        output.append(#","body":"#)
        output.appendJSONText(notification.bodyText)
        appendActionKind(notification.defaultAction.kind, into: output)
        if let url = notification.defaultAction.url {
            appendString(url, into: output)
            if endsRecord { output.append("}\n") }
        } else {
            output.append(endsRecord ? "null}\n" : "null")
        }
    }

    /// Appends an error's record; `source` is ``encodeSource(_:)``'s. With `endsRecord` false the `}}` and line
    /// feed that end its error and itself are left to the caller, who adds fields to both first (the command's
    /// `--payload` and `--keep`).
    package static func writeError(
        _ error: PushPayloadError,
        source: [UInt8],
        line: Int?,
        into output: OutputBuffer,
        endsRecord: Bool = true
    ) {
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
        if endsRecord { output.append("}}\n") }
    }

    /// Appends a finding's record (`lint`'s); `source` is ``encodeSource(_:)``'s. The finding's members are the
    /// inspection's (`PushInspectionWriter.writeMembers(of:into:)`).
    package static func writeFinding(
        _ finding: PushFinding,
        kind: PushRequestKind,
        source: [UInt8],
        line: Int?,
        into output: OutputBuffer
    ) {
        writePrefix(source: source, line: line, into: output)
        output.append(#","status":"finding","kind":"#)
        output.appendJSONString(kind.name)
        output.append(UInt8(ascii: ","))
        PushInspectionWriter.writeMembers(of: finding, into: output)
        output.append("}\n")
    }

    /// Appends a model string (a name, a URL) as a JSON string, read in place: `OutputBuffer.appendJSONString(_:)`
    /// takes a copy of the string first, a retain and a release for every name of every record.
    @inline(__always)
    private static func appendString(_ text: String, into output: OutputBuffer) {
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { output.appendJSONString(utf8: $0) }
        if written == nil { output.appendJSONString(text) }
    }

    /// Appends `,"action":` with an action's kind and `,"url":`; the built-in kinds most records carry in one literal
    /// escaped beforehand.
    @inline(__always)
    private static func appendActionKind(_ kind: PushAction.Kind, into output: OutputBuffer) {
        if kind == .openApp {
            output.append(#","action":"open_app","url":"#)
        } else if kind == .deepLink {
            output.append(#","action":"deep_link","url":"#)
        } else if kind == .openURL {
            output.append(#","action":"open_url","url":"#)
        } else {
            output.append(#","action":"#)
            appendString(kind.name, into: output)
            output.append(#","url":"#)
        }
    }

    private static func writePrefix(source: [UInt8], line: Int?, into output: OutputBuffer) {
        output.append(source)
        if let line { output.appendDecimal(line) } else { output.append("null") }
    }
}

@available(*, unavailable, message: "a writer is one task's buffer: hand over its bytes instead")
extension PushRecordWriter: Sendable {}
