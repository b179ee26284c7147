import Foundation
import PushPayloadsTestSupport
import SystemPackage
import Testing

@testable import PushPayloadsCommand

#if os(Linux)
/// Mapped inputs (``MappedInput``): the same batches, payloads, line numbers and counts as the same file read, and
/// the files that are read instead of mapped; a file that shrinks while mapped does not crash the process.
@Suite("MappedInput")
struct MappedInputTests {
    /// One batch as the reader left it: its payloads or oversized lengths by line, its bytes and its marks.
    struct Batch: Equatable, CustomStringConvertible {
        var entries: [String]
        var consumedBytes: Int
        var byteOrderMarks: Int

        var description: String { "\(entries) (\(consumedBytes) bytes, \(byteOrderMarks) BOM)" }
    }

    /// The batches of `text` from a file, mapped or read (through `read(2)` in 64 KiB chunks).
    static func batches(
        _ text: [UInt8],
        mapped: Bool,
        limit: Int = 64,
        batchBytes: Int,
        entries: Int = 1 << 20
    )
        throws -> [Batch]
    {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("input.jsonl")
        try Data(text).write(to: file)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        let reader = LineReader(
            path: "input",
            fileDescriptor: handle.fileDescriptor,
            mode: .jsonLines,
            maximumPayloadBytes: limit,
            chunkSize: 1 << 16
        )
        if mapped {
            reader.mapping = MappedInput.make(.init(rawValue: handle.fileDescriptor))
            #expect(reader.mapping != nil)
        }
        var batches: [Batch] = []
        var more = true
        while more {
            let batch = LineBatch(capacity: 8)
            batch.reset(source: "input")
            more = try reader.fill(batch, targetBytes: batchBytes, maximumEntries: entries)
            let entries = batch.entries.map { entry in
                entry.isOversized
                    ? "\(entry.line): oversized \(entry.oversizedLength)"
                    : "\(entry.line): \(String(decoding: batch.payload(entry), as: UTF8.self))"
            }
            batches.append(
                Batch(entries: entries, consumedBytes: batch.consumedBytes, byteOrderMarks: batch.tally.byteOrderMarks)
            )
        }
        return batches
    }

    static let texts: [[UInt8]] = [
        Array("{\"a\":1}\r\n\n  \t\r\n{\"b\":2}\n\r\n{\"c\":\"x\\r\"}\r\n{}".utf8),
        Array("{\"a\":1}\n{\"b\":2}\n".utf8),
        [0xEF, 0xBB, 0xBF] + Array("{\"bom\":true}\n{\"n\":2}".utf8),
        Array("{\"bad\":\"".utf8) + [0xFF, 0xC3] + Array("\"}\n\u{1F600}\n".utf8),
        Array("\n\r\n \n\t".utf8),
        Array("a\r\r\nb\rc\n".utf8),
        Array(
            (0..<3_000).map { #"{"n":\#($0),"pad":"\#(String(repeating: "x", count: $0 % 50))"}"# }.joined(
                separator: "\n"
            ).utf8
        ),
    ]

