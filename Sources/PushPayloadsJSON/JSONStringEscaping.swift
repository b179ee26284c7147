public import Builtin

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
    ///
    /// Sixteen bytes at a time: each group is stored as it is read (the room, six bytes for each one of text, always
    /// covers the sixteen), and a vector compare finds the first byte to escape in it, so plain text costs a load, a
    /// compare and a store a group, with no run to copy afterwards. The last 1 to 15 bytes go as two overlapping
    /// words, or a partial one, when they need no escape.
    @inlinable
    public static func write(utf8 text: UnsafeBufferPointer<UInt8>, to start: UnsafeMutablePointer<UInt8>) -> Int {
        let length = text.count
        var output = start
        output.pointee = UInt8(ascii: "\"")
        output += 1
        if let source = text.baseAddress {
            var index = 0
            while index &+ 16 <= length {
                let mask = escapeMask16(UnsafeRawPointer(source + index))
                UnsafeMutableRawPointer(output).storeBytes(
                    of: UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self),
                    as: SIMD16<UInt8>.self
                )
                if mask == 0 {
                    index &+= 16
                    output += 16
                    continue
                }
                let plain = mask.trailingZeroBitCount
                output = writeEscape(source[index &+ plain], to: output + plain)
                index &+= plain &+ 1
            }
            output = writeTail(source + index, count: length &- index, to: output)
        }
        output.pointee = UInt8(ascii: "\"")
        output += 1
        return start.distance(to: output)
    }

    /// Writes the last `count` (below 16) bytes of a text at `output`, escaped: when none needs an escape, as two
    /// overlapping words (8 bytes or more) or one partial word, without a loop; else byte by byte.
    @inlinable @inline(__always)
    static func writeTail(
        _ source: UnsafePointer<UInt8>,
        count: Int,
        to output: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let raw = UnsafeRawPointer(source)
        let out = UnsafeMutableRawPointer(output)
        if count >= 8 {
            let first = raw.loadUnaligned(as: UInt64.self)
            let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            if !needsEscape(first) && !needsEscape(last) {
                out.storeBytes(of: first, as: UInt64.self)
                out.storeBytes(of: last, toByteOffset: count &- 8, as: UInt64.self)
                return output + count
            }
        } else if count > 0 {
            // The lanes past `count` are zero, which reads as a control character: only the text's lanes count. A
            // borrow in the subtraction runs only upwards, so those lanes are exact.
            let word = JSONStringDecoding.loadPartial(source, count)
            let lanes = (UInt64(1) &<< UInt64(truncatingIfNeeded: count &<< 3)) &- 1
            if escapeLanes(word) & lanes == 0 {
                storePartial(word, count: count, to: out)
                return output + count
            }
        } else {
            return output
        }
        var output = output
        for index in 0..<count {
            let byte = source[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output = writeEscape(byte, to: output)
            } else {
                output.pointee = byte
                output += 1
            }
        }
        return output
    }

    /// Stores the low `count` (1 to 7) bytes of `word` at `output`, writing no byte past them: two overlapping
    /// stores of four or two bytes, or one byte.
    @inlinable @inline(__always)
    static func storePartial(_ word: UInt64, count: Int, to output: UnsafeMutableRawPointer) {
        if count >= 4 {
            output.storeBytes(of: UInt32(truncatingIfNeeded: word), as: UInt32.self)
            output.storeBytes(
                of: UInt32(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: (count &- 4) &<< 3)),
                toByteOffset: count &- 4,
                as: UInt32.self
            )
        } else if count >= 2 {
            output.storeBytes(of: UInt16(truncatingIfNeeded: word), as: UInt16.self)
            output.storeBytes(
                of: UInt16(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: (count &- 2) &<< 3)),
                toByteOffset: count &- 2,
                as: UInt16.self
            )
        } else {
            output.storeBytes(of: UInt8(truncatingIfNeeded: word), as: UInt8.self)
        }
    }

    /// Bit `k` set for each of the 16 bytes at `p` (all readable) that needs an escape: a control character, `"` or
    /// `\`. Flipping bit 1 maps `"` (0x22) to 0x20 and the bytes below 0x20 onto themselves, and nothing else below
    /// 0x21, so one unsigned compare finds both (as the fast scanner's string mask does).
    @inlinable @inline(__always)
    static func escapeMask16(_ p: UnsafeRawPointer) -> UInt32 {
        let bytes = unsafeBitCast(p.loadUnaligned(as: SIMD16<UInt8>.self), to: Builtin.Vec16xInt8.self)
        let flipped = Builtin.xor_Vec16xInt8(
            bytes,
            unsafeBitCast(SIMD16<UInt8>(repeating: 0x02), to: Builtin.Vec16xInt8.self)
        )
        let lanes = Builtin.or_Vec16xInt1(
            Builtin.cmp_ult_Vec16xInt8(
                flipped,
                unsafeBitCast(SIMD16<UInt8>(repeating: 0x21), to: Builtin.Vec16xInt8.self)
            ),
            Builtin.cmp_eq_Vec16xInt8(
                bytes,
                unsafeBitCast(SIMD16<UInt8>(repeating: UInt8(ascii: "\\")), to: Builtin.Vec16xInt8.self)
            )
        )
        return UInt32(UInt16(Builtin.bitcast_Vec16xInt1_Int16(lanes)))
    }

    /// Whether any of the eight bytes is a control character, `"` or `\` (SWAR: the high bit of a lane
    /// is set by the subtraction only where the lane was below the constant).
    @inlinable @inline(__always)
    public static func needsEscape(_ word: UInt64) -> Bool {
        escapeLanes(word) != 0
    }

    /// The high bit of each lane of `word` that is a control character, `"` or `\`; exact for the lowest such
    /// lane, and no lane below it is marked (a borrow runs only upwards), so a lane above one marked may be too.
    @inlinable @inline(__always)
    static func escapeLanes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasZeroQuote = (quote &- ones) & ~quote
        let hasZeroBackslash = (backslash &- ones) & ~backslash
        return (control | hasZeroQuote | hasZeroBackslash) & highs
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
