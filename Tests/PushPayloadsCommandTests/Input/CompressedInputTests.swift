import Foundation
import Testing

@testable import PushPayloadsCommand

extension CommandHarness {
    /// `data` through a compressor on the machine (`gzip -n -c`, `zstd -q -c`), as a user makes a capture.
    static func compress(_ data: Data, with tool: [String]) throws -> Data {
        let scratch = try TemporaryDirectory()
        let input = try scratch.write("input", data)
        let output = scratch.url.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = tool
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) failed")
        return try Data(contentsOf: output)
    }

    static func gzip(_ data: Data) throws -> Data { try compress(data, with: ["gzip", "-n", "-c"]) }

    /// Whether a command is on the PATH (`zstd` is not on every machine).
    static func hasTool(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    /// The sample captures back to back a few times: many batches with a small `--batch-bytes`.
    static func longCapture() throws -> Data {
        let sample = try Data(contentsOf: captures.appendingPathComponent("sample.jsonl"))
        let mixed = try Data(contentsOf: captures.appendingPathComponent("mixed-errors.jsonl"))
        var capture = Data()
        for _ in 0..<8 { capture += sample + mixed }
        return capture
    }
}

extension CommandResult {
    /// The records with `source` replaced, to compare runs over differently named copies of one capture.
    func output(renaming source: String, to name: String) -> String {
        output.replacingOccurrences(of: #"{"source":"\#(source)","#, with: #"{"source":"\#(name)","#)
    }
}

/// Compressed captures: gzip (and zstd with the `Zstd` trait) read transparently, by magic bytes.
@Suite("push-payloads compressed input")
struct CompressedInputTests {
    static let jobs = [1, 2]
    static let hasZstd = CommandHarness.hasTool("zstd")

    @Test("a .jsonl.gz gives the records of the uncompressed file", arguments: jobs)
    func gzipMatchesPlain(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        let capture = try CommandHarness.longCapture()
        try folder.write("capture.jsonl", capture)
        try folder.write("capture.jsonl.gz", try CommandHarness.gzip(capture))
        let options = ["--jobs", "\(jobs)", "--batch-bytes", "2048"]
        let plain = try CommandHarness.run(["classify"] + options + ["capture.jsonl"], in: folder.url)
        let gzip = try CommandHarness.run(["classify"] + options + ["capture.jsonl.gz"], in: folder.url)
        #expect(plain.status == 1 && gzip.status == 1, "the captures hold malformed payloads")
        #expect(gzip.stderr == "")
        #expect(gzip.output(renaming: "capture.jsonl.gz", to: "capture.jsonl") == plain.output)
        #expect(plain.lines.count > 300)
    }

    #if Zstd
    @Test(
        "a .jsonl.zst gives the records of the uncompressed file",
        .enabled(if: hasZstd, "needs the zstd command"),
        arguments: jobs
    )
    func zstdMatchesPlain(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        let capture = try CommandHarness.longCapture()
        try folder.write("capture.jsonl", capture)
        let compressed = try CommandHarness.compress(capture, with: ["zstd", "-q", "-c"])
        try folder.write("capture.jsonl.zst", compressed)
        // Two frames back to back are one valid file, as `zstd -d` reads it.
        let half = capture.count / 2
        let twoFrames =
            try CommandHarness.compress(capture.prefix(half), with: ["zstd", "-q", "-c"])
            + CommandHarness.compress(capture.dropFirst(half), with: ["zstd", "-q", "-c"])
        try folder.write("frames.jsonl.zst", twoFrames)
        try folder.write("truncated.jsonl.zst", compressed.prefix(compressed.count / 2))
        let options = ["--jobs", "\(jobs)", "--batch-bytes", "2048"]
        let plain = try CommandHarness.run(["classify"] + options + ["capture.jsonl"], in: folder.url)
        for name in ["capture.jsonl.zst", "frames.jsonl.zst"] {
            let zstd = try CommandHarness.run(["classify"] + options + [name], in: folder.url)
            #expect(zstd.status == 1, "\(name): \(zstd.stderr)")
            #expect(zstd.output(renaming: name, to: "capture.jsonl") == plain.output, "\(name)")
        }
        let truncated = try CommandHarness.run(["classify"] + options + ["truncated.jsonl.zst"], in: folder.url)
        #expect(truncated.status == 74)
        #expect(truncated.stderr.contains("cannot read truncated.jsonl.zst: the zstd data ends inside a frame"))
        let last = try #require(try truncated.records().last)
        #expect((last["error"] as? [String: Any])?["code"] as? String == "io_error")
    }