    @Test(
        "mapped batches are the batches read: payloads, lines, bytes, byte-order marks",
        arguments: [1, 7, 64, 4_096, 1 << 20]
    )
    func sameBatches(batchBytes: Int) throws {
        for text in Self.texts {
            let read = try Self.batches(text, mapped: false, batchBytes: batchBytes)
            let mapped = try Self.batches(text, mapped: true, batchBytes: batchBytes)
            #expect(mapped == read)
            #expect(mapped.reduce(0) { $0 + $1.consumedBytes } == text.count)
        }
        // Batches also end at their number of entries.
        let many = Self.texts.last ?? []
        #expect(
            try Self.batches(many, mapped: true, batchBytes: 1 << 20, entries: 100)
                == Self.batches(many, mapped: false, batchBytes: 1 << 20, entries: 100)
        )
    }

    @Test("a line over the limit is the same oversized entry, whole or across batches", arguments: [1, 300, 1 << 20])
    func oversized(batchBytes: Int) throws {
        let long = String(repeating: "x", count: 100)
        let text = Array(
            (long + "\r\n" + "{}\r\n" + "   " + long + "\n" + String(repeating: " ", count: 200) + "\n" + long).utf8
        )
        let read = try Self.batches(text, mapped: false, limit: 10, batchBytes: batchBytes).flatMap(\.entries)
        let mapped = try Self.batches(text, mapped: true, limit: 10, batchBytes: batchBytes).flatMap(\.entries)
        #expect(mapped == read)
        #expect(mapped == ["1: oversized 100", "2: {}", "3: oversized 103", "5: oversized 100"])
    }

    @Test("empty, compressed and non-regular files are read, not mapped")
    func notMapped() throws {
        let folder = try TemporaryDirectory()
        for (name, bytes) in [
            ("empty.jsonl", [UInt8]()), ("a.jsonl.gz", [0x1F, 0x8B, 0x08, 0x00]),
            ("z.jsonl", [0x28, 0xB5, 0x2F, 0xFD]),
        ] {
            let file = folder.url.appendingPathComponent(name)
            try Data(bytes).write(to: file)
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            #expect(MappedInput.make(.init(rawValue: handle.fileDescriptor)) == nil, "\(name)")
        }
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: Data("{}\n".utf8))
        #expect(MappedInput.make(.init(rawValue: pipe.fileHandleForReading.fileDescriptor)) == nil)
        let directory = open(folder.url.path, O_RDONLY)
        defer { close(directory) }
        #expect(MappedInput.make(.init(rawValue: directory)) == nil)
    }

    /// A file of `pages` pages of the digit 1, open for update (to shrink it under its mapping), in a folder that is
    /// removed when the returned folder goes away; and the page size.
    static func pagesFile(pages: Int = 8) throws -> (folder: TemporaryDirectory, handle: FileHandle, pageSize: Int) {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("input.jsonl")
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        try Data(repeating: UInt8(ascii: "1"), count: pageSize * pages).write(to: file)
        return (folder, try FileHandle(forUpdating: file), pageSize)
    }

    @Test("a file that shrinks while mapped: no SIGBUS, and where it was damaged is known")
    func shrinks() throws {
        let (folder, handle, pageSize) = try Self.pagesFile()
        defer { try? handle.close() }
        _ = folder
        let mapping = try #require(MappedInput.make(.init(rawValue: handle.fileDescriptor)))
        #expect(mapping.damagedOffset == Int.max)
        // Shrunk inside the last page: no page is gone, the size says it.
        #expect(ftruncate(handle.fileDescriptor, off_t(pageSize * 8 - 10)) == 0)
        #expect(mapping.damagedOffset == pageSize * 8 - 10)
        // Shrunk by pages, then grown back: the pages read while they were gone are zeros, and known.
        #expect(ftruncate(handle.fileDescriptor, off_t(pageSize * 2 + 5)) == 0)
        let past = (mapping.bytes + pageSize * 5).pointee
        let before = (mapping.bytes + pageSize).pointee
        #expect(past == 0)
        #expect(before == UInt8(ascii: "1"))
        #expect(ftruncate(handle.fileDescriptor, off_t(pageSize * 8)) == 0)
        #expect(mapping.damagedOffset == pageSize * 5)
        // The guard's slot is free again once the mapping is gone.
        for _ in 0..<(BusErrorGuard.slotCount * 2) {
            #expect(MappedInput.make(.init(rawValue: handle.fileDescriptor)) != nil)
        }
    }

    @Test("written batches' pages are given back in spans that end on 2 MiB boundaries, and read the same after")
    func release() throws {
        let (folder, handle, pageSize) = try Self.pagesFile(pages: (20 << 20) / Int(sysconf(Int32(_SC_PAGESIZE))))
        defer { try? handle.close() }
        _ = folder
        let mapping = try #require(MappedInput.make(.init(rawValue: handle.fileDescriptor)))
        let base = Int(bitPattern: UInt(bitPattern: mapping.bytes))
        let alignment = MappedInput.Release.alignment
        var released = MappedInput.Release()
        // A smaller minimum than the default's, so that a 20 MiB file gives back several spans.
        released.minimumBytes = 8 << 20
        var offset = 0
        var givenBack = [0]
        // Batches of a little over 1 MiB, as ranges and searched batches end past their targets.
        while offset < mapping.count {
            let count = min((1 << 20) + 4_321, mapping.count - offset)
            released.add(mapping, from: offset, count: count)
            offset += count
            let pending = try #require(released.pending)
            #expect(pending.to == offset)
            if pending.from != givenBack.last {
                // Given back up to the last boundary before the written end, at least the minimum at once.
                #expect((base + pending.from) % alignment == 0)
                #expect(pending.from <= offset && offset - pending.from < alignment)
                #expect(pending.from - givenBack.last! >= released.minimumBytes)
                givenBack.append(pending.from)
            }
        }
        #expect(givenBack.count >= 2)
        // Another mapping's batch gives back all that was pending first.
        let other = try #require(MappedInput.make(.init(rawValue: handle.fileDescriptor)))
        released.add(other, from: 0, count: pageSize)
        #expect(released.pending?.mapping === other && released.pending?.from == 0)
        released.finish()
        #expect(released.pending == nil)
        // Pages given back are the file's again when read.
        let bytes = UnsafeBufferPointer(start: mapping.bytes, count: mapping.count)
        #expect(bytes.allSatisfy { $0 == UInt8(ascii: "1") })
    }

    @Test("with the default minimum, a mapped input read batch by batch keeps at most about the minimum resident")
    func releaseBoundsResidentBytes() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let minimum = MappedInput.Release().minimumBytes
        let (folder, handle, _) = try Self.pagesFile(pages: (minimum * 2 + (5 << 20)) / pageSize)
        defer { try? handle.close() }
        _ = folder
        let mapping = try #require(MappedInput.make(.init(rawValue: handle.fileDescriptor)))
        var released = MappedInput.Release()
        var offset = 0
        var largest = 0
        var sum = 0
        while offset < mapping.count {
            // Each batch read, as a worker reads it, then noted as written.
            let count = min((2 << 20) + 4_321, mapping.count - offset)
            for page in stride(from: offset, to: offset + count, by: pageSize) { sum &+= Int(mapping.bytes[page]) }
            largest = max(largest, try #require(try Self.residentBytes(of: mapping)))
            released.add(mapping, from: offset, count: count)
            offset += count
        }
        #expect(sum > 0)
        // Read whole, more than twice the minimum, and never more resident at once than the minimum, the batch being
        // read and two alignments' worth (the kernel may map a large page-cache folio 2 MiB at a time on each side).
        #expect(largest >= minimum)
        #expect(largest <= minimum + (2 << 20) + 4_321 + 2 * MappedInput.Release.alignment)
        released.finish()
        #expect(try Self.residentBytes(of: mapping) == 0)
    }

    /// The resident bytes of `mapping` (`Rss` of its entry in `/proc/self/smaps`), or `nil` when not found.
    static func residentBytes(of mapping: MappedInput) throws -> Int? {
        let start = UInt(bitPattern: mapping.bytes)
        // Read to its end: `String(contentsOfFile:)` trusts the size `stat` gives, which is 0 for procfs.
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        let smaps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                let low = UInt(line[..<dash], radix: 16)
            {
                inMapping = low == start
            } else if inMapping, line.hasPrefix("Rss:") {
                let kilobytes = line.dropFirst(4).split(separator: " ").first.flatMap { Int($0) }
                return kilobytes.map { $0 * 1024 }
            }
        }
        return nil
    }

    /// The batches of a `--byte-range` part of `text` (``InputByteRange``), mapped or read, and whether the part is
    /// one the command maps (``InputFeeder/isMappable(_:)``).
    static func rangeBatches(
        _ text: [UInt8],
        start: Int,
        length: Int,
        mapped: Bool,
        batchBytes: Int
    ) throws -> (batches: [Batch], mappable: Bool) {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("input.jsonl")
        try Data(text).write(to: file)
        let whole = InputSpec(source: .file(FilePath(file.path)), name: "input", mode: .jsonLines, size: text.count)
        let restricted = InputByteRange(start: start, length: length).restrict([.input(whole)])
        guard case .input(let spec) = try #require(restricted.first) else {
            Issue.record("the range \(start):\(length) was refused: \(restricted)")
            return ([], false)
        }
        let (descriptor, _) = try spec.open()
        defer { try? descriptor.close() }
        let reader = LineReader(spec, fileDescriptor: descriptor, maximumPayloadBytes: 64)
        if mapped {
            reader.mapping = MappedInput.make(descriptor, range: spec.byteRange)
            #expect(reader.mapping != nil)
        }
        var batches: [Batch] = []
        var more = true
        while more {
            let batch = LineBatch(capacity: 8)
            batch.reset(source: "input")
            more = try reader.fill(batch, targetBytes: batchBytes, maximumEntries: 1 << 20)
            let entries = batch.entries.map { entry in
                entry.isOversized
                    ? "\(entry.line): oversized \(entry.oversizedLength)"
                    : "\(entry.line): \(String(decoding: batch.payload(entry), as: UTF8.self))"
            }
            batches.append(
                Batch(entries: entries, consumedBytes: batch.consumedBytes, byteOrderMarks: batch.tally.byteOrderMarks)
            )
        }
        return (batches, InputFeeder.isMappable(spec))
    }

    @Test(
        "a byte range's mapped batches are the range read: at 0, at line starts, mid-line, empty, to the end",
        arguments: [1, 7, 4_096, 1 << 20]
    )
    func sameRangeBatches(batchBytes: Int) throws {
        for text in Self.texts where !text.isEmpty {
            let cuts = Set([0, 1, 2, 3, 8, 9, text.count / 3, text.count / 2, text.count - 1, text.count]).filter {
                $0 <= text.count
            }
            for start in cuts.sorted() where start < text.count {
                for end in cuts.sorted() where end >= start {
                    let read = try Self.rangeBatches(
                        text,
                        start: start,
                        length: end - start,
                        mapped: false,
                        batchBytes: batchBytes
                    )
                    guard read.mappable else { continue }
                    let mapped = try Self.rangeBatches(
                        text,
                        start: start,
                        length: end - start,
                        mapped: true,
                        batchBytes: batchBytes
                    )
                    #expect(mapped.batches == read.batches, "\(start):\(end - start)")
                }
            }
        }
    }

    @Test("a range's mapping reads only the range, and a file shrunk under it is known")
    func rangeShrinks() throws {
        let (folder, handle, pageSize) = try Self.pagesFile()
        defer { try? handle.close() }
        _ = folder
        let descriptor = FileDescriptor(rawValue: handle.fileDescriptor)
        #expect(MappedInput.make(descriptor, range: 0..<(pageSize * 8 + 1)) == nil, "a range past the end")
        let mapping = try #require(MappedInput.make(descriptor, range: (pageSize * 2)..<(pageSize * 6)))
        #expect(mapping.readRange == (pageSize * 2)..<(pageSize * 6))
        #expect(mapping.skippedBytes == 0)
        // Shrunk into the range: the page read past the new end is zeros, and the damage is known.
        #expect(ftruncate(handle.fileDescriptor, off_t(pageSize * 3 + 5)) == 0)
        #expect((mapping.bytes + pageSize * 5).pointee == 0)
        #expect(mapping.damagedOffset == pageSize * 3 + 5)
    }

    /// Files the command maps, each with what a mapping could get wrong: a byte-order mark, CRLF and no final line
    /// break; invalid UTF-8; blank lines only (no payload, then the next file in the same batch); a line over the
    /// limit; a payload on the last page.
    static let commandFiles: [(String, [UInt8])] = [
        (
            "a.jsonl",
            [0xEF, 0xBB, 0xBF] + Array("{\"aps\":{\"alert\":\"hi\"}}\r\n\r\n{\"aps\":{\"content-available\":1}}".utf8)
        ),
        ("b.jsonl", Array("\n \n\t\r\n".utf8)),
        (
            "c.jsonl",
            Array("{\"aps\":{\"alert\":\"".utf8) + [0xFF, 0xFE]
                + Array("\"}}\n{\"notification\":{\"title\":\"t\"}}\n".utf8)
        ),
        ("d.jsonl", Array(("{\"pad\":\"" + String(repeating: "x", count: 300_000) + "\"}\n{}\n").utf8)),
        ("e.jsonl", Array((0..<2_000).map { #"{"aps":{"alert":"\#($0)"},"n":\#($0)}"# }.joined(separator: "\n").utf8)),
    ]

    @Test(
        "the command's records from mapped files are those of the same bytes read from standard input",
        arguments: [1, 2]
    )
    func command(jobs: Int) throws {
        let folder = try TemporaryDirectory()
        let inputs = folder.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        var expected = Data()
        for (name, bytes) in Self.commandFiles {
            try Data(bytes).write(to: inputs.appendingPathComponent(name))
            let read = try CommandHarness.run(
                [
                    "classify", "--jobs", "\(jobs)", "--max-payload-bytes", "100000", "--source-label", "in/\(name)",
                    "-",
                ],
                stdin: Data(bytes),
                in: folder.url
            )
            expected += read.stdout
        }
        let mapped = try CommandHarness.run(
            ["classify", "--jobs", "\(jobs)", "--max-payload-bytes", "100000", "in"],
            in: folder.url
        )
        #expect(mapped.status == 1)
        #expect(mapped.output == String(decoding: expected, as: UTF8.self))
        #expect(mapped.output.contains(#""code":"too_large""#))
        // A file that is not regular (standard input through /dev/stdin, a file here) is read.
        let (_, bytes) = Self.commandFiles[0]
        let piped = try CommandHarness.run(["classify", "--jobs", "\(jobs)", "/dev/stdin"], stdin: Data(bytes))
        #expect(piped.lines.count == 2)
    }
}
#endif
