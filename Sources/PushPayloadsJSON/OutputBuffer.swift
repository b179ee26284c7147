/// A growable byte buffer that JSON is written into: the one output buffer of the package (the record and
/// inspection writers, the command's batches, ``JSONBytesEncoder``). Its JSON strings are the one escaper's
/// (`JSONStringEscaping`).
///
/// It lives in the engine so that `JSONBytesEncoder` writes into it too. It is public under the `Writers` SPI
/// (`@_spi(Writers) import PushPayloadsJSON`), not `package`, because this toolchain inlines a `package` member's
/// `@inlinable` body into no other module: the record writer's appends would become calls (+2.2% instructions a
/// line on the classify path, measured). Public-under-SPI bodies are inlined, and users see no new API.
///
/// Workers encode whole batches of records into one buffer each and the writer hands it to `write(2)`
/// in one call, so nothing on the per-payload path allocates beyond the buffer's occasional growth.
/// It is a class over raw memory rather than an `[UInt8]` because appends are most of the work of
/// writing records, and an array append costs a uniqueness and capacity check each time. A buffer is
/// used by one thread at a time (it travels inside the command's `LineBatch`, whose hand-overs make that
/// safe), so it is not `Sendable` itself and the exclusivity checks of its properties are turned off.
@_spi(Writers) public final class OutputBuffer {
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// The number of bytes written.
    @exclusivity(unchecked) public var count = 0
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes (at least 16) before it grows.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Whether nothing has been written since the buffer was made or emptied.
    @inlinable public var isEmpty: Bool { count == 0 }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Empties the buffer, keeping its memory for what is written next.
    @inlinable public func removeAll() { count = 0 }

    /// Makes room for `additional` more bytes.
    @inlinable @inline(__always)
    func reserve(_ additional: Int) {
        if count + additional > capacity { grow(count + additional) }
    }

    @usableFromInline
    func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends an ASCII literal.
    @inlinable @inline(__always)
    public func append(_ text: StaticString) {
        append(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
    }

    /// Appends `length` bytes from `source`.
    @inlinable @inline(__always)
    public func append(_ source: UnsafeRawPointer, count length: Int) {
        reserve(length)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: length)
        count += length
    }

