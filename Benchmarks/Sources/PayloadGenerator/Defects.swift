/// Breaks a valid payload in the ways real captures are broken.
enum Defects {
    /// Rewrites the valid JSON object in `bytes` so that it is invalid through `defect`.
    static func apply(_ defect: PayloadGenerator.Defect, to bytes: inout [UInt8], _ rng: inout SeededRandom) {
        switch defect {
        case .none:
            return
        case .truncated:
            // Any proper prefix of an object is invalid: at the least its closing brace is missing.
            bytes.removeLast(bytes.count - 1 - rng.below(bytes.count - 1))
        case .invalidUTF8:
            invalidUTF8(&bytes, &rng)
        case .trailingComma:
            trailingComma(&bytes, &rng)
        case .duplicateKey:
            duplicateKey(&bytes, &rng)
        case .badEscape:
            badEscape(&bytes, &rng)
        }
    }

    private static let badEscapes: [[UInt8]] = [
        Array(#"\x41"#.utf8),  // not an escape JSON has
        Array(#"\'"#.utf8),  // JavaScript's, not JSON's
        Array(#"\u12 "#.utf8),  // too few hex digits
        Array(#"\u00G9"#.utf8),  // a digit that is not hex
        Array(#"\uDC00"#.utf8),  // a low surrogate with no high one before it
        Array(#"\U0041"#.utf8),  // capital U
    ]

    /// Puts a backslash that starts no valid escape inside a string.
    private static func badEscape(_ bytes: inout [UInt8], _ rng: inout SeededRandom) {
        let positions = stringContentPositions(bytes)
        let at = positions.isEmpty ? bytes.count / 2 : positions[rng.below(positions.count)]
        bytes.insert(contentsOf: rng.pick(badEscapes), at: at)
    }

    private static let badSequences: [[UInt8]] = [
        [0xFF],  // never in UTF-8
        [0xC0, 0xAF],  // overlong '/'
        [0x80],  // continuation byte with no lead
        [0xED, 0xA0, 0x80],  // an encoded UTF-16 surrogate
        [0xE3, 0x81],  // a truncated three-byte sequence
        [0xE9],  // Latin-1 'é' in a UTF-8 payload, the classic
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
    ]

    /// Puts an invalid sequence inside a string, where only the UTF-8 check can catch it.
    private static func invalidUTF8(_ bytes: inout [UInt8], _ rng: inout SeededRandom) {
        let positions = stringContentPositions(bytes)
        let at = positions.isEmpty ? bytes.count / 2 : positions[rng.below(positions.count)]
        bytes.insert(contentsOf: rng.pick(badSequences), at: at)
    }

    /// Adds a comma before a closing bracket or brace that follows a value.
    private static func trailingComma(_ bytes: inout [UInt8], _ rng: inout SeededRandom) {
        var closers: [Int] = []
        forEachStructural(bytes) { index, _ in
            let byte = bytes[index]
            if (byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")) && index > 0 {
                let previous = bytes[index - 1]
                if previous != UInt8(ascii: "{") && previous != UInt8(ascii: "[") { closers.append(index) }
            }
        }
        // Mostly the last brace, as a hand-edited payload would have it.
        let at = rng.below(2) == 0 || closers.isEmpty ? bytes.count - 1 : closers[rng.below(closers.count)]
        bytes.insert(UInt8(ascii: ","), at: at)
    }

    /// Repeats a top-level member before the closing brace; sometimes the repeat spells its key with a
    /// `\u` escape, so only a parser that compares decoded keys notices.
    private static func duplicateKey(_ bytes: inout [UInt8], _ rng: inout SeededRandom) {
        // Members of the top-level object: from a key's opening quote to the comma or brace after its value.
        var starts: [Int] = []
        var ends: [Int] = []
        forEachStructural(bytes) { index, depth in
            guard depth == 1 else { return }
            let byte = bytes[index]
            if (byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}")) && ends.count < starts.count {
                ends.append(index)
            }
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: ",") {
                var k = index + 1
                while bytes[k] == UInt8(ascii: " ") { k += 1 }
                starts.append(k)
            }
        }
        guard !starts.isEmpty, ends.count == starts.count else {
            bytes.insert(UInt8(ascii: ","), at: bytes.count - 1)
            return
        }
        let member = rng.below(starts.count)
        var copy = Array(bytes[starts[member]..<ends[member]])
        if rng.below(3) == 0 && copy.count > 2 && copy[1] < 0x80 && copy[1] != UInt8(ascii: "\\") {
            // "mcID" becomes "\u006dcID".
            let digits = Array("0123456789abcdef".utf8)
            let first = copy[1]
            copy.replaceSubrange(
                1..<2,
                with: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    digits[Int(first >> 4)], digits[Int(first & 0xF)],
                ]
            )
        }
        bytes.insert(contentsOf: [UInt8(ascii: ",")] + copy, at: bytes.count - 1)
    }

    /// Positions strictly inside string literals (between the quotes), at character boundaries.
    private static func stringContentPositions(_ bytes: [UInt8]) -> [Int] {
        var positions: [Int] = []
        var inString = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte & 0xC0 != 0x80 {
                    positions.append(i)
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
            i += 1
        }
        return positions
    }

    /// Calls `body` with the index and depth (before the byte) of every structural byte outside strings.
    private static func forEachStructural(_ bytes: [UInt8], _ body: (Int, Int) -> Void) {
        var inString = false
        var depth = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    i += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    body(i, depth)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    body(i, depth)
                    depth -= 1
                case UInt8(ascii: ","), UInt8(ascii: ":"):
                    body(i, depth)
                default: break
                }
            }
            i += 1
        }
    }
}
