/// A growable byte buffer that JSON is written into: the one output buffer of the package (the record and
/// inspection writers, the command's batches, ``JSONBytesEncoder``). Its JSON strings are the one escaper's
/// (`JSONStringEscaping`).
///
/// It lives in the engine so that `JSONBytesEncoder` writes into it too; its hot members are `@inlinable`, so the
/// writers in other modules inline its appends as they did when it lived beside them.
///
/// Workers encode whole batches of records into one buffer each and the writer hands it to `write(2)`
/// in one call, so nothing on the per-payload path allocates beyond the buffer's occasional growth.
/// It is a class over raw memory rather than an `[UInt8]` because appends are most of the work of
/// writing records, and an array append costs a uniqueness and capacity check each time. A buffer is
/// used by one thread at a time (it travels inside the command's `LineBatch`, whose hand-overs make that
/// safe), so it is not `Sendable` itself and the exclusivity checks of its properties are turned off.
package final class OutputBuffer {
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline package internal(set) var count = 0
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    package init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inlinable package var isEmpty: Bool { count == 0 }

    /// A copy of the bytes written so far.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inlinable package func removeAll() { count = 0 }

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

    @inlinable @inline(__always)
    package func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends an ASCII literal.
    @inlinable @inline(__always)
    package func append(_ text: StaticString) {
        append(UnsafeRawPointer(text.utf8Start), count: text.utf8CodeUnitCount)
    }

    @inlinable @inline(__always)
    package func append(_ source: UnsafeRawPointer, count length: Int) {
        reserve(length)
        UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: length)
        count += length
    }

    @inlinable
    package func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress else { return }
        append(source, count: buffer.count)
    }

    @inlinable
    package func append(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// Appends the UTF-8 of `text` unescaped.
    @inlinable
    package func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Drops spaces at the end, so padded rows carry no trailing blanks.
    package func removeTrailingSpaces() {
        while count > 0 && base[count - 1] == UInt8(ascii: " ") { count -= 1 }
    }

    /// Appends `value` in decimal without going through `String`.
    @inlinable
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
    @inlinable
    package func withBytes<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: JSON

    /// Appends a member's name and colon after the byte before it, `,"key":` or (`opensObject`) `{"key":`: in one
    /// reservation and without a branch, as a record's members are most of its bytes (``PushRecordBytes``). `key` is
    /// plain ASCII needing no escape.
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
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
    @inlinable
    package func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Appends `text` as a JSON string, or `null`.
    @inlinable
    package func appendJSONString(orNull text: String?) {
        if let text { appendJSONString(text) } else { append("null") }
    }

    /// Appends `text` between quotes as it is: text that needs no escape (a JSON string written without
    /// any, ``PushPayloadsJSON/JSONValue``'s verbatim text).
    @inlinable
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
    @inlinable @inline(__always)
    package func appendJSONString(utf8 text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count * 6 + 2)  // JSONStringEscaping.maximumLength(of:), inline
        count += JSONStringEscaping.write(utf8: text, to: base + count)
    }

    /// Appends a JSON string from its text as written in a document (between the quotes, escapes and
    /// all) when every escape in it is one ``appendJSONString(utf8:)`` writes for the character it stands
    /// for (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`): the bytes are then what decoding and escaping again
    /// would write, copied in one pass. Returns `false`, having written nothing, for any other escape
    /// (`\/`, `\u…`), which the caller decodes and writes with ``appendJSONString(utf8:)``.
    @inlinable
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
