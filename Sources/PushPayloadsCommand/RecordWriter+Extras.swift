import PushPayloads

extension RecordWriter {
    /// Formats that show no extras (the table) keep their header.
    func header(layout: RecordLayout) -> [UInt8] { header }

    /// Formats that show no extras (the table) leave the record as it is; an error's message already
    /// says when its offset counts in the payload.
    func appendExtras(_ extras: RecordExtras, layout: RecordLayout, isError: Bool, into output: OutputBuffer) {}
}

extension JSONLinesRecordWriter {
    /// The record just written ends with `}` and a line feed, an error record with `}}`: the error gets
    /// `"in"` (`record` or `payload`, with `--payload`), and the record gets `"kept"`, an object of the
    /// kept values' JSON text keyed by their pointers, without the pointers that found nothing (with
    /// `--keep`).
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
    /// The usual columns, then `error_in` (with `--payload`) and a `kept:POINTER` column per `--keep`
    /// pointer.
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
