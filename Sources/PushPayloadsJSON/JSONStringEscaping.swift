/// The one JSON string escaper of the package: `"` and `\` are escaped, control characters become `\n`, `\t`, … or
/// `\u00XX` (lower-case hex), everything else (valid UTF-8, as the parser and `String` guarantee) is copied. The
/// record and inspection writers (through PushRequests' `OutputBuffer`), `JSONBytesEncoder` and the documents the
/// engine builds all spell text so, which is what keeps their bytes equal.
@_spi(Writers) public enum JSONStringEscaping {
    /// The most bytes ``write(utf8:to:)`` writes for `length` bytes of text: every byte a six-byte `\u00XX`, and
    /// the quotes.
    @inlinable
    public static func maximumLength(of length: Int) -> Int { length * 6 + 2 }

    /// Writes `text` as a quoted JSON string at `output`, which has room for ``maximumLength(of:)`` bytes, and
    /// returns the number of bytes written.
    @inlinable
    public static func write(utf8 text: UnsafeBufferPointer<UInt8>, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let length = text.count
        var output = start
        output.pointee = UInt8(ascii: "\"")
        output += 1
        if let source = text.baseAddress {
            var index = 0
            var runStart = 0
            while index < length {
                // Skip eight plain bytes at a time: most text needs no escaping at all.
                if index + 8 <= length {
                    let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                    if !needsEscape(word) {
                        index += 8
                        continue
                    }
                }
                let byte = source[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                let run = index - runStart
                output.initialize(from: source + runStart, count: run)
                output += run
                output = writeEscape(byte, to: output)
                index += 1
                runStart = index
            }
            let run = length - runStart
            output.initialize(from: source + runStart, count: run)
            output += run
        }
        output.pointee = UInt8(ascii: "\"")
        output += 1
        return start.distance(to: output)
    }

    /// Whether any of the eight bytes is a control character, `"` or `\` (SWAR: the high bit of a lane
    /// is set by the subtraction only where the lane was below the constant).
    @inlinable @inline(__always)
    public static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasZeroQuote = (quote &- ones) & ~quote
        let hasZeroBackslash = (backslash &- ones) & ~backslash
        return (control | hasZeroQuote | hasZeroBackslash) & highs != 0
    }

    @inlinable @inline(__always)
    static func writeEscape(_ byte: UInt8, to output: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        output[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output[1] = byte
        case 0x0A: output[1] = UInt8(ascii: "n")
        case 0x0D: output[1] = UInt8(ascii: "r")
        case 0x09: output[1] = UInt8(ascii: "t")
        case 0x08: output[1] = UInt8(ascii: "b")
        case 0x0C: output[1] = UInt8(ascii: "f")
        default:
            output[1] = UInt8(ascii: "u")
            output[2] = UInt8(ascii: "0")
            output[3] = UInt8(ascii: "0")
            output[4] = hexDigit(byte >> 4)
            output[5] = hexDigit(byte & 0x0F)
            return output + 6
        }
        return output + 2
    }

    @inlinable @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
    }
}

extension [UInt8] {
    /// Appends `text` as a quoted JSON string, escaped by ``JSONStringEscaping``.
    package mutating func appendJSONString(_ text: String) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Appends UTF-8 `text` as a quoted JSON string, escaped by ``JSONStringEscaping``.
    package mutating func appendJSONString(utf8 text: UnsafeBufferPointer<UInt8>) {
        let start = count
        let room = JSONStringEscaping.maximumLength(of: text.count)
        append(contentsOf: repeatElement(0, count: room))
        let written = withUnsafeMutableBufferPointer { buffer in
            JSONStringEscaping.write(utf8: text, to: buffer.baseAddress! + start)
        }
        removeLast(room - written)
    }
}
