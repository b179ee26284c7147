import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRequests

/// What `--payload` and `--keep` add to one record.
///
/// A worker fills one for each record and reuses its buffers, so keeping fields allocates only what
/// reading a value's JSON allocates.
struct RecordExtras: Sendable {
    /// The run's `--payload` and `--keep`, which say which extras there are.
    let options: RecordOptions
    /// Where an error's byte offset counts.
    enum Location: String, Sendable {
        /// In the input line, the whole record (its JSON, or the payload pointer, failed).
        case record
        /// In the payload's own JSON: an object's compact text, or the text of a string holding JSON.
        case payload
    }

    /// With `--payload`, where the error's offset counts.
    var errorLocation: Location?
    /// Each `--keep` pointer's value as JSON text; `nil` when it resolved to nothing.
    var kept: [[UInt8]?] = []

    init(options: RecordOptions) {
        self.options = options
        reset()
    }

    /// Empties the extras for the next record: no kept value yet, and an error counting in the record.
    mutating func reset() {
        errorLocation = options.payload == nil ? nil : .record
        kept.removeAll(keepingCapacity: true)
        kept.append(contentsOf: repeatElement(nil, count: options.kept.count))
    }
}

extension RecordWriter {
    /// Formats that show no extras (the table) keep their header.
    func header(records options: RecordOptions) -> [UInt8] { header }
}

extension JSONLinesRecordWriter {
    /// Ends a record the library's writer left open: an error record's error gets `"in"` (`record` or `payload`,
    /// with `--payload`), and the record gets `"kept"`, an object of the kept values' JSON text keyed by their
    /// pointers, without the pointers that found nothing (with `--keep`).
    func endRecord(_ extras: RecordExtras, isError: Bool, into output: OutputBuffer) {
        if isError {
            if let location = extras.errorLocation {
                output.append(#","in":"#)
                output.appendJSONString(location.rawValue)
            }
            output.append(UInt8(ascii: "}"))
        }
        if !extras.options.kept.isEmpty {
            output.append(#","kept":{"#)
            var isFirst = true
            for (pointer, json) in zip(extras.options.kept, extras.kept) {
                guard let json else { continue }
                if !isFirst { output.append(UInt8(ascii: ",")) }
                isFirst = false
                output.appendJSONString(pointer.description)
                output.append(UInt8(ascii: ":"))
                output.append(json)
            }
            output.append(UInt8(ascii: "}"))
        }
        output.append("}\n")
    }
}

extension CSVRecordWriter {
    /// The usual columns, then `error_in` (with `--payload`) and a `kept:POINTER` column per `--keep` pointer.
    func header(records options: RecordOptions) -> [UInt8] {
        var columns = Self.columns
        if options.payload != nil { columns.append("error_in") }
        columns += options.kept.map { "kept:" + $0.description }
        let output = OutputBuffer()
        for (index, column) in columns.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.appendCSVField(column)
        }
        output.append("\r\n")
        return output.bytes
    }

    /// Ends the row with its extra fields, if any, and CRLF. A kept value is its JSON text (a string with its
    /// quotes); one that resolved to nothing is an empty field.
    func endRow(_ extras: RecordExtras?, isError: Bool, into output: OutputBuffer) {
        if let extras {
            if extras.options.payload != nil {
                output.append(UInt8(ascii: ","))
                if isError, let location = extras.errorLocation { output.append(string: location.rawValue) }
            }
            for json in extras.kept {
                output.append(UInt8(ascii: ","))
                if let json { json.withUnsafeBufferPointer { output.appendCSVField(utf8: $0) } }
            }
        }
        output.append("\r\n")
    }
}
