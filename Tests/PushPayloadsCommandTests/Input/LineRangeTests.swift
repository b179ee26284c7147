import Dispatch
import Foundation
import PushPayloadsTestSupport
import Testing

@testable import PushPayloadsCommand

#if os(Linux)
/// Byte ranges of mapped inputs whose lines the workers find (``PendingLines``, ``LineChain``): the same entries, line
/// numbers, bytes and byte-order marks as the producer's search, and the command's records those of one job.
@Suite("LineRange")
struct LineRangeTests {
    /// The entries of every batch of `text` (a file), by line, and the bytes and marks counted, fed with or without
    /// ranges; the ranges' lines are found and numbered last range first, each on a thread of its own.
    static func feed(
        _ text: [UInt8],
        ranges: Bool,
        batchBytes: Int,
        limit: Int = 64
    ) throws -> (
        entries: [String], bytes: Int, marks: Int, rangeCount: Int
    ) {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("input.jsonl")
        try Data(text).write(to: file)
        let feeder = InputFeeder(
            inputs: InputList.expand([Array(file.path.utf8)]),
            maximumPayloadBytes: limit,
            targetBatchBytes: batchBytes,
            isStopped: SharedValue(false)
        )
        feeder.cutsRanges = ranges
        feeder.minimumRangeLineBytes = 0
        var batches: [LineBatch] = []
        var more = true
        while more {
            let batch = LineBatch(capacity: 8)
            more = feeder.fill(batch)
            batches.append(batch)
        }
        let pending = batches.filter { $0.pendingLines != nil }
        // Found in reverse order on threads of their own (a thread each: each waits for the ranges before it).
        Self.onThreads(Array(pending.reversed())) { batch in
            if let lines = batch.pendingLines { batch.numberLines(lines, lineCount: batch.findLines(lines)) }
        }
        let entries = batches.flatMap { batch in
            batch.entries.map { entry in
                entry.isOversized
                    ? "\(entry.line): oversized \(entry.oversizedLength)"
                    : "\(entry.line): \(String(decoding: batch.payload(entry), as: UTF8.self))"
            }
        }
        return (
            entries,
            batches.reduce(0) { $0 + $1.consumedBytes },
            batches.reduce(0) { $0 + $1.tally.byteOrderMarks },
            pending.count
        )
    }

    /// Runs `body` on every element, each on a thread of its own started in order, and waits for all: a range waits
    /// for the ones before it, so a pool with fewer threads than ranges (Dispatch's) could wait forever.
    static func onThreads<Element: Sendable>(_ elements: [Element], _ body: @escaping @Sendable (Element) -> Void) {
        let done = DispatchGroup()
        for element in elements {
            done.enter()
            Thread {
                body(element)
                done.leave()
            }.start()
        }
        done.wait()
    }

    static let long = String(repeating: "x", count: 90)
    /// The edge cases: a line longer than a range, a range with no line feed at all, BOM, CRLF split at a boundary,
    /// blank lines, invalid UTF-8, one line, a last line without a line feed.
    static let texts: [[UInt8]] =
        MappedInputTests.texts + [
            Array(("{}\n" + "{\"a\":\"\(long)\(long)\(long)\"}\n" + "{\"b\":1}\r\n{\"c\":2}\r\n").utf8),
            Array("{\"only\":\"\(long)\"}".utf8),
            Array("{\"only\":1}\n".utf8),
            [0xEF, 0xBB, 0xBF] + Array("{\"a\":1}\r\n{\"b\":2}\r\n\r\n{\"c\":3}".utf8),
            Array((0..<200).map { "{\"n\":\($0)}\r" }.joined(separator: "\n").utf8),
            Array("{\"a\":1}\n\n\n   \n\t\r\n".utf8),
            Array("{\"a\":1}\n".utf8) + Array(repeating: 0x20, count: 300) + Array("\n\n{\"z\":\"\(long)\"}".utf8),
        ]

    @Test(
        "ranges give the producer's entries, line numbers, bytes and byte-order marks",
        arguments: [1, 2, 7, 10, 64, 300, 4_096, 1 << 20]
    )
    func sameEntries(batchBytes: Int) throws {
        for text in Self.texts {
            let searched = try Self.feed(text, ranges: false, batchBytes: batchBytes)
            let ranged = try Self.feed(text, ranges: true, batchBytes: batchBytes)
            #expect(ranged.entries == searched.entries, "\(String(decoding: text, as: UTF8.self))")
            #expect(ranged.bytes == text.count)
            #expect(ranged.bytes == searched.bytes)
            #expect(ranged.marks == searched.marks)
            #expect(searched.rangeCount == 0)
        }
        // Ranges were cut wherever the input had more than one batch.
        let many = try Self.feed(Self.texts[6], ranges: true, batchBytes: batchBytes)
        #expect(many.rangeCount > 0 || batchBytes >= Self.texts[6].count)
    }

    @Test("a line over the limit is the same oversized entry in a range", arguments: [1, 50, 300])
    func oversized(batchBytes: Int) throws {
        let text = Array(
            ("{}\n" + Self.long + "\r\n" + "{}\r\n" + "   " + Self.long + "\n" + String(repeating: " ", count: 200)
                + "\n" + Self.long).utf8
        )
        let ranged = try Self.feed(text, ranges: true, batchBytes: batchBytes, limit: 10)
        #expect(ranged.entries == (try Self.feed(text, ranges: false, batchBytes: batchBytes, limit: 10)).entries)
        #expect(ranged.entries == ["1: {}", "2: oversized 90", "3: {}", "4: oversized 93", "6: oversized 90"])
    }

