import PushPayloads
import PushRequests

/// What `--payload` and `--keep` add to one record.
///
/// A worker fills one for each record and reuses its buffers, so keeping fields allocates only what
/// reading a value's JSON allocates.
struct RecordExtras: Sendable {
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

    /// Empties the extras for the next record: no kept value yet for any of `keptCount` pointers.
    mutating func reset(keptCount: Int, location: Location?) {
        errorLocation = location
        kept.removeAll(keepingCapacity: true)
        kept.append(contentsOf: repeatElement(nil, count: keptCount))
    }
}

extension RecordWriter {
    /// Formats that show no extras (the table) keep their header.
    func header(records options: RecordOptions) -> [UInt8] { header }

    /// Formats that show no extras (the table) leave the record as it is; an error's message already
    /// says when its offset counts in the payload.
    func appendExtras(_ extras: RecordExtras, options: RecordOptions, isError: Bool, into output: OutputBuffer) {}
}

extension JSONLinesRecordWriter {
    /// The record just written ends with `}` and a line feed, an error record with `}}`: the error gets `"in"`
    /// (`record` or `payload`, with `--payload`), and the record gets `"kept"`, an object of the kept values' JSON text
    /// keyed by their pointers, without the pointers that found nothing (with `--keep`).
    func appendExtras(_ extras: RecordExtras, options: RecordOptions, isError: Bool, into output: OutputBuffer) {
        guard options.isEnabled else { return }
        output.removeLast(2)
        if isError, let location = extras.errorLocation {
            output.removeLast(1)
            output.append(#","in":"#)
            output.appendJSONString(location.rawValue)
            output.append(UInt8(ascii: "}"))
        }
        if !options.kept.isEmpty {
            output.append(#","kept":{"#)
            var isFirst = true
            for (pointer, json) in zip(options.kept, extras.kept) {
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

    /// The record just written ends with CRLF: its extra fields go before it. A kept value is its JSON
    /// text (a string with its quotes); one that resolved to nothing is an empty field.
    func appendExtras(_ extras: RecordExtras, options: RecordOptions, isError: Bool, into output: OutputBuffer) {
        guard options.isEnabled else { return }
        output.removeLast(2)
        if options.payload != nil {
            output.append(UInt8(ascii: ","))
            if isError, let location = extras.errorLocation { output.append(string: location.rawValue) }
        }
        for json in extras.kept {
            output.append(UInt8(ascii: ","))
            if let json { json.withUnsafeBufferPointer { output.appendCSVField(utf8: $0) } }
        }
        output.append("\r\n")
    }
}
