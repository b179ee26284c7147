import PushPayloads
import PushRecords
import PushRequests

/// A worker's reader of records: parses each line strictly, takes the payload from it and copies the
/// kept fields, then decodes the payload with the worker's ``PayloadDecoder`` (a device payload, or a
/// send request, one record per platform, each with the record's kept fields).
///
/// The record is parsed with the native engine (whatever `--engine` says, which applies to payloads), under
/// ``RecordOptions/recordLimits(payloadLimits:)``; any top-level value is a record. A payload that is an object is
/// decoded in place, a view of the record measured as its compact JSON text (the jansson engine, when chosen, parses
/// that text); one that is a string is decoded from the string's text, so its errors' offsets count in that text and
/// the error says so (``RecordExtras/Location/payload``). With `--keep` alone the line is the payload: it is parsed
/// once for the kept fields and once by the decoder, which reports its errors as without `--keep`.
struct RecordExtractor: Sendable {
    private var recordParser: JSONParser
    /// The current record's extras, for the writer.
    private(set) var extras: RecordExtras
    /// The run's `--payload`, `--keep` and `--max-record-bytes`, which the extras carry.
    var options: RecordOptions { extras.options }

    init(options: RecordOptions, payloadLimits: PushPayloadLimits) {
        extras = RecordExtras(options: options)
        recordParser = JSONParser(
            limits: options.recordLimits(payloadLimits: payloadLimits),
            acceptsAnyTopLevelValue: options.payload != nil
        )
    }

    /// Starts a record that could not be read at all (too large, an input that failed): no kept field.
    mutating func resetExtras() { extras.reset() }

    /// The error for a line the reader skipped for being over the limit.
    func tooLargeError(length: Int, decoder: PayloadDecoder) -> PushPayloadError {
        guard options.payload != nil else { return decoder.tooLargeError(length: length) }
        return PushPayloadError(
            .tooLarge,
            message: "the record is \(length) bytes; the limit is \(options.maximumRecordBytes) (--max-record-bytes)",
            byteOffset: options.maximumRecordBytes
        )
    }

    /// Reads one record line and hands `body` its payload's records (a device payload's, or a send
    /// request's, platform by platform), each with the line's extras; throws the line's error, for which
    /// ``extras`` holds what was kept.
    mutating func read(
        _ line: UnsafeRawBufferPointer,
        decoder: inout PayloadDecoder,
        _ body: (PushInputDecoder.Record, RecordExtras) -> Void
    ) throws(PushPayloadError) {
        resetExtras()
        let parsed = Result { () throws(PushPayloadError) in try recordParser.parse(line) }
        if case .success(let record) = parsed {
            for (index, pointer) in options.kept.enumerated() {
                if case .found(let value) = pointer.resolve(in: record.root) {
                    extras.kept[index] = value.jsonBytes
                }
            }
        }
        guard let pointer = options.payload else {
            // The line is the payload: the chosen engine reads it, and reports its errors.
            let extras = self.extras
            return try decoder.decodeRecords(line) { body($0, extras) }
        }
        let value: JSONValue
        switch pointer.resolve(in: try parsed.get().root) {
        case .missing(let reason):
            let message = "no payload at \(pointer): \(reason)"
            throw PushPayloadError(.payloadNotFound, message: message, keyPath: pointer.description)
        case .found(let found):
            value = found
        }
        guard value.kind == .object || value.kind == .string else {
            throw PushPayloadError(
                .payloadNotObject,
                message: "the value at \(pointer) is \(JSONPointer.describe(value.kind)), "
                    + "not an object or a string holding JSON",
                keyPath: pointer.description
            )
        }
        self.extras.errorLocation = .payload
        let extras = self.extras
        let decoded =
            value.kind == .object
            ? Self.decode(object: value, &decoder) { body($0, extras) }
            : value.withDecodedUTF8 { text in
                Result { () throws(PushPayloadError) in
                    try decoder.decodeRecords(UnsafeRawBufferPointer(text)) { body($0, extras) }
                }
            }
        guard let decoded else { throw PushPayloadError(.payloadNotObject, message: "not a string") }
        // Offsets count in the payload's text: the error says which payload it is about.
        if case .failure(var error) = decoded {
            let payload = value.kind == .object ? "the object" : "the JSON in the string"
            error.message = "\(payload) at \(pointer): \(error.message)"
            throw error
        }
    }

    /// Decodes an object of the record as the payload: a view of the record, not a copy, measured by the
    /// payload limit as its compact text (its depth was bounded by the record's limits, which add the
    /// pointer's levels). The jansson engine, when chosen, reads the object's compact text instead.
    private static func decode(
        object: JSONValue,
        _ decoder: inout PayloadDecoder,
        _ body: (PushInputDecoder.Record) -> Void
    ) -> Result<Void, PushPayloadError> {
        Result { () throws(PushPayloadError) in
            let limit = decoder.limits.maximumPayloadBytes
            guard decoder.engine == .native, object.jsonByteCount <= limit, let members = object.objectValue else {
                let text = object.jsonBytes.withUnsafeBytes { bytes in
                    Result { () throws(PushPayloadError) in try decoder.decodeRecords(bytes, body) }
                }
                return try text.get()
            }
            try decoder.decodeRecords(PushPayload(document: JSONDocument(members), limits: decoder.limits), body)
        }
    }
}

extension PushPayloadError.Code {
    /// `--payload`'s pointer resolves to nothing in the record.
    static let payloadNotFound = PushPayloadError.Code(name: "payload_not_found")
    /// `--payload`'s pointer resolves to a value that is neither an object nor a string.
    static let payloadNotObject = PushPayloadError.Code(name: "payload_not_object")
}