    @Test("the chain numbers ranges in order whichever thread publishes first")
    func chainOrder() {
        let chain = LineChain(firstLine: 5, sawShortLines: SharedValue(false))
        let firsts = SharedValue([Int](repeating: -1, count: 40))
        Self.onThreads(Array((0..<40).reversed())) { index in
            let first = chain.firstLine(of: index, lineCount: index + 1, turn: DispatchSemaphore(value: 0))
            firsts.withLock { $0[index] = first }
        }
        // Range i starts after ranges 0..<i, of 1...i lines.
        #expect(firsts.current == (0..<40).map { 5 + $0 * ($0 + 1) / 2 })
    }

    @Test("one semaphore a worker serves every range it waits for, and is left at zero")
    func chainReusedTurns() {
        let chain = LineChain(firstLine: 1, sawShortLines: SharedValue(false))
        let firsts = SharedValue([Int](repeating: -1, count: 400))
        let turns = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        // Two workers, each taking every other range in order, so each waits for the other's range before its own.
        Self.onThreads([0, 1]) { worker in
            for index in stride(from: worker, to: 400, by: 2) {
                let first = chain.firstLine(of: index, lineCount: 3, turn: turns[worker])
                firsts.withLock { $0[index] = first }
            }
        }
        #expect(firsts.current == (0..<400).map { 1 + $0 * 3 })
        for turn in turns { #expect(turn.wait(timeout: .now()) == .timedOut) }
    }

    /// Files for the command: long lines (so ranges are cut after the first batch), and after them short ones in
    /// numbers over a batch's entry limit, where the feeder goes back to its own search.
    static let commandFiles: [(String, [UInt8])] = [
        (
            "a.jsonl",
            [0xEF, 0xBB, 0xBF]
                + Array(
                    (0..<600).map { #"{"aps":{"alert":"\#($0) \#(long)"},"n":\#($0)}"# + ($0 % 7 == 0 ? "\r" : "") }
                        .joined(separator: "\n").utf8
                )
        ),
        ("b.jsonl", Array("{\"aps\":{\"alert\":\"\(long)\"}}\n{\"bad\":\"".utf8) + [0xFF] + Array("\"}\n\n".utf8)),
        (
            "c.jsonl",
            Array(
                ((0..<300).map { #"{"aps":{"alert":"\#($0) \#(long)"}}"# } + Array(repeating: "{}", count: 40_000)
                    + ["{\"aps\":{\"alert\":\"end\"}}"]).joined(separator: "\n").utf8
            )
        ),
        (
            "d.jsonl",
            Array(("{\"pad\":\"" + String(repeating: "x", count: 300_000) + "\"}\n{}\n{\"e\":\"\(long)\"}").utf8)
        ),
    ]

    @Test("the command's records with ranges are those of one job", arguments: [300, 4_096, 65_536, 1 << 20])
    func command(batchBytes: Int) throws {
        let folder = try TemporaryDirectory()
        let inputs = folder.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        for (name, bytes) in Self.commandFiles { try Data(bytes).write(to: inputs.appendingPathComponent(name)) }
        let arguments = ["classify", "--batch-bytes", "\(batchBytes)", "--max-payload-bytes", "100000", "in"]
        let one = try CommandHarness.run(arguments + ["--jobs", "1"], in: folder.url)
        let tracePath = folder.url.appendingPathComponent("trace.tsv").path
        let two = try CommandHarness.run(
            arguments + ["--jobs", "2"],
            in: folder.url,
            environment: ["PUSH_PAYLOADS_TRACE": tracePath]
        )
        #expect(two.stdout == one.stdout)
        #expect(two.stderr == one.stderr)
        #expect(two.status == one.status)
        #expect(one.output.contains(#""code":"too_large""#))
        // The workers found the lines of ranges (at 1 MiB, only in the last file's tail, cut smaller).
        let trace = try String(contentsOfFile: tracePath, encoding: .utf8)
        #expect(trace.contains("\tsearch\t"))
        // Arrow's record batches follow the batches, so it has no ranges.
        let arrowTrace = folder.url.appendingPathComponent("arrow.tsv").path
        let arrow = try CommandHarness.run(
            arguments + ["--jobs", "2", "--format", "arrow"],
            in: folder.url,
            environment: ["PUSH_PAYLOADS_TRACE": arrowTrace]
        )
        #expect(arrow.status == one.status)
        #expect(!(try String(contentsOfFile: arrowTrace, encoding: .utf8)).contains("\tsearch\t"))
    }

    @Test("an empty file, one line, and a last line without a line feed, with two jobs as with one")
    func smallFiles() throws {
        let folder = try TemporaryDirectory()
        let cases: [[UInt8]] = [[], Array("{\"a\":1}".utf8), Array("{\"a\":1}\n".utf8), Array("\n\n".utf8)]
        for (index, bytes) in cases.enumerated() {
            let file = folder.url.appendingPathComponent("f\(index).jsonl")
            try Data(bytes).write(to: file)
            let one = try CommandHarness.run(["classify", "--batch-bytes", "2", "--jobs", "1", file.path])
            let two = try CommandHarness.run(["classify", "--batch-bytes", "2", "--jobs", "2", file.path])
            #expect(two.stdout == one.stdout)
            #expect(two.stderr == one.stderr)
            #expect(two.status == one.status)
        }
    }
}
#endif
