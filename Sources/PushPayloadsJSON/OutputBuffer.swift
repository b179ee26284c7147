import PushPayloads

/// A growable byte buffer that records are encoded into: the one output buffer of the record and inspection writers
/// and the command's batches. Its JSON strings are ``PushPayloadsJSON``'s one escaper's (`JSONStringEscaping`).
///
/// Workers encode whole batches of records into one buffer each and the writer hands it to `write(2)`
/// in one call, so nothing on the per-payload path allocates beyond the buffer's occasional growth.
/// It is a class over raw memory rather than an `[UInt8]` because appends are most of the work of
/// writing records, and an array append costs a uniqueness and capacity check each time. A buffer is
/// used by one thread at a time (it travels inside its ``LineBatch``, whose hand-overs make that
/// safe), so it is not `Sendable` itself and the exclusivity checks of its properties are turned off.
package final class OutputBuffer {
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    package init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    package var isEmpty: Bool { count == 0 }

    /// A copy of the bytes written so far.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    package func removeAll() { count = 0 }

    /// Makes room for `additional` more bytes.
    @inline(__always)
    private func reserve(_ additional: Int) {
        if count + additional > capacity { grow(count + additional) }
    }

    private func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always)
    package func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends an ASCII literal.
    @inline(__always)
    package func append(_ text: StaticString) {
        append(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
    }

    @inline(__always)
    package func append(_ source: UnsafeRawPointer, count length: Int) {
        reserve(length)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: length)
        count += length
    }

    package func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        append(source, count: buffer.count)
    }

    package func append(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 of `text` unescaped.
    package func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Drops spaces at the end, so padded rows carry no trailing blanks.
    package func removeTrailingSpaces() {
        while count > 0 && base[count - 1] == UInt8(ascii: " ") { count -= 1 }
    }

    /// Appends `value` in decimal without going through `String`.
    package func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        // The magnitude is a `UInt`: that of `Int.min` does not fit in `Int`.
        var value = value.magnitude
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        reserve(digits)
        var position = count + digits
        repeat {
            position -= 1
            base[position] = UInt8(ascii: "0") &+ UInt8(value % 10)
            value /= 10
        } while value > 0
        count += digits
    }

    /// Hands the bytes to `body`, rethrowing its typed error (what a public writer's `withBytes` forwards).
    package func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: JSON

    /// Appends a member's name and colon after the byte before it, `,"key":` or (`opensObject`) `{"key":`: in one
    /// reservation and without a branch, as a record's members are most of its bytes (``PushRecordBytes``). `key` is
    /// plain ASCII needing no escape.
    @inline(__always)
    package func appendMemberName(_ key: StaticString, opensObject: Bool) {
        let length = key.utf8CodeUnitCount
        reserve(length + 4)
        let output = base + count
        output[0] = opensObject ? UInt8(ascii: "{") : UInt8(ascii: ",")
        output[1] = UInt8(ascii: "\"")
        (output + 2).update(from: key.utf8Start, count: length)
        output[length + 2] = UInt8(ascii: "\"")
        output[length + 3] = UInt8(ascii: ":")
        count += length + 4
    }

    /// Appends `text`, ASCII needing no escape, between quotes: in one reservation.
    @inline(__always)
    package func appendQuoted(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length + 2)
        let output = base + count
        output.pointee = UInt8(ascii: "\"")
        (output + 1).update(from: text.utf8Start, count: length)
        output[length + 1] = UInt8(ascii: "\"")
        count += length + 2
    }

    /// Appends `text` as a quoted JSON string.
    package func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Appends `text` as a JSON string, or `null`.
    package func appendJSONString(orNull text: String?) {
        if let text { appendJSONString(text) } else { append("null") }
    }

    /// Appends `text` between quotes as it is: text that needs no escape (a JSON string written without
    /// any, ``PushPayloadsJSON/JSONValue``'s verbatim text).
    package func appendQuoted(utf8 text: UnsafeBufferPointer<UInt8>) {
        let length = text.count
        reserve(length + 2)
        let output = base + count
        output.pointee = UInt8(ascii: "\"")
        if let source = text.baseAddress { (output + 1).update(from: source, count: length) }
        output[length + 1] = UInt8(ascii: "\"")
        count += length + 2
    }

    /// Appends UTF-8 text as a quoted JSON string, escaped by ``JSONStringEscaping``: the one spelling of text
    /// the library writes.
    @inline(__always)
    package func appendJSONString(utf8 text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count * 6 + 2)  // JSONStringEscaping.maximumLength(of:), inline
        count += JSONStringEscaping.write(utf8: text, to: base + count)
    }

    /// Appends a JSON string from its text as written in a document (between the quotes, escapes and
    /// all) when every escape in it is one ``appendJSONString(utf8:)`` writes for the character it stands
    /// for (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`): the bytes are then what decoding and escaping again
    /// would write, copied in one pass. Returns `false`, having written nothing, for any other escape
    /// (`\/`, `\u…`), which the caller decodes and writes with ``appendJSONString(utf8:)``.
    package func appendEscapedJSONString(raw text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = text.baseAddress else { return false }
        let length = text.count
        // Raw JSON text holds no quote or control character unescaped, and each escape is at least two
        // bytes: only backslashes need a look.
        var index = 0
        while index < length {
            if index + 8 <= length {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                if (backslash &- 0x0101_0101_0101_0101) & ~backslash & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            if source[index] == UInt8(ascii: "\\") {
                guard index + 1 < length else { return false }
                switch source[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"),
                    UInt8(ascii: "b"), UInt8(ascii: "f"):
                    index += 2
                default:
                    return false
                }
            } else {
                index += 1
            }
        }
        appendQuoted(utf8: text)
        return true
    }

    // MARK: CSV

    /// Appends `text` as one RFC 4180 field: quoted, with quotes doubled, only when it holds a comma, a
    /// quote, CR or LF (leading or trailing spaces are kept as they are, which RFC 4180 allows).
    ///
    /// A field a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or CR, and
    /// is not a plain number or a lone `-`) is neutralised as OWASP's "CSV Injection" page recommends:
    /// a `'` before it, and the whole field quoted.
    package func appendCSVField(_ text: String) {
        var text = text
        text.withUTF8 { appendCSVField(utf8: $0) }
    }

    package func appendCSVField(utf8 text: UnsafeBufferPointer<UInt8>) {
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
    package static func startsFormula(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
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

    // MARK: Copies

    /// The bytes the buffer holds before it grows again.
    package var reservedCapacity: Int { capacity }

    /// A buffer of its own holding the same bytes, for a value that shares this one to write into
    /// (`PushInspectionWriter`'s copy on write).
    package func copy() -> OutputBuffer {
        let copy = OutputBuffer(capacity: capacity)
        copy.append(UnsafeRawPointer(base), count: count)
        return copy
    }
}
