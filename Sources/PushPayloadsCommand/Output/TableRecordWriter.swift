import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRecords
import PushRequests

/// Aligned columns for reading in a terminal: fixed widths, long cells cut with `…`.
///
/// Widths are fixed rather than measured so records stream out as they are classified. The last column takes what is
/// left of the terminal's width. An error row spans the classification columns with its code, offset and message.
/// Control characters in cells are shown as spaces, and wide (East Asian, emoji) characters count as two columns.
struct TableRecordWriter: RecordWriter {
    struct Column: Sendable {
        var title: String
        var width: Int
        var alignsRight = false
        /// Keep the end of a long value (paths), not its start.
        var keepsEnd = false
    }

    let columns: [Column]
    static let separator = "  "

    /// - Parameters:
    ///   - totalWidth: The terminal's width; the last column gets the rest (at least 16).
    ///   - vendorWidth: The vendor column's width: 8 fits the four vendors and `+`; `--senders all` needs
    ///     room for its longest name.
    init(totalWidth: Int = 160, vendorWidth: Int = 8) {
        var columns = [
            Column(title: "SOURCE", width: 20, keepsEnd: true),
            Column(title: "LINE", width: 6, alignsRight: true),
            Column(title: "STATUS", width: 6),
            Column(title: "VENDOR", width: vendorWidth),
            Column(title: "SILENT", width: 6),
            Column(title: "SHAPE", width: 5),
            Column(title: "MESSAGE_ID", width: 16),
            Column(title: "TITLE", width: 24),
            Column(title: "ACTION", width: 13),
        ]
        // On a narrow terminal, give up width from the widest free-text column first, down to a floor.
        let minimumWidths = ["SOURCE": 12, "MESSAGE_ID": 10, "TITLE": 12]
        let minimumURLWidth = 16
        func used() -> Int { columns.reduce(0) { $0 + $1.width + Self.separator.count } }
        while used() + minimumURLWidth + 1 > totalWidth {
            let shrinkable = columns.indices.filter {
                columns[$0].width > minimumWidths[columns[$0].title, default: .max]
            }
            guard let widest = shrinkable.max(by: { columns[$0].width < columns[$1].width }) else { break }
            columns[widest].width -= 1
        }
        columns.append(Column(title: "URL", width: max(totalWidth - used() - 1, minimumURLWidth)))
        self.columns = columns
    }

    var header: [UInt8] {
        let output = OutputBuffer()
        for (index, column) in columns.enumerated() {
            appendCell(column.title, column, isLast: index == columns.count - 1, output)
        }
        output.removeTrailingSpaces()
        output.append(UInt8(ascii: "\n"))
        return output.bytes
    }

    func encodeSource(_ source: String) -> [UInt8] {
        let output = OutputBuffer()
        appendCell(source, columns[0], isLast: false, output)
        return output.bytes
    }

    /// The table shows no extras: an error's message already says when its offset counts in the payload.
    func writeDecoded(
        _ record: PushInputDecoder.Record,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        let notification = record.notification
        let cells = [
            line > 0 ? String(line) : "", "ok",
            (notification.vendor?.name ?? Tally.unknownVendor) + (notification.alsoMatching.isEmpty ? "" : "+"),
            notification.isSilent ? "yes" : "no",
            // A send request's rows name their platform where a payload's show its shape.
            record.delivery?.platform.name ?? notification.shape.rawValue,
            notification.messageID ?? "", notification.title ?? notification.body ?? "",
            notification.defaultAction.kind.name, notification.defaultAction.url ?? "",
        ]
        output.append(source)
        for (index, cell) in cells.enumerated() {
            appendCell(cell, columns[index + 1], isLast: index == cells.count - 1, output)
        }
        output.removeTrailingSpaces()
        output.append(UInt8(ascii: "\n"))
    }

    func writeError(
        _ error: PushPayloadError,
        extras: RecordExtras?,
        source: [UInt8],
        line: Int,
        into output: OutputBuffer
    ) {
        output.append(source)
        appendCell(line > 0 ? String(line) : "", columns[1], isLast: false, output)
        appendCell("error", columns[2], isLast: false, output)
        let rest = columns[3...].reduce(0) { $0 + $1.width } + (columns.count - 4) * Self.separator.count
        appendCell(error.description, Column(title: "", width: rest), isLast: true, output)
        output.removeTrailingSpaces()
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends `text` fitted to the column, then the separator (or nothing after the last column, so
    /// lines carry no trailing spaces).
    private func appendCell(_ text: String, _ column: Column, isLast: Bool, _ output: OutputBuffer) {
        let (fitted, width) = Self.fit(text, width: column.width, keepingEnd: column.keepsEnd)
        let padding = column.width - width
        if column.alignsRight { for _ in 0..<padding { output.append(UInt8(ascii: " ")) } }
        output.append(string: fitted)
        guard !isLast else { return }
        if !column.alignsRight { for _ in 0..<padding { output.append(UInt8(ascii: " ")) } }
        output.append(string: Self.separator)
    }

    /// `text` cut to `width` terminal columns with `…` where it was cut, and the columns it takes.
    static func fit(_ text: String, width: Int, keepingEnd: Bool = false) -> (text: String, width: Int) {
        let shown = text.unicodeScalars.map { isControl($0) ? " " : $0 }
        let total = shown.reduce(0) { $0 + displayWidth($1) }
        if total <= width { return (String(String.UnicodeScalarView(shown)), total) }
        guard width > 0 else { return ("", 0) }
        // Room for the ellipsis, which takes one column.
        var budget = width - 1
        var kept: [Unicode.Scalar] = []
        for scalar in keepingEnd ? Array(shown.reversed()) : shown {
            guard displayWidth(scalar) <= budget else { break }
            budget -= displayWidth(scalar)
            kept.append(scalar)
        }
        let fitted: [Unicode.Scalar] = keepingEnd ? ["…"] + kept.reversed() : kept + ["…"]
        return (String(String.UnicodeScalarView(fitted)), width - budget)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Terminal columns a scalar takes: 0 for combining marks and joiners, 2 for wide characters.
    static func displayWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
