import PushPayloadsTestSupport
import Testing

@testable import PushRecords

/// The splitter against a reference that sees the whole input at once: whatever the pieces, the same
/// lines, numbers and oversized lengths.
@Suite struct JSONLinesSplitterTests {
    enum Event: Equatable, CustomStringConvertible {
        case payload(line: Int, bytes: [UInt8])
        case oversized(line: Int, length: Int)

        var description: String {
            switch self {
            case .payload(let line, let bytes): "\(line): \(String(decoding: bytes, as: UTF8.self).debugDescription)"
            case .oversized(let line, let length): "\(line): oversized \(length)"
            }
        }
    }

    struct RecordingSink: JSONLinesSink {
        var events: [Event] = []
        mutating func payload(line: Int, bytes: RawSpan) {
            events.append(.payload(line: line, bytes: bytes.withUnsafeBytes { Array($0) }))
        }
        mutating func oversized(line: Int, length: Int) {
            events.append(.oversized(line: line, length: length))
        }
    }

    /// The rules, applied to the whole input: split on `\n`, drop one `\r` before it, skip blank lines,
    /// report lines over the limit by length.
    static func reference(_ input: [UInt8], limit: Int) -> [Event] {
        var lines = input.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        var events: [Event] = []
        for (index, line) in lines.enumerated() {
            var content = line[...]
            if content.last == 0x0D { content = content.dropLast() }
            if content.allSatisfy({ [0x20, 0x09, 0x0D, 0x0A].contains($0) }) { continue }
            if content.count > limit {
                events.append(.oversized(line: index + 1, length: content.count))
            } else {
                events.append(.payload(line: index + 1, bytes: Array(content)))
            }
        }
        return events
    }

    static func split(_ input: [UInt8], cuttingAt offsets: [Int], limit: Int) -> [Event] {
        var splitter = JSONLinesSplitter(maximumLineBytes: limit)
        var sink = RecordingSink()
        var start = 0
        for offset in offsets + [input.count] where offset >= start {
            let piece = Array(input[start..<offset])
            splitter.feed(piece.span.bytes, into: &sink)
            start = offset
        }
        splitter.finish(into: &sink)
        return sink.events
    }

    /// Short lines, a CRLF line, blank lines (empty, spaces, a lone CR), multi-byte UTF-8 (2, 3 and 4
    /// bytes), lines exactly at, one over and far over the limit (with and without CR), no final line break.
    static let tricky: [UInt8] = Array(
        "{\"a\":1}\r\n\n  \t\n\r\n{\"é\":\"日本\"}\n{\"😀\":0}\r\n12345678\n123456789\n1234567\r\n12345678\r\n123456789\r\n{\"long\":\"abcdefghij\"}\r\n   \n{}"
            .utf8
    )

    @Test func everyCutOfOneAndTwoPieces() {
        let expected = Self.reference(Self.tricky, limit: 8)
        #expect(expected.count == 10)
        for first in 0...Self.tricky.count {
            #expect(Self.split(Self.tricky, cuttingAt: [first], limit: 8) == expected, "cut at \(first)")
            for second in first...Self.tricky.count {
                let events = Self.split(Self.tricky, cuttingAt: [first, second], limit: 8)
                if events != expected {
                    Issue.record("cuts at \(first) and \(second): \(events) != \(expected)")
                    return
                }
            }
        }
    }

    @Test func onePieceAByte() {
        let cuts = Array(0...Self.tricky.count)
        #expect(Self.split(Self.tricky, cuttingAt: cuts, limit: 8) == Self.reference(Self.tricky, limit: 8))
    }

    @Test(arguments: [1, 7, 8, 9, 64, 1_000])
    func randomLinesAndRandomCuts(limit: Int) {
        var generator = SplitMix64(seed: UInt64(limit))
        let alphabet: [[UInt8]] = [
            Array("a".utf8), Array("é".utf8), Array("日".utf8), Array("😀".utf8), [0x20], [0x0D], [0x09], [0x22],
        ]
        for _ in 0..<200 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                for _ in 0..<Int.random(in: 0...(limit + 3), using: &generator) {
                    input += alphabet.randomElement(using: &generator)!
                }
                if Bool.random(using: &generator) { input.append(0x0D) }
                input.append(0x0A)
            }
            if Bool.random(using: &generator) { input += Array("{}".utf8) }
            var cuts = (0..<Int.random(in: 0...10, using: &generator)).map { _ in
                Int.random(in: 0...input.count, using: &generator)
            }
            cuts.sort()
            #expect(Self.split(input, cuttingAt: cuts, limit: limit) == Self.reference(input, limit: limit))
        }
    }

    @Test func emptyInputAndBlankInput() {
        #expect(Self.split([], cuttingAt: [], limit: 8).isEmpty)
        #expect(Self.split(Array(" \r\n\n\t".utf8), cuttingAt: [1, 3], limit: 8).isEmpty)
    }

    @Test func lineNumbersCountBlankLines() {
        let events = Self.split(Array("\n\n{}\n".utf8), cuttingAt: [], limit: 8)
        #expect(events == [.payload(line: 3, bytes: Array("{}".utf8))])
    }

    /// A 4 MB line fed in 1,000-byte pieces is counted, not kept: the carry never holds more than the
    /// limit (here 10,000 bytes), and the next line is still read.
    @Test func anOversizedLineIsNeverHeldWhole() {
        var splitter = JSONLinesSplitter(maximumLineBytes: 10_000)
        var sink = RecordingSink()
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000)
        var largestCapacity = 0
        for _ in 0..<4_000 {
            splitter.feed(piece.span.bytes, into: &sink)
            largestCapacity = max(largestCapacity, splitter.carryCapacity)
        }
        let tail = Array("\r\n{}\n".utf8)
        splitter.feed(tail.span.bytes, into: &sink)
        splitter.finish(into: &sink)
        #expect(sink.events == [.oversized(line: 1, length: 4_000_000), .payload(line: 2, bytes: Array("{}".utf8))])
        #expect(largestCapacity <= 10_001 + 64)
    }
}
