import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRecords
import PushRequests

/// Writes `lint`'s records: one per finding, and one per input that could not be read, as JSON Lines (the
/// library's `PushRecord`) or as a table.
struct LintRecordWriter: Sendable {
    let format: LintFormat

    var header: [UInt8] {
        format == .table
            ? Array((Self.row(["SOURCE", "LINE", "SEVERITY", "RULE", "PLATFORM", "WHERE", "MESSAGE"]) + "\n").utf8) : []
    }

    func write(_ record: PushRecord, into output: OutputBuffer) {
        switch format {
        case .jsonl:
            // The record writer's bytes, straight: `Encodable` would write them, read them back and encode again.
            PushRecordWriter.write(record, source: PushRecordWriter.encodeSource(record.source), into: output)
        case .table:
            let line = record.line.map(String.init) ?? ""
            let cells: [String]
            switch record.content {
            case .finding(_, let finding):
                cells = [
                    record.source, line, finding.severity.rawValue, finding.rule.id, finding.platform?.name ?? "",
                    finding.path ?? finding.header ?? "", finding.message,
                ]
            case .error(let error):
                cells = [record.source, line, "error", "unreadable", "", "", "\(error)"]
            case .decoded:
                return
            }
            output.append(string: Self.row(cells) + "\n")
        }
    }

    /// Writes the record of an input that could not be read (`line` 0: a `.json` file), and counts it.
    func write(_ error: PushPayloadError, source: String, line: Int, into output: OutputBuffer, tally: inout LintTally)
    {
        tally.countError(error.code)
        write(PushRecord(source: source, line: line > 0 ? line : nil, content: .error(error)), into: output)
    }

    /// Fixed column widths, cells cut with `…`; the message takes the rest of the line.
    static func row(_ cells: [String]) -> String {
        let widths = [24, 5, 8, 36, 8, 32]
        var text = ""
        for (index, cell) in cells.enumerated() {
            guard index < widths.count else {
                text += cell
                break
            }
            let (fitted, width) = TableRecordWriter.fit(cell, width: widths[index], keepingEnd: index == 0)
            text += fitted + String(repeating: " ", count: widths[index] - width) + "  "
        }
        return text
    }
}
