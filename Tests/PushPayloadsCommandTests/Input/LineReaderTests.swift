import Foundation
import Testing

@testable import PushPayloadsCommand

/// The line splitter, at every chunk size, so lines, CRLF pairs and oversized lines straddle chunks.
@Suite("LineReader")
struct LineReaderTests {
    struct Split: Equatable, CustomStringConvertible {
        var line: Int
        var payload: String?
        var oversizedLength: Int?

        var description: String { "\(line): \(payload ?? "oversized \(oversizedLength ?? -1)")" }
    }

    /// Splits `text` read through a pipe in `chunkSize` chunks, into batches of `batchBytes`.
    static func split(
        _ text: String,
        mode: LineReader.Mode = .jsonLines,
        limit: Int = 64,
        chunkSize: Int,
        batchBytes: Int = 1 << 20
    ) throws -> [Split] {
        let folder = try TemporaryDirectory()
        let file = try folder.write("input", text)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let reader = LineReader(
            path: "input",
            fileDescriptor: handle.fileDescriptor,
            mode: mode,
            maximumPayloadBytes: limit,
            chunkSize: chunkSize
        )
        var splits: [Split] = []
        var more = true
        while more {
            let batch = LineBatch(capacity: 8)
            batch.reset(source: "input")
            more = try reader.fill(batch, targetBytes: batchBytes, maximumEntries: 1 << 20)
            for entry in batch.entries {
                if entry.isOversized {
                    splits.append(Split(line: entry.line, payload: nil, oversizedLength: entry.oversizedLength))
                } else {
                    let bytes = batch.payload(entry)
                    splits.append(Split(line: entry.line, payload: String(decoding: bytes, as: UTF8.self)))
                }
            }
        }
        return splits
    }

    static let chunkSizes = [1, 2, 3, 5, 8, 13, 64, 1 << 16]

