import PushPayloadsTestSupport
import Testing

@_spi(Kernels) @testable import PushPayloadsJSON

/// The vector stage of the fast scanner against plain definitions: the stop bitmap byte by byte, and the
/// UTF-8 check against the standard library's validation (RFC 3629), with sequences placed across the
/// 64-byte block boundaries where the check carries state from one block to the next.
@Suite("JSON byte masks")
struct JSONByteMasksTests {
    /// Runs stage one over `content` with every kernel this processor runs, expects them all to give the
    /// portable kernel's answer, and returns it: so every test here checks every kernel.
    private func markSpecialBytes(_ content: [UInt8]) -> (bitmap: [UInt64], validUTF8: Bool) {
        let portable = markSpecialBytes(content, kernel: .portable)
        for kernel in JSONStageOneKernel.available where kernel != .portable {
            let other = markSpecialBytes(content, kernel: kernel)
            #expect(other.bitmap == portable.bitmap && other.validUTF8 == portable.validUTF8, "\(kernel): \(content)")
        }
        return portable
    }

    /// Runs one kernel over `content` laid out as the parser lays out its input: zero bytes before it
    /// and the full padding after it. Returns the bitmap and whether the UTF-8 check passed.
    static func markSpecialBytes(
        _ content: [UInt8],
        kernel: JSONStageOneKernel
    ) -> (bitmap: [UInt64], validUTF8: Bool) {
        markSpecialBytesLaidOut(content, kernel: kernel)
    }

    private func markSpecialBytes(_ content: [UInt8], kernel: JSONStageOneKernel) -> (bitmap: [UInt64], validUTF8: Bool)
    {
        Self.markSpecialBytesLaidOut(content, kernel: kernel)
    }

    private static func markSpecialBytesLaidOut(
        _ content: [UInt8],
        kernel: JSONStageOneKernel
    ) -> (bitmap: [UInt64], validUTF8: Bool) {
        let lead = JSONStorage.leadingPadding
        var buffer = [UInt8](repeating: 0, count: lead + content.count + JSONStorage.padding)
        buffer.replaceSubrange(lead..<lead + content.count, with: content)
        var bitmap = [UInt64](repeating: 0, count: JSONFastScanner.bitmapWords(forBytes: content.count))
        let valid = buffer.withUnsafeBufferPointer { bytes in
            bitmap.withUnsafeMutableBufferPointer { words in
                kernel.markSpecialBytes(bytes.baseAddress! + lead, count: content.count, into: words.baseAddress!)
            }
        }
        return (bitmap, valid)
    }

