/// The scalar string code of `887f5e4`, kept as the oracle of the vector versions that replaced it
/// (`JSONStringVectorTests`): `JSONStringEscaping.write(utf8:to:)`, `OutputBuffer.appendEscapedJSONString(raw:)` and
/// `JSONStringDecoding.unescape(_:count:into:)`, as they were, with only what made them members of the engine's types
/// changed (the respelling returns its bytes instead of appending them).
enum ScalarStringOracle {
    static func write(utf8 text: UnsafeBufferPointer<UInt8>, to start: UnsafeMutablePointer<UInt8>) -> Int {
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

    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasZeroQuote = (quote &- ones) & ~quote
        let hasZeroBackslash = (backslash &- ones) & ~backslash
        return (control | hasZeroQuote | hasZeroBackslash) & highs != 0
    }

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
            output[4] = nibbleDigit(byte >> 4)
            output[5] = nibbleDigit(byte & 0x0F)
            return output + 6
        }
        return output + 2
    }

    static func nibbleDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
    }

    static func hexDigit(_ byte: UInt8) -> Int {
        let digit = Int(byte &- UInt8(ascii: "0"))
        if digit < 10 { return digit }
        let letter = Int((byte | 0x20) &- UInt8(ascii: "a"))
        return letter < 6 ? letter &+ 10 : -1
    }

    /// The value of the four hexadecimal digits at `p`, or -1: the scanners' check of a `\u` escape, and
    /// the decoding of one they accepted.
    static func hex4(_ p: UnsafePointer<UInt8>) -> Int {
        var value = 0
        for k in 0..<4 {
            let digit = hexDigit(p[k])
            guard digit >= 0 else { return -1 }
            value = value << 4 | digit
        }
        return value
    }

    static func unescape(
        _ source: UnsafePointer<UInt8>,
        count: Int,
        into destination: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var i = 0
        var o = 0
        while i < count {
            // Runs without a backslash (JSON embedded in a string is mostly plain text between `\"`s),
            // eight bytes at a time: o <= i, so the whole word fits in `destination` too.
            while i &+ 8 <= count {
                let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                let x = word ^ 0x5C5C_5C5C_5C5C_5C5C
                // The lowest set high bit marks the first backslash exactly.
                let backslashes = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
                UnsafeMutableRawPointer(destination + o).storeBytes(of: word, as: UInt64.self)
                if backslashes != 0 {
                    let plain = backslashes.trailingZeroBitCount &>> 3
                    i &+= plain
                    o &+= plain
                    break
                }
                i &+= 8
                o &+= 8
            }
            guard i < count else { break }
            let byte = source[i]
            if byte != UInt8(ascii: "\\") {
                destination[o] = byte
                i += 1
                o += 1
                continue
            }
            let escape = source[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): destination[o] = 0x08
            case UInt8(ascii: "f"): destination[o] = 0x0C
            case UInt8(ascii: "n"): destination[o] = 0x0A
            case UInt8(ascii: "r"): destination[o] = 0x0D
            case UInt8(ascii: "t"): destination[o] = 0x09
            case UInt8(ascii: "u"):
                var scalar = UInt32(truncatingIfNeeded: hex4(source + i))
                i += 4
                if scalar & 0xFC00 == 0xD800 {
                    // The scanner guarantees a low surrogate escape follows.
                    let low = UInt32(truncatingIfNeeded: hex4(source + i + 2))
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                // A valid scalar: the scanner accepts surrogates only in pairs.
                UTF8.encode(Unicode.Scalar(scalar).unsafelyUnwrapped) { unit in
                    destination[o] = unit
                    o += 1
                }
                continue
            default: destination[o] = escape  // ", \ and /
            }
            o += 1
        }
        return o
    }

    /// The bytes `OutputBuffer.appendEscapedJSONString(raw:)` wrote for `text`, or nil where it gave up.
    static func respell(raw text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let source = text.baseAddress else { return [UInt8(ascii: "\""), UInt8(ascii: "\"")] }
        let length = text.count
        // No escape writes more bytes than it is spelled with (six for `\u00XX`, at most three of UTF-8 for one of
        // six, four for a pair of twelve), so the text and the quotes are enough room.
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: length + 2)
        defer { base.deallocate() }
        var output = base
        output.pointee = UInt8(ascii: "\"")
        output += 1
        // Raw JSON text holds no quote or control character unescaped, and each escape is at least two bytes: only
        // backslashes need a look.
        var index = 0
        var runStart = 0
        while index < length {
            if index + 8 <= length {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                if (backslash &- 0x0101_0101_0101_0101) & ~backslash & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            if source[index] != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            guard index + 1 < length else { return nil }
            let escape = source[index + 1]
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"),
                UInt8(ascii: "b"), UInt8(ascii: "f"):
                index += 2
                continue
            case UInt8(ascii: "/"), UInt8(ascii: "u"):
                break
            default:
                return nil
            }
            // Runs between escapes are short in escaped text (none between the `\u` escapes of CJK text): a call
            // to copy none cost more than the escape.
            let run = index - runStart
            if run > 0 {
                output.update(from: source + runStart, count: run)
                output += run
            }
            if escape == UInt8(ascii: "/") {
                output.pointee = UInt8(ascii: "/")
                output += 1
                index += 2
                runStart = index
                continue
            }
            guard index + 6 <= length else { return nil }
            let unit = hex4(source + index + 2)
            guard unit >= 0 else { return nil }
            index += 6
            if unit < 0x80 {
                if unit < 0x20 || unit == 0x22 || unit == 0x5C {
                    output = writeEscape(UInt8(truncatingIfNeeded: unit), to: output)
                } else {
                    output.pointee = UInt8(truncatingIfNeeded: unit)
                    output += 1
                }
            } else if unit < 0x800 {
                output[0] = UInt8(truncatingIfNeeded: 0xC0 | unit >> 6)
                output[1] = UInt8(truncatingIfNeeded: 0x80 | unit & 0x3F)
                output += 2
            } else if unit & 0xF800 != 0xD800 {
                output[0] = UInt8(truncatingIfNeeded: 0xE0 | unit >> 12)
                output[1] = UInt8(truncatingIfNeeded: 0x80 | unit >> 6 & 0x3F)
                output[2] = UInt8(truncatingIfNeeded: 0x80 | unit & 0x3F)
                output += 3
            } else {
                // A surrogate: only a high one followed by an escaped low one is text a parser accepted.
                guard unit < 0xDC00, index + 6 <= length, source[index] == UInt8(ascii: "\\"),
                    source[index + 1] == UInt8(ascii: "u")
                else { return nil }
                let low = hex4(source + index + 2)
                guard low & 0xFC00 == 0xDC00 else { return nil }
                index += 6
                let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                output[0] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                output[1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                output[2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                output[3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                output += 4
            }
            runStart = index
        }
        let run = length - runStart
        if run > 0 {
            output.update(from: source + runStart, count: run)
            output += run
        }
        output.pointee = UInt8(ascii: "\"")
        return Array(UnsafeBufferPointer(start: base, count: output - base + 1))
    }
}
