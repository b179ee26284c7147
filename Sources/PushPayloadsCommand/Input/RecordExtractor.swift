import PushPayloads
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
    let options: RecordOptions
    let payloadLimits: PushPayloadLimits
    private var recordParser: JSONParser
    /// The current record's extras, for the writer.
    private(set) var extras = RecordExtras()

    init(options: RecordOptions, payloadLimits: PushPayloadLimits) {
        self.options = options
        self.payloadLimits = payloadLimits
        recordParser = JSONParser(
            limits: options.recordLimits(payloadLimits: payloadLimits),
            acceptsAnyTopLevelValue: options.payload != nil
        )
    }

    /// Starts a record that could not be read at all (too large, an input that failed): no kept field.
    mutating func resetExtras() {
        extras.reset(keptCount: options.kept.count, location: options.payload == nil ? nil : .record)
    }

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
    /// request's, platform by platform), each with the line's extras; returns the line's error, if any,
    /// for which ``extras`` holds what was kept.
    mutating func read(
        _ line: UnsafeRawBufferPointer,
        decoder: inout PayloadDecoder,
        _ body: (PushInputDecoder.Record, RecordExtras) -> Void
    ) -> PushPayloadError? {
        resetExtras()
        let parsed = Result { () throws(PushPayloadError) in try recordParser.parse(line) }
        if case .success(let record) = parsed {
            for (index, pointer) in options.kept.enumerated() {
                if case .found(let value) = pointer.resolve(in: record.root) {
                    extras.setKept(index, json: value.jsonBytes)
                }
            }
        }
        let extras = self.extras
        guard let pointer = options.payload else {
            // The line is the payload: the chosen engine reads it, and reports its errors.
            return Self.decode(line, &decoder) { body($0, extras) }
        }
        let record: JSONDocument
        switch parsed {
        case .success(let document): record = document
        case .failure(let error): return error
        }
        switch pointer.resolve(in: record.root) {
        case .missing(let reason):
            return PushPayloadError(
                .payloadNotFound,
                message: "no payload at \(pointer): \(reason)",
                keyPath: pointer.description
            )
        case .found(let value):
            switch value.kind {
            case .object:
                self.extras.errorLocation = .payload
                let extras = self.extras
                return Self.decode(object: value, &decoder) { body($0, extras) }.map {
                    Self.inPayload($0, "the object at \(pointer)")
                }
            case .string:
                self.extras.errorLocation = .payload
                let extras = self.extras
                let result = value.withDecodedUTF8 { text in
                    Self.decode(UnsafeRawBufferPointer(text), &decoder) { body($0, extras) }.map {
                        Self.inPayload($0, "the JSON in the string at \(pointer)")
                    }
                }
                return result ?? PushPayloadError(.payloadNotObject, message: "not a string")
            default:
                return PushPayloadError(
                    .payloadNotObject,
                    message: "the value at \(pointer) is \(JSONPointer.describe(value.kind)), "
                        + "not an object or a string holding JSON",
                    keyPath: pointer.description
                )
            }
        }
    }

    /// Decodes `bytes` into records for `body`; the error, if they cannot be read.
    private static func decode(
        _ bytes: UnsafeRawBufferPointer,
        _ decoder: inout PayloadDecoder,
        _ body: (PushInputDecoder.Record) -> Void
    ) -> PushPayloadError? {
        do {
            try decoder.decodeRecords(bytes, body)
            return nil
        } catch {
            return error
        }
    }

    /// Decodes an object of the record as the payload: a view of the record, not a copy, measured by the
    /// payload limit as its compact text (its depth was bounded by the record's limits, which add the
    /// pointer's levels). The jansson engine, when chosen, reads the object's compact text instead.
    private static func decode(
        object: JSONValue,
        _ decoder: inout PayloadDecoder,
        _ body: (PushInputDecoder.Record) -> Void
    ) -> PushPayloadError? {
        let size = object.jsonByteCount
        let limit = decoder.limits.maximumPayloadBytes
        guard decoder.engine == .native, size <= limit, let members = object.objectValue else {
            return object.jsonBytes.withUnsafeBytes { decode($0, &decoder, body) }
        }
        let payload = PushPayload(document: JSONDocument(members), limits: decoder.limits)
        do {
            try decoder.decodeRecords(payload, body)
            return nil
        } catch {
            return error
        }
    }

    /// The payload's error, saying which payload it is about (offsets count in its text).
    private static func inPayload(_ error: PushPayloadError, _ payload: String) -> PushPayloadError {
        var error = error
        error.message = "\(payload): \(error.message)"
        return error
    }
}

extension PushPayloadError.Code {
    /// `--payload`'s pointer resolves to nothing in the record.
    static let payloadNotFound = PushPayloadError.Code(name: "payload_not_found")
    /// `--payload`'s pointer resolves to a value that is neither an object nor a string.
    static let payloadNotObject = PushPayloadError.Code(name: "payload_not_object")
}
