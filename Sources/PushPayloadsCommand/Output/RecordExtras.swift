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
    /// The kept values' JSON text, back to back.
    private(set) var keptBytes: [UInt8] = []
    /// Each `--keep` pointer's range in ``keptBytes``; `nil` when it resolved to nothing.
    private(set) var keptRanges: [Range<Int>?] = []

    /// Empties the extras for the next record: no kept value yet for any of `keptCount` pointers.
    mutating func reset(keptCount: Int, location: Location?) {
        errorLocation = location
        keptBytes.removeAll(keepingCapacity: true)
        keptRanges.removeAll(keepingCapacity: true)
        keptRanges.append(contentsOf: repeatElement(nil, count: keptCount))
    }

    /// Records the JSON text of the value that the `index`th pointer found.
    mutating func setKept(_ index: Int, json: [UInt8]) {
        let start = keptBytes.count
        keptBytes.append(contentsOf: json)
        keptRanges[index] = start..<keptBytes.count
    }

    /// The kept values: each pointer's JSON text, or `nil`.
    func forEachKept(_ body: (Int, UnsafeBufferPointer<UInt8>?) -> Void) {
        keptBytes.withUnsafeBufferPointer { bytes in
            for (index, range) in keptRanges.enumerated() {
                guard let range, let base = bytes.baseAddress else {
                    body(index, nil)
                    continue
                }
                body(index, UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
            }
        }
    }
}

/// What `--payload` and `--keep` add to every record: the same for all records of a run.
struct RecordLayout: Sendable, Equatable {
    /// `--payload` was given: error records say where their offset counts (``RecordExtras/Location``).
    var hasPayloadPointer = false
    /// The pointers of `--keep`, as written: the keys of `kept` (the CSV columns `kept:POINTER`).
    var keptNames: [String] = []

    /// Whether records carry anything beyond the usual fields.
    var isEmpty: Bool { !hasPayloadPointer && keptNames.isEmpty }
}

extension RecordWriter {
    /// Formats that show no extras (the table) keep their header.
    func header(layout: RecordLayout) -> [UInt8] { header }

    /// Formats that show no extras (the table) leave the record as it is; an error's message already
    /// says when its offset counts in the payload.
    func appendExtras(_ extras: RecordExtras, layout: RecordLayout, isError: Bool, into output: OutputBuffer) {}
}

extension JSONLinesRecordWriter {
    /// The record just written ends with `}` and a line feed, an error record with `}}`: the error gets `"in"`
    /// (`record` or `payload`, with `--payload`), and the record gets `"kept"`, an object of the kept values' JSON text
    /// keyed by their pointers, without the pointers that found nothing (with `--keep`).
    func appendExtras(_ extras: RecordExtras, layout: RecordLayout, isError: Bool, into output: OutputBuffer) {
        guard !layout.isEmpty else { return }
        output.removeLast(2)
        if isError, let location = extras.errorLocation {
            output.removeLast(1)
            output.append(#","in":"#)
            output.appendJSONString(location.rawValue)
            output.append(UInt8(ascii: "}"))
        }
        if !layout.keptNames.isEmpty {
            output.append(#","kept":{"#)
            var isFirst = true
            extras.forEachKept { index, json in
                guard let json else { return }
                if !isFirst { output.append(UInt8(ascii: ",")) }
                isFirst = false
                output.appendJSONString(layout.keptNames[index])
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
    func header(layout: RecordLayout) -> [UInt8] {
        guard !layout.isEmpty else { return header }
        var columns = Self.columns
        if layout.hasPayloadPointer { columns.append("error_in") }
        columns += layout.keptNames.map { "kept:" + $0 }
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
    func appendExtras(_ extras: RecordExtras, layout: RecordLayout, isError: Bool, into output: OutputBuffer) {
        guard !layout.isEmpty else { return }
        output.removeLast(2)
        if layout.hasPayloadPointer {
            output.append(UInt8(ascii: ","))
            if isError, let location = extras.errorLocation { output.append(string: location.rawValue) }
        }
        extras.forEachKept { _, json in
            output.append(UInt8(ascii: ","))
            if let json { output.appendCSVField(utf8: json) }
        }
        output.append("\r\n")
    }
}
