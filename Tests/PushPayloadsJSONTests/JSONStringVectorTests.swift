@_spi(Writers) @testable import PushPayloadsJSON
import Testing

/// The string code that reads 16 bytes at a time (`JSONStringEscaping.write(utf8:to:)`,
/// `OutputBuffer.appendEscapedJSONString(raw:)`, `JSONStringDecoding.unescape(_:count:into:)`) against the scalar code
/// it replaced (``ScalarStringOracle``): every byte value at every position of short strings, every escape form at
/// every position, random UTF-8 and escaped text, and text a parser refuses. Inputs sit in allocations of exactly their
/// length and outputs are followed by guard bytes, so a read or write past either shows (under AddressSanitizer for
/// reads, here for writes).
@Suite("String escaping and unescaping against the scalar oracle")
struct JSONStringVectorTests {
    /// A fixed-seed generator (SplitMix64): the same cases on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static let guardByte: UInt8 = 0xA5
    static let guardCount = 32

    /// Calls `body` with `bytes` in an allocation of exactly their length.
    static func withExactAllocation<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        defer { copy.deallocate() }
        _ = copy.initialize(from: bytes)
        return body(UnsafeBufferPointer(copy))
    }

    /// What `write` produces into room of `capacity` bytes followed by guard bytes: the bytes, and whether the guard
    /// bytes are intact.
    static func written(
        _ capacity: Int,
        _ write: (UnsafeMutablePointer<UInt8>) -> Int
    ) -> (bytes: [UInt8], guardIntact: Bool) {
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity + guardCount)
        defer { output.deallocate() }
        output.initialize(repeating: guardByte, count: capacity + guardCount)
        let count = write(output)
        let bytes = Array(UnsafeBufferPointer(start: output, count: count))
        let guardIntact = (capacity..<(capacity + guardCount)).allSatisfy { output[$0] == guardByte }
        return (bytes, guardIntact)
    }

    /// Escapes `text` with the new and the old writer; records an issue when they differ or the new one writes past its
    /// room. Returns whether they agreed.
    @discardableResult
    static func checkEscaping(_ text: [UInt8]) -> Bool {
        withExactAllocation(text) { source in
            let room = JSONStringEscaping.maximumLength(of: source.count)
            let new = written(room) { JSONStringEscaping.write(utf8: source, to: $0) }
            let old = written(room) { ScalarStringOracle.write(utf8: source, to: $0) }
            guard new.bytes == old.bytes, new.guardIntact else {
                Issue.record("escaping \(text): \(new.bytes) against \(old.bytes), guard intact: \(new.guardIntact)")
                return false
            }
            return true
        }
    }

    /// Unescapes the valid escaped text `text` with the new and the old decoder, into room of exactly its length.
    @discardableResult
    static func checkUnescaping(_ text: [UInt8]) -> Bool {
        withExactAllocation(text) { source in
            let count = source.count
            let start = source.baseAddress ?? UnsafePointer(bitPattern: 1)!
            let new = written(count) { JSONStringDecoding.unescape(start, count: count, into: $0) }
            let old = written(count) { ScalarStringOracle.unescape(start, count: count, into: $0) }
            guard new.bytes == old.bytes, new.guardIntact else {
                Issue.record("unescaping \(text): \(new.bytes) against \(old.bytes), guard intact: \(new.guardIntact)")
                return false
            }
            return true
        }
    }

    /// Respells the raw text `text` with the new writer (after a few bytes already in the buffer) and the old; both must
    /// give up, or write the same bytes. Returns whether the new one wrote (`nil` on a disagreement).
    @discardableResult
    static func checkRespelling(_ text: [UInt8]) -> Bool? {
        withExactAllocation(text) { source in
            let buffer = OutputBuffer(capacity: 16)
            buffer.append("ab")
            let wrote = buffer.appendEscapedJSONString(raw: source)
            let new: [UInt8]? = wrote ? Array(buffer.bytes.dropFirst(2)) : nil
            let old = ScalarStringOracle.respell(raw: source)
            guard new == old, wrote || buffer.count == 2 else {
                Issue.record("respelling \(text): \(String(describing: new)) against \(String(describing: old))")
                return nil
            }
            return wrote
        }
    }

    /// Plain fillers the cases below put bytes and escapes into: ASCII letters, and text of two-byte UTF-8 (é).
    static func filler(_ length: Int, kind: Int) -> [UInt8] {
        switch kind {
        case 0: return (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        default: return (0..<length).map { $0 % 2 == 0 ? 0xC3 : 0xA9 }
        }
    }

    @Test("every byte value at every position of 1- to 64-byte texts is escaped as before")
    func escapingEveryByteEverywhere() {
        var cases = 0
        for kind in 0..<2 {
            for length in 1...64 {
                var text = Self.filler(length, kind: kind)
                for position in 0..<length {
                    let kept = text[position]
                    for byte in 0...255 {
                        text[position] = UInt8(byte)
                        guard Self.checkEscaping(text) else { return }
                        cases += 1
                    }
                    text[position] = kept
                }
            }
        }
        #expect(cases == 2 * 256 * (64 * 65 / 2))
    }

    @Test("texts of 0 to 200 bytes with escapable bytes at random places, and random UTF-8, are escaped as before")
    func escapingRandomTexts() {
        var generator = Generator(state: 36)
        let specials: [UInt8] = [
            0x00, 0x01, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x5C, 0x7F, 0x80, 0xFF,
        ]
        #expect(Self.checkEscaping([]))
        for _ in 0..<4_000 {
            let length = generator.below(201)
            let density = generator.below(4)  // none, a few, many, mostly
            var text = [UInt8](repeating: 0, count: length)
            for index in 0..<length {
                let special = density > 0 && generator.below(16) < [0, 1, 6, 14][density]
                text[index] = special ? specials[generator.below(specials.count)] : UInt8(0x20 + generator.below(0x5F))
            }
            guard Self.checkEscaping(text) else { return }
        }
        for _ in 0..<2_000 {
            var string = ""
            for _ in 0..<generator.below(80) {
                let scalar: UInt32
                switch generator.below(5) {
                case 0: scalar = UInt32(generator.below(0x80))
                case 1: scalar = UInt32(0x80 + generator.below(0x780))
                case 2: scalar = UInt32(0x800 + generator.below(0xD000))
                case 3: scalar = UInt32(0x10000 + generator.below(0x100000))
                default: scalar = [0x22, 0x5C, 0x0A, 0x2F, 0x7F, 0x2028][generator.below(6)]
                }
                string.unicodeScalars.append(Unicode.Scalar(scalar)!)
            }
            guard Self.checkEscaping(Array(string.utf8)) else { return }
            // The buffer's own entry point, which reserves the room itself, writes the same bytes.
            let buffer = OutputBuffer(capacity: 16)
            buffer.append("x")
            buffer.appendJSONString(string)
            let oracle = Self.written(JSONStringEscaping.maximumLength(of: string.utf8.count)) { output in
                Self.withExactAllocation(Array(string.utf8)) { ScalarStringOracle.write(utf8: $0, to: output) }
            }
            #expect(Array(buffer.bytes.dropFirst()) == oracle.bytes)
        }
    }

    /// Every escape a parser accepts, in every spelling that matters: the short ones, `\u` of one, two and three bytes of
    /// UTF-8 in both cases of hex, of control characters, quote and backslash, and surrogate pairs.
    static let escapes: [String] = [
        #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#,
        #"\u0000"#, #"\u001f"#, #"\u001F"#, #"\u0022"#, #"\u005c"#, #"\u002F"#, #"\u0041"#, #"\u007f"#,
        #"\u0080"#, #"\u00e9"#, #"\u00E9"#, #"\u07FF"#, #"\u0800"#, #"\u4e2d"#, #"\uFFFF"#, #"\u2028"#,
        #"\uD83D\uDE00"#, #"\ud83c\udf89"#, #"\uD800\uDC00"#, #"\uDBFF\uDFFF"#,
    ]

    @Test("every escape form at every position of 0- to 64-byte texts is decoded and respelled as before")
    func everyEscapeEverywhere() {
        var cases = 0
        for kind in 0..<2 {
            for length in 0...64 {
                let text = Self.filler(length, kind: kind)
                for position in 0...length where kind == 0 || position % 2 == 0 {
                    for escape in Self.escapes {
                        let input = Array(text[..<position]) + Array(escape.utf8) + Array(text[position...])
                        guard Self.checkUnescaping(input), Self.checkRespelling(input) == true else { return }
                        cases += 1
                    }
                }
            }
        }
        // Two escapes side by side, and with a short run between them, across the 16-byte steps.
        let text = Self.filler(40, kind: 0)
        for position in 0...40 {
            for first in Self.escapes {
                for second in Self.escapes {
                    for gap in [0, 1, 15] where position + gap <= 40 {
                        let input =
                            Array(text[..<position]) + Array(first.utf8) + Array(text[position..<(position + gap)])
                            + Array(second.utf8) + Array(text[(position + gap)...])
                        guard Self.checkUnescaping(input), Self.checkRespelling(input) == true else { return }
                        cases += 1
                    }
                }
            }
        }
        #expect(cases > 100_000)
    }

    @Test("every byte value at every position of 1- to 64-byte texts is decoded and respelled as before")
    func unescapingEveryByteEverywhere() {
        var respelled = 0
        var refused = 0
        for length in 1...64 {
            var text = Self.filler(length, kind: 0)
            // One escape at the start, so the text takes the escaped path through both.
            text[0] = UInt8(ascii: "\\")
            if length > 1 { text[1] = UInt8(ascii: "n") }
            for position in 0..<length {
                let kept = text[position]
                for byte in 0...255 {
                    text[position] = UInt8(byte)
                    // The decoder is given only text a parser accepted, whose backslashes all start escapes.
                    if !text.contains(UInt8(ascii: "\\")) || Self.isValidEscapedText(text) {
                        guard Self.checkUnescaping(text) else { return }
                    }
                    // The respelling is given any raw text and must give up, or not, as before.
                    switch Self.checkRespelling(text) {
                    case true?: respelled += 1
                    case false?: refused += 1
                    case nil: return
                    }
                }
                text[position] = kept
            }
        }
        #expect(respelled > 0 && refused > 0)
    }

    /// Whether every backslash of `text` starts an escape a parser accepts (surrogates in pairs).
    static func isValidEscapedText(_ text: [UInt8]) -> Bool {
        func hex(_ at: Int) -> Int? {
            guard at + 4 <= text.count else { return nil }
            return Int(String(decoding: text[at..<(at + 4)], as: UTF8.self), radix: 16)
        }
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            guard index + 1 < text.count else { return false }
            switch text[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                index += 2
            case UInt8(ascii: "u"):
                guard let unit = hex(index + 2), !text[(index + 2)..<(index + 6)].contains(UInt8(ascii: "+")),
                    !text[(index + 2)..<(index + 6)].contains(UInt8(ascii: "-"))
                else { return false }
                index += 6
                if unit & 0xFC00 == 0xDC00 { return false }
                if unit & 0xFC00 == 0xD800 {
                    guard index + 6 <= text.count, text[index] == UInt8(ascii: "\\"),
                        text[index + 1] == UInt8(ascii: "u"),
                        let low = hex(index + 2), low & 0xFC00 == 0xDC00
                    else { return false }
                    index += 6
                }
            default:
                return false
            }
        }
        return true
    }

    @Test("text a parser refuses is given up on as before, wherever the fault sits")
    func refusedText() {
        let faults = [
            #"\"#, #"\x"#, #"\'"#, #"\u"#, #"\u1"#, #"\u12"#, #"\u123"#, #"\u12G4"#, #"\uD800"#, #"\uDC00"#,
            #"\uD800x"#,
            #"\uD800\u0041"#, #"\uD800\n"#, #"\uDBFF\uD800"#, #"\uD83D\uDE0"#, #"\uD83D\"#, #"\uD83D\u"#,
        ]
        var refused = 0
        for length in 0...40 {
            let text = Self.filler(length, kind: 0)
            for position in 0...length {
                for fault in faults {
                    let input = Array(text[..<position]) + Array(fault.utf8) + Array(text[position...])
                    guard let wrote = Self.checkRespelling(input) else { return }
                    if !wrote { refused += 1 }
                }
            }
        }
        #expect(refused > 10_000)
    }

    @Test("random escaped text of up to 300 bytes is decoded and respelled as before")
    func randomEscapedText() {
        var generator = Generator(state: 3_604)
        let plain: [String] = [
            "a", "key", "value 123", "é", "中文", "💐", " ", "https://example.com/x?y=1&z=2", "{", "}", ":",
        ]
        for _ in 0..<5_000 {
            var text: [UInt8] = []
            let tokens = generator.below(60)
            let escapeShare = generator.below(8)
            for _ in 0..<tokens {
                if generator.below(8) < escapeShare {
                    text += Array(Self.escapes[generator.below(Self.escapes.count)].utf8)
                } else {
                    text += Array(plain[generator.below(plain.count)].utf8)
                }
            }
            guard Self.checkUnescaping(text), Self.checkRespelling(text) == true else { return }
        }
    }
}
