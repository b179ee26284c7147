import Foundation
import Testing

/// `classify --byte-range START:LENGTH FILE`, run as a binary: ranges that tile a file give its records once each, with
/// the whole file's line numbers, wherever they are cut.
@Suite("--byte-range")
struct ByteRangeTests {
    /// A file with what text tools get wrong: a byte-order mark, CRLF, a lone CR, blank lines, invalid UTF-8, an
    /// error line, and no line feed at the end.
    static let edgeText: Data = {
        var data = Data([0xEF, 0xBB, 0xBF])
        data += Data(#"{"aps":{"alert":"Hi"},"mcID":"31:a:ot:b:1"}"#.utf8) + Data("\r\n".utf8)
        data += Data(#"{"aps":{}}"#.utf8) + Data([0x0D]) + Data(#"{"mcID":"x"}"#.utf8) + Data("\n\n  \n".utf8)
        data += Data(#"{"aps":{"alert":"caf"#.utf8) + Data([0xE9]) + Data(#""}}"#.utf8) + Data("\n".utf8)
        data += Data(#"{"aps":{"#.utf8) + Data("\r\n".utf8)
        data += Data(#"{"aps":{"alert":"last"}}"#.utf8)
        return data
    }()

    /// The records of `name` read whole, and read as the ranges `lengths` cut it into, one run per range.
    private func tiled(
        _ directory: TemporaryDirectory,
        _ name: String,
        size: Int,
        lengths: [Int]
    ) throws -> (
        whole: Data, tiled: Data
    ) {
        let whole = try CommandHarness.run(["classify", "--quiet", name], in: directory.url)
        #expect(whole.status == 1)
        var output = Data()
        var start = 0
        var index = 0
        while start < size {
            let length = min(lengths[index % lengths.count], size - start)
            let part = try CommandHarness.run(
                ["classify", "--quiet", "--byte-range", "\(start):\(length)", name],
                in: directory.url
            )
            #expect([0, 1].contains(part.status), "\(start):\(length): \(part.stderr)")
            output += part.stdout
            start += length
            index += 1
        }
        return (whole.stdout, output)
    }

    @Test(
        "ranges cut at every kind of position give the whole file's records, in order, once each",
        arguments: [
            [1], [2, 3, 7], [0, 5, 1, 13], [16], [40, 1], [1 << 20],
        ]
    )
    func tiles(lengths: [Int]) throws {
        let directory = try TemporaryDirectory()
        try directory.write("edges.jsonl", Self.edgeText)
        let (whole, tiled) = try tiled(directory, "edges.jsonl", size: Self.edgeText.count, lengths: lengths)
        #expect(!whole.isEmpty)
        #expect(tiled == whole)
    }

    @Test("a range at line starts, mid-line, at 0, and empty")
    func positions() throws {
        let directory = try TemporaryDirectory()
        let text = "{\"aps\":{}}\n{\"mcID\":\"a\"}\n{\"mcID\":\"b\"}\n"
        try directory.write("a.jsonl", text)
        func lines(_ range: String) throws -> [Int] {
            let result = try CommandHarness.run(
                ["classify", "--quiet", "--byte-range", range, "a.jsonl"],
                in: directory.url
            )
            #expect(result.status == 0, "\(range): \(result.stderr)")
            return try result.records().map { try #require($0["line"] as? Int) }
        }
        #expect(try lines("0:\(text.utf8.count)") == [1, 2, 3])
        #expect(try lines("0:1") == [1])  // the line that starts in the range, read to its end
        #expect(try lines("11:1") == [2])  // at a line start
        #expect(try lines("12:1") == [])  // mid-line: the next line starts after the range
        #expect(try lines("12:13") == [3])  // mid-line: the next line start, inside the range
        #expect(try lines("12:0") == [])
        #expect(try lines("0:0") == [])
        #expect(try lines("\(text.utf8.count):0") == [])
        // A caller that counted the lines before the range's first line says so, and the command counts none.
        let counted = try CommandHarness.run(
            ["classify", "--quiet", "--byte-range", "12:13", "--line-offset", "100", "a.jsonl"],
            in: directory.url
        )
        #expect(try counted.records().map { $0["line"] as? Int } == [101])
        let result = try CommandHarness.run(
            ["classify", "--quiet", "--byte-range", "12:13", "a.jsonl"],
            in: directory.url
        )
        #expect(try result.records().map { $0["source"] as? String } == ["a.jsonl"])
    }

    @Test("a byte-order mark only at byte 0; invalid UTF-8 is an invalid_utf8 record as in the whole file")
    func byteOrderMarkAndInvalidUTF8() throws {
        let directory = try TemporaryDirectory()
        try directory.write("e.jsonl", Self.edgeText)
        let first = try CommandHarness.run(
            ["classify", "--quiet", "--byte-range", "0:4", "e.jsonl"],
            in: directory.url
        )
        let record = try #require(try first.records().first)
        #expect(record["status"] as? String == "ok" && record["line"] as? Int == 1)
        let whole = try CommandHarness.run(["classify", "--quiet", "e.jsonl"], in: directory.url).records()
        let invalid = try #require(
            whole.first { ($0["error"] as? [String: Any])?["code"] as? String == "invalid_utf8" }
        )
        let line = try #require(invalid["line"] as? Int)
        // The range that starts one byte into that line's predecessor holds it.
        let offset = try #require(Self.lineStarts(Self.edgeText).dropFirst(line - 1).first)
        let part = try CommandHarness.run(
            ["classify", "--quiet", "--byte-range", "\(offset):1", "e.jsonl"],
            in: directory.url
        )
        let records = try part.records()
        #expect(records.count == 1 && records[0]["line"] as? Int == line)
        #expect((records[0]["error"] as? [String: Any])?["code"] as? String == "invalid_utf8")
    }

    @Test("a range past the file's end (a file truncated since it was planned) is an input that cannot be read")
    func pastTheEnd() throws {
        let directory = try TemporaryDirectory()
        try directory.write("t.jsonl", "{\"aps\":{}}\n")
        for range in ["11:1", "5:7", "100:0"] {
            let result = try CommandHarness.run(
                ["classify", "--quiet", "--byte-range", range, "t.jsonl"],
                in: directory.url
            )
            #expect(result.status == 74, "\(range)")
            #expect(result.stderr.contains("past the file's end (11 bytes)"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("refused: no file, several files, standard input, its options, a compressed file, a bad range")
    func refused() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a.jsonl", "{}\n")
        try directory.write("b.jsonl", "{}\n")
        try directory.write("c.jsonl.gz", Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]))
        for arguments in [
            ["--byte-range", "0:1"], ["--byte-range", "0:1", "a.jsonl", "b.jsonl"], ["--byte-range", "0:1", "-"],
            ["--byte-range", "0:1", "--source-label", "x", "a.jsonl"], ["--byte-range", "-1:2", "a.jsonl"],
            ["--byte-range", "1", "a.jsonl"], ["--byte-range", "x:1", "a.jsonl"],
        ] {
            let result = try CommandHarness.run(["classify", "--quiet"] + arguments, in: directory.url)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
        }
        let compressed = try CommandHarness.run(
            ["classify", "--quiet", "--byte-range", "0:8", "c.jsonl.gz"],
            in: directory.url
        )
        #expect(compressed.status == 74)
        #expect(compressed.stderr.contains("compressed"))
    }

    @Test("--kind inbox reads a range too")
    func inbox() throws {
        // The corpus's inbox pages, a line each (a raw line feed in JSON text is only whitespace).
        let text = try TestPathsForRanges.inboxLines()
        let directory = try TemporaryDirectory()
        try directory.write("inbox.jsonl", text)
        let whole = try CommandHarness.run(
            ["classify", "--quiet", "--kind", "inbox", "inbox.jsonl"],
            in: directory.url
        )
        var tiled = Data()
        var start = 0
        while start < text.count {
            let length = min(509, text.count - start)
            let part = try CommandHarness.run(
                ["classify", "--quiet", "--kind", "inbox", "--byte-range", "\(start):\(length)", "inbox.jsonl"],
                in: directory.url
            )
            tiled += part.stdout
            start += length
        }
        #expect(!whole.stdout.isEmpty)
        #expect(tiled == whole.stdout)
    }

    private static func lineStarts(_ data: Data) -> [Int] {
        [0] + data.indices.filter { data[$0] == 0x0A }.map { $0 + 1 }
    }
}

private enum TestPathsForRanges {
    static func inboxLines() throws -> Data {
        let folder = CommandHarness.packageRoot.appendingPathComponent("Corpus/inbox")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        var lines = Data()
        for name in names.sorted() {
            let page = try Data(contentsOf: folder.appendingPathComponent(name))
            lines += Data(page.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }) + Data([0x0A])
        }
        return lines
    }
}