    @Test("lines, CRLF, blank lines and a last line without a break", arguments: chunkSizes)
    func jsonLines(chunkSize: Int) throws {
        let text = "{\"a\":1}\r\n\n  \t\r\n{\"b\":2}\n\r\n{\"c\":\"x\\r\"}\r\n{}"
        let expected = [
            Split(line: 1, payload: #"{"a":1}"#),
            Split(line: 4, payload: #"{"b":2}"#),
            Split(line: 6, payload: #"{"c":"x\r"}"#),
            Split(line: 7, payload: "{}"),
        ]
        #expect(try Self.split(text, chunkSize: chunkSize) == expected)
        #expect(try Self.split(text, chunkSize: chunkSize, batchBytes: 1) == expected, "one line per batch")
    }

    @Test("only the last \\r of a line is dropped, and a lone \\r is not a line break", arguments: chunkSizes)
    func carriageReturns(chunkSize: Int) throws {
        let text = "a\r\r\nb\rc\n"
        #expect(
            try Self.split(text, chunkSize: chunkSize) == [
                Split(line: 1, payload: "a\r"), Split(line: 2, payload: "b\rc"),
            ]
        )
    }

    @Test("an empty input and an input of blank lines have no payloads", arguments: chunkSizes)
    func empty(chunkSize: Int) throws {
        #expect(try Self.split("", chunkSize: chunkSize) == [])
        #expect(try Self.split("\n\r\n \n\t", chunkSize: chunkSize) == [])
    }

    @Test("lines over the limit are measured and skipped, not buffered", arguments: chunkSizes)
    func oversized(chunkSize: Int) throws {
        let long = String(repeating: "x", count: 100)
        let atLimit = String(repeating: "y", count: 10)
        let text = long + "\r\n" + atLimit + "\r\n" + atLimit + "z\n" + "   " + long + "\n" + long
        #expect(
            try Self.split(text, limit: 10, chunkSize: chunkSize) == [
                Split(line: 1, payload: nil, oversizedLength: 100),
                Split(line: 2, payload: atLimit),
                Split(line: 3, payload: nil, oversizedLength: 11),
                Split(line: 4, payload: nil, oversizedLength: 103),
                Split(line: 5, payload: nil, oversizedLength: 100),
            ]
        )
    }

    @Test("a long line of whitespace is blank, not too large", arguments: chunkSizes)
    func longBlankLine(chunkSize: Int) throws {
        let text = String(repeating: " ", count: 50) + "\r\n{}\n"
        #expect(try Self.split(text, limit: 10, chunkSize: chunkSize) == [Split(line: 2, payload: "{}")])
    }

    @Test("a .json file is one payload, line breaks and all but the last", arguments: chunkSizes)
    func singleDocument(chunkSize: Int) throws {
        #expect(
            try Self.split("{\n\"a\": 1\n}\n", mode: .singleDocument, chunkSize: chunkSize) == [
                Split(line: 0, payload: "{\n\"a\": 1\n}")
            ]
        )
        // The final line break does not count against the limit: LF or CRLF, but only one.
        for (text, expected) in [
            ("{\"a\":1}\n", Split(line: 0, payload: "{\"a\":1}")),
            ("{\"a\":1}\r\n", Split(line: 0, payload: "{\"a\":1}")),
            ("{\"a\":1}\n\n", Split(line: 0, payload: nil, oversizedLength: 8)),
            ("{\"a\":12}\n", Split(line: 0, payload: nil, oversizedLength: 8)),
        ] {
            #expect(try Self.split(text, mode: .singleDocument, limit: 7, chunkSize: chunkSize) == [expected])
        }
        #expect(try Self.split("", mode: .singleDocument, chunkSize: chunkSize) == [Split(line: 0, payload: "")])
        // Past the limit (and the two bytes of a final CRLF) the reader stops: the length is not known.
        #expect(
            try Self.split(String(repeating: "1", count: 30), mode: .singleDocument, limit: 20, chunkSize: chunkSize)
                == [
                    Split(line: 0, payload: nil, oversizedLength: LineEntry.unknownOversizedLength)
                ]
        )
    }

    @Test("a full batch hands on at most a finishing read, and every line arrives once, in order")
    func carryStaysSmall() throws {
        let lines = (0..<6_000).map { #"{"n":\#($0),"pad":"\#(String(repeating: "x", count: $0 % 200))"}"# }
        let folder = try TemporaryDirectory()
        let file = try folder.write("input", lines.joined(separator: "\n") + "\n")
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let reader = LineReader(
            path: "input",
            fileDescriptor: handle.fileDescriptor,
            mode: .jsonLines,
            maximumPayloadBytes: 1_024,
            chunkSize: 1 << 16
        )
        var payloads: [String] = []
        var batches = 0
        var more = true
        while more {
            let batch = LineBatch(capacity: 8)
            batch.reset(source: "input")
            more = try reader.fill(batch, targetBytes: 20_000, maximumEntries: 1 << 20)
            batches += 1
            // Whole chunks past the target would hand on up to a chunk (64 KB here).
            #expect(reader.carriedBytes <= LineReader.finishingReadSize)
            // The batch ends at the first line break at or past its target, not later.
            if more, let last = batch.entries.last {
                #expect(last.start < 20_000 && last.start + last.length + 1 >= 20_000)
            }
            payloads += batch.entries.map { String(decoding: batch.payload($0), as: UTF8.self) }
        }
        #expect(batches > 10)
        #expect(payloads == lines)
    }

    @Test("a read error names the input")
    func readError() throws {
        // A directory opens but cannot be read.
        let folder = try TemporaryDirectory()
        let descriptor = open(folder.url.path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let reader = LineReader(path: "folder", fileDescriptor: descriptor, mode: .jsonLines, maximumPayloadBytes: 10)
        let batch = LineBatch(capacity: 16)
        #expect(throws: InputError.self) { _ = try reader.fill(batch, targetBytes: 16, maximumEntries: 16) }
    }
}
