import PushPayloads
@_spi(Writers) import PushPayloadsJSON

// The command's CSV output (`--format csv`, `--keep` columns), kept with the command rather than in the engine's buffer.
extension OutputBuffer {
    /// Appends `text` as one RFC 4180 field: quoted, with quotes doubled, only when it holds a comma, a
    /// quote, CR or LF (leading or trailing spaces are kept as they are, which RFC 4180 allows).
    ///
    /// A field a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or CR, and
    /// is not a plain number or a lone `-`) is neutralised as OWASP's "CSV Injection" page recommends:
    /// a `'` before it, and the whole field quoted.
    func appendCSVField(_ text: String) {
        var text = text
        text.withUTF8 { appendCSVField(utf8: $0) }
    }

    func appendCSVField(utf8 text: UnsafeBufferPointer<UInt8>) {
        let isFormula = Self.startsFormula(text)
        let needsQuotes =
            isFormula
            || text.contains {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            }
        guard needsQuotes, let source = text.baseAddress else {
            append(text)
            return
        }
        append(UInt8(ascii: "\""))
        if isFormula { append(UInt8(ascii: "'")) }
        var runStart = 0
        for index in 0..<text.count where source[index] == UInt8(ascii: "\"") {
            // Copy through this quote, then double it.
            append(source + runStart, count: index + 1 - runStart)
            append(UInt8(ascii: "\""))
            runStart = index + 1
        }
        append(source + runStart, count: text.count - runStart)
        append(UInt8(ascii: "\""))
    }

    /// Whether a spreadsheet would read the field as a formula: it starts with `=`, `+`, `-`, `@`, a
    /// tab or CR (OWASP's list), and it is not a plain number such as `-1.5` nor a lone `-`.
    static func startsFormula(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first else { return false }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D: return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let rest = text.dropFirst()
            guard !rest.isEmpty || first == UInt8(ascii: "+") else { return false }
            let isNumber =
                !rest.isEmpty && rest.first != UInt8(ascii: ".")
                && rest.allSatisfy { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
                && rest.count(where: { $0 == UInt8(ascii: ".") }) <= 1
            return !isNumber
        default: return false
        }
    }
}