    @Test("a directory walk reads .jsonl.zst and .json.zst files", .enabled(if: hasZstd, "needs the zstd command"))
    func zstdInDirectory() throws {
        let folder = try TemporaryDirectory()
        let one = try CommandHarness.compress(Data(#"{"mcID":"z"}"#.utf8), with: ["zstd", "-q", "-c"])
        try folder.write("tree/one.json.zst", one)
        let result = try CommandHarness.run(["classify", "tree"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let records = try result.records()
        #expect(records.map { $0["source"] as? String } == ["tree/one.json.zst"])
        #expect(records.first?["line"] is NSNull, "a .json.zst file is one payload")
    }
    #else
    @Test("without the Zstd trait, zstd data is an I/O error naming the format, and walks skip .zst files")
    func zstdWithoutTrait() throws {
        let folder = try TemporaryDirectory()
        // A zstd frame header: the magic number is enough to recognise it.
        try folder.write("tree/capture.jsonl.zst", Data([0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x00, 0x00]))
        let file = try CommandHarness.run(["classify", "tree/capture.jsonl.zst"], in: folder.url)
        #expect(file.status == 74)
        #expect(file.stderr.contains("cannot read tree/capture.jsonl.zst: the input is zstd-compressed"))
        #expect(file.stderr.contains("--traits Zstd"))
        #expect(try file.records().map { ($0["error"] as? [String: Any])?["code"] as? String } == ["io_error"])
        let walk = try CommandHarness.run(["classify", "tree"], in: folder.url)
        #expect(walk.status == 0)
        #expect(walk.output == "")
        #expect(walk.stderr.contains("tree: no payloads"))
        #expect(walk.stderr.contains("1 .zst file, which this build cannot read: rebuild with --traits Zstd"))
    }
    #endif

    @Test("a multi-member gzip file is read to its last member", arguments: jobs)
    func multiMemberGzip(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        let capture = try CommandHarness.longCapture()
        // Members cut in the middle of lines, as `cat a.gz b.gz c.gz` of arbitrary pieces.
        let cuts = [0, 1_000, capture.count / 2 + 7, capture.count]
        var members = Data()
        for (start, end) in zip(cuts, cuts.dropFirst()) {
            members += try CommandHarness.gzip(capture.subdata(in: start..<end))
        }
        // Zero padding after the last member is ignored, as `gzip -d` ignores it.
        members += Data(repeating: 0, count: 512)
        try folder.write("capture.jsonl", capture)
        try folder.write("members.jsonl.gz", members)
        let options = ["--jobs", "\(jobs)", "--batch-bytes", "4096"]
        let plain = try CommandHarness.run(["classify"] + options + ["capture.jsonl"], in: folder.url)
        let gzip = try CommandHarness.run(["classify"] + options + ["members.jsonl.gz"], in: folder.url)
        #expect(gzip.status == 1, "\(gzip.stderr)")
        #expect(gzip.output(renaming: "members.jsonl.gz", to: "capture.jsonl") == plain.output)
    }

    @Test("a truncated .gz: the records before the cut, an io_error record at the cut, exit 74", arguments: jobs)
    func truncatedGzip(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        let capture = try CommandHarness.longCapture()
        let compressed = try CommandHarness.gzip(capture)
        try folder.write("capture.jsonl", capture)
        // Repeated text compresses to little, so most lines sit in the first bytes: cut near the end.
        try folder.write("cut.jsonl.gz", compressed.prefix(compressed.count - 40))
        try folder.write("after.jsonl", #"{"mcID":"after"}"# + "\n")
        let options = ["--jobs", "\(jobs)", "--batch-bytes", "2048"]
        let plain = try CommandHarness.run(["classify"] + options + ["capture.jsonl"], in: folder.url)
        let cut = try CommandHarness.run(["classify"] + options + ["cut.jsonl.gz", "after.jsonl"], in: folder.url)
        #expect(cut.status == 74)
        #expect(
            cut.stderr.contains(
                "push-payloads: cannot read cut.jsonl.gz: the gzip data ends inside a compressed member"
            )
        )
        let records = try cut.records()
        let failure = try #require(records.dropLast().last)
        let error = try #require(failure["error"] as? [String: Any])
        #expect(error["code"] as? String == "io_error")
        let line = try #require(failure["line"] as? Int)
        let message = try #require(error["message"] as? String)
        #expect(message.contains("the file is truncated"))
        #expect(message.contains("the last complete line is \(line - 1)"))
        // Everything before the cut is classified exactly as in the whole file; the next input still is.
        let before = cut.lines.dropLast(2).map {
            $0.replacingOccurrences(of: #"{"source":"cut.jsonl.gz","#, with: #"{"source":"capture.jsonl","#)
        }
        #expect(before.count > 100 && before.count < plain.lines.count)
        #expect(Array(plain.lines.prefix(before.count)) == before)
        let lastLine = try #require(try plain.records().prefix(before.count).last?["line"] as? Int)
        #expect(line > lastLine)
        #expect(records.last?["source"] as? String == "after.jsonl")
    }

    @Test("corrupt gzip data and data after the last member are io_error records, exit 74")
    func corruptGzip() throws {
        let folder = try TemporaryDirectory()
        var compressed = try CommandHarness.gzip(try CommandHarness.longCapture())
        let middle = compressed.count / 2
        for offset in middle..<(middle + 64) { compressed[offset] ^= 0x5A }
        try folder.write("corrupt.jsonl.gz", compressed)
        let corrupt = try CommandHarness.run(["classify", "corrupt.jsonl.gz"], in: folder.url)
        #expect(corrupt.status == 74)
        #expect(corrupt.stderr.contains("cannot read corrupt.jsonl.gz: the gzip data is corrupt near byte"))
        #expect(
            try corrupt.records().last.flatMap { ($0["error"] as? [String: Any])?["code"] as? String } == "io_error"
        )

        try folder.write("trailing.jsonl.gz", try CommandHarness.gzip(Data("{}\n".utf8)) + Data("garbage".utf8))
        let trailing = try CommandHarness.run(["classify", "trailing.jsonl.gz"], in: folder.url)
        #expect(trailing.status == 74)
        #expect(trailing.stderr.contains("unexpected data after the end of the gzip data"))
        #expect(try trailing.records().first?["status"] as? String == "ok", "the member before is read")
    }

    @Test("gzip is recognised by its magic bytes: another extension, no extension, standard input")
    func gzipByMagicBytes() throws {
        let folder = try TemporaryDirectory()
        let capture = try Data(contentsOf: CommandHarness.captures.appendingPathComponent("sample.jsonl"))
        let compressed = try CommandHarness.gzip(capture)
        try folder.write("sample.jsonl", capture)
        try folder.write("disguised.jsonl", compressed)
        try folder.write("noextension", compressed)
        let plain = try CommandHarness.run(["classify", "sample.jsonl"], in: folder.url)
        for name in ["disguised.jsonl", "noextension"] {
            let result = try CommandHarness.run(["classify", name], in: folder.url)
            #expect(result.status == 1, "\(name): \(result.stderr)")
            #expect(result.output(renaming: name, to: "sample.jsonl") == plain.output, "\(name)")
        }
        let piped = try CommandHarness.run(["classify"], stdin: compressed, in: folder.url)
        #expect(piped.output(renaming: "-", to: "sample.jsonl") == plain.output)
        // Compressed data the command does not read is named, never turned into records of garbage.
        try folder.write("capture.jsonl.xz", Data([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04]))
        let xz = try CommandHarness.run(["classify", "capture.jsonl.xz"], in: folder.url)
        #expect(xz.status == 74)
        #expect(xz.stderr.contains("cannot read capture.jsonl.xz: the input is xz-compressed"))
        #expect(xz.lines.count == 1)
    }

    @Test("a directory walk reads .jsonl.gz and .json.gz files, a .json.gz as one payload")
    func gzipInDirectory() throws {
        let folder = try TemporaryDirectory()
        try folder.write("tree/a.jsonl.gz", try CommandHarness.gzip(Data((#"{"mcID":"a1"}"# + "\n{}\n").utf8)))
        try folder.write("tree/b.json.gz", try CommandHarness.gzip(Data("{\n\"_p\": \"7\"\n}\n".utf8)))
        try folder.write("tree/c.gz", try CommandHarness.gzip(Data("{}\n".utf8)))
        let result = try CommandHarness.run(["classify", "tree"], in: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let records = try result.records()
        #expect(records.map { $0["source"] as? String } == ["tree/a.jsonl.gz", "tree/a.jsonl.gz", "tree/b.json.gz"])
        #expect(records.last?["line"] is NSNull)
        #expect(records.last?["vendor"] as? String == "swrve")
    }
}

/// Inputs that are not quite what they seem.
@Suite("push-payloads odd inputs")
struct OddInputTests {
    @Test("a byte-order mark at the start is skipped and counted, in plain and gzip input")
    func byteOrderMark() throws {
        let folder = try TemporaryDirectory()
        let text = "\u{FEFF}" + #"{"mcID":"1"}"# + "\n" + #"{"mcID":"2"}"# + "\n"
        try folder.write("bom.jsonl", text)
        try folder.write("bom.jsonl.gz", try CommandHarness.gzip(Data(text.utf8)))
        try folder.write("bom.json", "\u{FEFF}{\"_p\":\"1\"}\n")
        let result = try CommandHarness.run(
            ["classify", "--summary", "bom.jsonl", "bom.jsonl.gz", "bom.json"],
            in: folder.url
        )
        #expect(result.status == 0, "\(result.output)")
        let records = try result.records()
        #expect(records.map { $0["status"] as? String } == ["ok", "ok", "ok", "ok", "ok"])
        #expect(records.map { $0["line"] as? Int } == [1, 2, 1, 2, nil])
        #expect(result.stderr.contains("skipped a byte-order mark at the start of 3 inputs"))
        // Only at the start: a mark inside a line is part of it.
        try folder.write("inner.jsonl", "{}\n\u{FEFF}{}\n")
        let inner = try CommandHarness.run(["classify", "inner.jsonl"], in: folder.url)
        #expect(try inner.records().map { $0["status"] as? String } == ["ok", "error"])
    }

    @Test("an argument that gives no payload gets a note on stderr")
    func noPayloads() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("empty"),
            withIntermediateDirectories: true
        )
        try folder.write("others/notes.txt", "not a payload\n")
        try folder.write("others/capture.csv", "a,b\n")
        try folder.write("blank/a.jsonl", "\n\n")
        try folder.write("blank.jsonl", "")
        try folder.write("one.jsonl", "{}\n")
        let result = try CommandHarness.run(
            ["classify", "empty", "others", "blank", "blank.jsonl", "one.jsonl"],
            in: folder.url
        )
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        #expect(
            result.stderr.split(separator: "\n") == [
                "push-payloads: empty: no payloads: the directory holds no \(InputList.payloadSuffixList) files",
                "push-payloads: others: no payloads: the directory holds no \(InputList.payloadSuffixList) files",
                "push-payloads: blank: no payloads in its 1 file",
                "push-payloads: blank.jsonl: no payloads",
            ]
        )
        let stdin = try CommandHarness.run(["classify"], stdin: Data("\n".utf8))
        #expect(stdin.stderr == "push-payloads: standard input: no payloads\n")
    }

    @Test("a .json file's final line break does not count against --max-payload-bytes")
    func jsonFileLimit() throws {
        let folder = try TemporaryDirectory()
        try folder.write("lf.json", #"{"_p":"1"}"# + "\n")
        try folder.write("crlf.json", #"{"_p":"1"}"# + "\r\n")
        try folder.write("over.json", #"{"_p":"12"}"# + "\n")
        let result = try CommandHarness.run(
            ["classify", "--max-payload-bytes", "10", "lf.json", "crlf.json", "over.json"],
            in: folder.url
        )
        let records = try result.records()
        #expect(records.map { $0["status"] as? String } == ["ok", "ok", "error"])
        #expect((records.last?["error"] as? [String: Any])?["code"] as? String == "too_large")
    }

    @Test("recognising formats: magic numbers, short inputs, text that only looks like one")
    func formatDetection() {
        func detect(_ bytes: [UInt8], atEnd: Bool = true) -> InputFormat? {
            bytes.withUnsafeBytes { InputFormat.detect($0, atEnd: atEnd) }
        }
        #expect(detect([0x1F, 0x8B, 0x08]) == .gzip)
        #expect(detect([0x28, 0xB5, 0x2F, 0xFD]) == .zstd)
        #expect(detect([0xEF, 0xBB, 0xBF, 0x7B]) == .text(byteOrderMark: true))
        #expect(detect(Array("BZh9".utf8)) == .unsupported("bzip2"))
        #expect(detect(Array("{}".utf8), atEnd: false) == .text(byteOrderMark: false), "decided by the first byte")
        #expect(detect([0x1F], atEnd: false) == nil, "one byte of gzip's magic: read on")
        #expect(detect([0x1F], atEnd: true) == .text(byteOrderMark: false))
        #expect(detect([0xEF, 0xBB], atEnd: true) == .text(byteOrderMark: false))
        #expect(detect([], atEnd: true) == .text(byteOrderMark: false))
    }
}