    private func isValidUTF8(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    @Test("every byte value at every position of a block: the stop bit and the non-ASCII flags")
    func everyByteAtEveryPosition() {
        var content = [UInt8](repeating: UInt8(ascii: "a"), count: 64)
        for position in 0..<64 {
            for value in 0...255 {
                content[position] = UInt8(value)
                let masks = content.withUnsafeBytes { JSONByteMasks.masks64($0.baseAddress!) }
                let stops = value == 0x22 || value == 0x5C || value < 0x20
                #expect(masks.special == (stops ? 1 << UInt64(position) : 0), "byte \(value) at \(position)")
                #expect(masks.nonASCII == (value >= 0x80), "byte \(value) at \(position)")
                #expect(masks.endsNonASCII == (value >= 0x80 && position >= 61), "byte \(value) at \(position)")
            }
            content[position] = UInt8(ascii: "a")
        }
    }

    @Test("the bitmap marks the zero byte after the input, whatever its length")
    func bitmapEndsAtTheInput() {
        for length in [0, 1, 63, 64, 65, 127, 128, 200] {
            let (bitmap, valid) = markSpecialBytes([UInt8](repeating: UInt8(ascii: "a"), count: length))
            #expect(valid)
            #expect(bitmap[length / 64] & (1 << UInt64(length % 64)) != 0, "length \(length)")
            #expect(bitmap[length / 64] & ((1 << UInt64(length % 64)) - 1) == 0, "length \(length)")
        }
    }

    /// `sequence` after `offset` ASCII bytes, then `tail` more; checked against the standard library.
    private func expectAgreement(_ sequence: [UInt8], offset: Int, tail: Int = 3) {
        let content =
            [UInt8](repeating: UInt8(ascii: "a"), count: offset) + sequence
            + [UInt8](repeating: UInt8(ascii: "a"), count: tail)
        let expected = isValidUTF8(content)
        #expect(markSpecialBytes(content).validUTF8 == expected, "\(sequence) at \(offset), then \(tail) bytes")
    }

    @Test(
        "every two-byte sequence from a byte at or above 0x80, inside a block and across its end",
        arguments: [0, 63]
    )
    func everyTwoByteSequence(offset: Int) {
        for first in 0x80...0xFF {
            for second in 0...0xFF {
                expectAgreement([UInt8(first), UInt8(second)], offset: offset)
            }
        }
    }

    @Test("three-byte sequences around every range boundary", arguments: [0, 62, 63])
    func threeByteSequences(offset: Int) {
        for first in 0xE0...0xEF {
            for second in 0x70...0xCF {
                for third: UInt8 in [0x7F, 0x80, 0xBF, 0xC0] {
                    expectAgreement([UInt8(first), UInt8(second), third], offset: offset)
                }
            }
        }
    }

    @Test("four-byte sequences around every range boundary", arguments: [0, 61, 62, 63])
    func fourByteSequences(offset: Int) {
        let edges: [UInt8] = [0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        for first in 0xF0...0xFF {
            for second in edges {
                for third: UInt8 in [0x7F, 0x80, 0xBF, 0xC0] {
                    for fourth: UInt8 in [0x7F, 0x80, 0xBF, 0xC0] {
                        expectAgreement([UInt8(first), second, third, fourth], offset: offset)
                    }
                }
            }
        }
    }

    @Test("sequences cut off by the end of the input, at every distance from a block end")
    func truncatedSequences() {
        let sequences: [[UInt8]] = [[0xC3], [0xE2, 0x82], [0xE2], [0xF0, 0x9F, 0x98], [0xF0, 0x9F], [0xF4]]
        for sequence in sequences {
            for offset in 58...70 {
                expectAgreement(sequence, offset: offset, tail: 0)
            }
        }
    }

    @Test("random text, dense in multi-byte sequences and broken ones")
    func randomText() {
        var generator = SplitMix64(seed: 0x5EED_B10C)
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0xC3, 0xA9], [0xD0, 0x96], [0xE2, 0x82, 0xAC], [0xE4, 0xB8, 0xAD], [0xED, 0x9F, 0xBF],
            [0xEF, 0xBF, 0xBD], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0x80], [0xC0, 0x80],
            [0xED, 0xA0, 0x80],
            [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8], [0xFF], [0xC2],
        ]
        for _ in 0..<3_000 {
            var content: [UInt8] = []
            let count = Int.random(in: 1...80, using: &generator)
            for _ in 0..<count {
                // Mostly valid pieces, so that one fault sits among many valid sequences.
                let index = Int.random(
                    in: 0..<(Int.random(in: 0..<8, using: &generator) == 0 ? pieces.count : 10),
                    using: &generator
                )
                content += pieces[index]
            }
            #expect(markSpecialBytes(content).validUTF8 == isValidUTF8(content), "\(content)")
        }
    }

    @Test("every kernel gives the portable kernel's bitmap and verdict on random bytes of every length")
    func kernelsAgreeOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        // Bytes drawn from the ones that matter (quotes, backslashes, controls, lead and continuation bytes)
        // and from all 256.
        let interesting: [UInt8] = [
            0x22, 0x5C, 0x00, 0x1F, 0x20, 0x7F, 0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x61,
        ]
        for round in 0..<2_000 {
            let count = Int.random(in: 0...300, using: &generator)
            let content = (0..<count).map { _ in
                round % 2 == 0
                    ? interesting.randomElement(using: &generator)!
                    : UInt8.random(in: 0...255, using: &generator)
            }
            _ = markSpecialBytes(content)
        }
    }

    @Test("the kernel in use is the widest this processor runs")
    func bestKernel() {
        #expect(JSONStageOneKernel.available.contains(.portable))
        #expect(JSONStageOneKernel.best == JSONStageOneKernel.available.last)
        #expect(JSONParser().stageOneKernel == JSONStageOneKernel.best)
    }
}