    /// Appends the bytes of `buffer`.
    @inlinable @inline(__always)
    public func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        append(source, count: buffer.count)
    }

    /// Appends the bytes of `other`.
    @inlinable
    public func append(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 of `text` unescaped.
    @inlinable
    public func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Drops spaces at the end, so padded rows carry no trailing blanks.
    public func removeTrailingSpaces() {
        while count > 0 && base[count - 1] == UInt8(ascii: " ") { count -= 1 }
    }

    /// Appends `value` in decimal without going through `String`.
    @inlinable
    public func appendDecimal(_ value: Int) {
        // A sign and the 20 digits of the largest magnitude.
        reserve(21)
        var output = base + count
        if value < 0 {
            output.pointee = UInt8(ascii: "-")
            output += 1
        }
        // The magnitude is a `UInt`: that of `Int.min` does not fit in `Int`. Its digits are written backwards at
        // the end of the room reserved, then moved to the front: one division a digit, where counting the digits
        // first took two.
        var magnitude = value.magnitude
        let end = output + 20
        var start = end
        repeat {
            start -= 1
            start.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        let digits = end - start
        UnsafeMutableRawPointer(output).copyMemory(from: start, byteCount: digits)
        count = output - base + digits
    }

    /// Hands the bytes to `body`, rethrowing its typed error (what a public writer's `withBytes` forwards).
    @inlinable
    public func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: JSON

    /// Appends a member's name and colon after the byte before it, `,"key":` or (`opensObject`) `{"key":`: in one
    /// reservation and without a branch, as a record's members are most of its bytes (``PushRecordBytes``). `key` is
    /// plain ASCII needing no escape.
    @inlinable @inline(__always)
    public func appendMemberName(_ key: StaticString, opensObject: Bool) {
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
    @inlinable @inline(__always)
    public func appendQuoted(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length + 2)
        let output = base + count
        output.pointee = UInt8(ascii: "\"")
        (output + 1).update(from: text.utf8Start, count: length)
        output[length + 1] = UInt8(ascii: "\"")
        count += length + 2
    }

    /// Appends `text` as a quoted JSON string.
    @inlinable
    public func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Appends `text` as a JSON string, or `null`.
    @inlinable
    public func appendJSONString(orNull text: String?) {
        if let text { appendJSONString(text) } else { append("null") }
    }

    /// Appends `text` between quotes as it is: text that needs no escape (a JSON string written without
    /// any, ``PushPayloadsJSON/JSONValue``'s verbatim text).
    @inlinable @inline(__always)
    public func appendQuoted(utf8 text: UnsafeBufferPointer<UInt8>) {
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
    @inlinable @inline(__always)
    public func appendJSONString(utf8 text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count * 6 + 2)  // JSONStringEscaping.maximumLength(of:), inline
        count += JSONStringEscaping.write(utf8: text, to: base + count)
    }

    /// Appends a JSON string from its text as written in a document (between the quotes, escapes and all), spelled
    /// as decoding it and writing it with ``appendJSONString(utf8:)`` would spell it, in one pass: runs of plain text
    /// and the escapes that writer writes for the character they stand for (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`,
    /// `\f`) are copied; `\/` becomes `/`; a `\u` escape becomes its character's UTF-8, or the writer's escape for a
    /// control character, quote or backslash. Returns `false`, having written nothing, for text a parser would have
    /// refused (a lone surrogate, a cut escape), which the caller decodes itself.
    ///
    /// Decoding into a temporary buffer and escaping again cost a record about 240 instructions for each title or
    /// body written with `\/` or `\u` (callgrind, push capture).
    @inlinable
    public func appendEscapedJSONString(raw text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let source = text.baseAddress else {
            appendQuoted(utf8: text)
            return true
        }
        let length = text.count
        // No escape writes more bytes than it is spelled with (six for `\u00XX`, at most three of UTF-8 for one of
        // six, four for a pair of twelve), so the text and the quotes are enough room.
        reserve(length + 2)
        var output = base + count
        output.pointee = UInt8(ascii: "\"")
        output += 1
        // Raw JSON text holds no quote or control character unescaped, and each escape is at least two bytes: only
        // backslashes need a look. Runs go sixteen bytes at a time (`JSONStringDecoding.copyPlainStep`, which the
        // unescape shares), each group stored as it is read (the output is never ahead of the input, so the room
        // covers it) and the first backslash in it found by a vector compare; the next group is read from just after
        // that escape.
        var index = 0
        while index < length {
            guard JSONStringDecoding.copyPlainStep(source, at: &index, count: length, to: &output) else { continue }
            // source[index] is a backslash.
            guard index &+ 1 < length else { return false }
            let escape = source[index &+ 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"),
                UInt8(ascii: "b"), UInt8(ascii: "f"):
                output[0] = UInt8(ascii: "\\")
                output[1] = escape
                output += 2
                index &+= 2
                continue
            case UInt8(ascii: "/"):
                output.pointee = UInt8(ascii: "/")
                output += 1
                index &+= 2
                continue
            case UInt8(ascii: "u"):
                break
            default:
                return false
            }
            guard index &+ 6 <= length else { return false }
            let unit = JSONStringDecoding.hex4(source + (index &+ 2))
            guard unit >= 0 else { return false }
            index &+= 6
            if unit < 0x80 {
                if unit < 0x20 || unit == 0x22 || unit == 0x5C {
                    output = JSONStringEscaping.writeEscape(UInt8(truncatingIfNeeded: unit), to: output)
                } else {
                    output.pointee = UInt8(truncatingIfNeeded: unit)
                    output += 1
                }
            } else if unit & 0xF800 != 0xD800 {
                output += JSONStringDecoding.encodeUTF8(unit, to: output)
            } else {
                // A surrogate: only a high one followed by an escaped low one is text a parser accepted.
                guard unit < 0xDC00, index &+ 6 <= length, source[index] == UInt8(ascii: "\\"),
                    source[index &+ 1] == UInt8(ascii: "u")
                else { return false }
                let low = JSONStringDecoding.hex4(source + (index &+ 2))
                guard low & 0xFC00 == 0xDC00 else { return false }
                index &+= 6
                let scalar = 0x10000 &+ ((unit &- 0xD800) &<< 10) &+ (low &- 0xDC00)
                output += JSONStringDecoding.encodeUTF8(scalar, to: output)
            }
        }
        output.pointee = UInt8(ascii: "\"")
        count = output - base + 1
        return true
    }

    // MARK: Copies

    /// The bytes the buffer holds before it grows again.
    public var reservedCapacity: Int { capacity }

    /// A buffer of its own holding the same bytes, for a value that shares this one to write into
    /// (`PushInspectionWriter`'s copy on write).
    public func copy() -> OutputBuffer {
        let copy = OutputBuffer(capacity: capacity)
        copy.append(UnsafeRawPointer(base), count: count)
        return copy
    }
}
