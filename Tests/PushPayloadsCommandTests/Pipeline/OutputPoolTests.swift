import Foundation
@_spi(Writers) import PushPayloadsJSON
import PushPayloadsTestSupport
import Testing

@testable import PushPayloadsCommand

/// The output buffers batches are lent with several jobs (``OutputPool``, ``LineBatch/lendOutput(_:)``): the buffer
/// written last is lent next, at the room it grew to, emptied, and a batch's records are the same whichever buffer
/// holds them.
@Suite("OutputPool")
struct OutputPoolTests {
    /// Bytes that tell one batch's records from another's.
    static func records(_ index: Int, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }
    }

    @Test("the buffer given back last is lent next, emptied, at the room it grew to")
    func lastInFirstOut() {
        let pool = OutputPool(capacity: 64)
        let first = LineBatch(capacity: 8)
        let own = first.output
        #expect(first.returnOutput() == nil, "nothing lent yet")
        first.lendOutput(pool.take())
        let lent = first.output
        #expect(lent !== own)
        lent.append(Self.records(1, count: 100_000))
        #expect(lent.reservedCapacity >= 100_000)
        let grown = lent.reservedCapacity
        pool.give(first.returnOutput()!)
        #expect(first.output === own)
        #expect(first.returnOutput() == nil)

        let second = LineBatch(capacity: 8)
        second.lendOutput(pool.take())
        #expect(second.output === lent)
        #expect(second.output.isEmpty)
        #expect(second.output.reservedCapacity == grown)
        // Every buffer is in use: a new one, with the pool's starting room.
        let third = LineBatch(capacity: 8)
        third.lendOutput(pool.take())
        #expect(third.output !== lent)
        #expect(third.output.reservedCapacity == 64)
    }

    @Test("batches of different sizes, two at a time, each get their own records and few buffers are made")
    func batchesOfDifferentSizes() {
        let pool = OutputPool(capacity: 1_024)
        let sizes = [10, 3_000_000, 0, 5, 700_000, 2_000_000, 1, 64 * 1024, 1_500_000, 9]
        let batches = (0..<6).map { _ in LineBatch(capacity: 8) }
        var made = Set<ObjectIdentifier>()
        var inFlight: [(batch: LineBatch, index: Int)] = []
        for (index, size) in sizes.enumerated() {
            let batch = batches[index % batches.count]
            batch.lendOutput(pool.take())
            made.insert(ObjectIdentifier(batch.output))
            #expect(batch.output.isEmpty)
            batch.output.append(Self.records(index, count: size))
            inFlight.append((batch, index))
            // Written in order once two are filled, as the consumer does behind two workers.
            if inFlight.count == 2 {
                let (written, writtenIndex) = inFlight.removeFirst()
                #expect(written.output.bytes == Self.records(writtenIndex, count: sizes[writtenIndex]))
                pool.give(written.returnOutput()!)
            }
        }
        for (written, writtenIndex) in inFlight {
            #expect(written.output.bytes == Self.records(writtenIndex, count: sizes[writtenIndex]))
            pool.give(written.returnOutput()!)
        }
        // Two in flight and one being given back: three buffers at most, for ten batches over six batch objects.
        #expect(made.count <= 3)
    }

    @Test("records written into lent buffers are those of one job, for lines whose records differ in size")
    func command() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("mixed.jsonl")
        // Runs of short and long payloads, so batches' records range from a few bytes to most of a batch.
        let lines = (0..<6_000).map { index -> String in
            let text = String(repeating: index % 400 < 200 ? "a" : "long text ", count: index % 400 < 200 ? 1 : 60)
            return #"{"aps":{"alert":{"title":"\#(index)","body":"\#(text)"}},"n":\#(index)}"#
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let arguments = ["classify", "--batch-bytes", "16384", file.path]
        let one = try CommandHarness.run(arguments + ["--jobs", "1"])
        let two = try CommandHarness.run(arguments + ["--jobs", "2"])
        #expect(one.status == 0)
        #expect(one.lines.count == 6_000)
        #expect(two.stdout == one.stdout)
        #expect(two.stderr == one.stderr)
        #expect(two.status == one.status)
    }
}
