import Dispatch
import PushRecords
import PushRequests
import SystemPackage

/// Reads one input in fixed-size chunks and splits it into payloads, batch by batch.
///
/// Chunks are read straight into the batch and lines are found in place, so the input is copied once
/// by the kernel and not again; only the unfinished end of the last chunk moves on to the next batch.
/// Memory stays bounded whatever the input: a line is kept only while it is within the payload limit.
/// A longer line is not buffered: its bytes are counted and dropped up to the next line break, and it
/// becomes an ``LineEntry/oversizedLength`` entry, which the classifier reports as `too_large`.
///
/// In JSON Lines mode a trailing `\r` is dropped (CRLF files), lines holding only JSON whitespace are
/// skipped, and the last line needs no line break. In single-document mode (`.json` files) the whole
/// input is one payload, even an empty one, without its final line break.
///
/// The first bytes tell what the input is (``InputFormat``): gzip and zstd data are decompressed as
/// they are read (``InputDecompressor``), on the thread that calls ``fill(_:targetBytes:maximumEntries:)``,
/// and a UTF-8 byte-order mark at the start of the text is skipped and counted in the batch's tally.
final class LineReader {
    enum Mode: Sendable {
        case jsonLines
        case singleDocument
    }

    /// The input's name, for messages.
    let path: String
    /// The descriptor read from; the reader never closes it (its opener does).
    let fileDescriptor: FileDescriptor
    let mode: Mode
    let maximumPayloadBytes: Int
    /// Bytes asked of each `read(2)`.
    let chunkSize: Int
    /// The run's signals: each read first waits for input or a signal, and a signal ends the input at its last
    /// whole line (``fill(_:targetBytes:maximumEntries:)``).
    var interruption: Interruption?
    /// The line after which nothing more is wanted (`inspect`): a line over the limit there is not read to
    /// its end, which an endless input never has. `nil` to read every line.
    var lastWantedLine: Int?

    /// Bytes read into a batch but not yet split when it filled up: the start of the next batch.
    private var carry: UnsafeMutablePointer<UInt8>
    private var carryCapacity: Int
    /// Bytes read past the end of the last batch, which start the next one.
    private(set) var carriedBytes = 0
    private var atEnd = false

    // The state touched for every line skips the dynamic exclusivity check (a runtime call a line): the
    // reader is not `Sendable`, one thread uses it, and no access to these calls back into the reader.
    /// The number of the line being read: the one after the last complete line.
    @exclusivity(unchecked) private(set) var currentLine: Int
    /// What is left to read of a byte range (`--byte-range`); `nil` to read to the end.
    private var remainingRangeBytes: Int?
    /// Set once the first bytes have been read and the format is known.
    private var hasFormat = false
    private var decompressor: (any InputDecompressor)?
    /// A byte-order mark was skipped and not yet counted in a batch's tally.
    private var hasUncountedByteOrderMark = false
    /// The current line once it has outgrown the limit: counted, not kept (the library's rules).
    @exclusivity(unchecked) private var skipped: JSONLines.SkippedLine?

    /// The default chunk: large enough that `read(2)` costs nothing per payload, small enough that the
    /// carried-over end of a batch stays small next to the batch.
    static let defaultChunkSize = 256 * 1024

    init(
        path: String,
        fileDescriptor: FileDescriptor,
        mode: Mode,
        maximumPayloadBytes: Int,
        chunkSize: Int = defaultChunkSize,
        firstLine: Int = 1,
        recognisesFormat: Bool = true
    ) {
        self.path = path
        self.fileDescriptor = fileDescriptor
        self.mode = mode
        self.maximumPayloadBytes = maximumPayloadBytes
        self.chunkSize = max(chunkSize, 1)
        currentLine = firstLine
        hasFormat = !recognisesFormat
        carryCapacity = 0
        carry = .allocate(capacity: 1)
    }

    /// A reader of a raw descriptor, such as a `FileHandle`'s.
    convenience init(
        path: String,
        fileDescriptor: Int32,
        mode: Mode,
        maximumPayloadBytes: Int,
        chunkSize: Int = defaultChunkSize
    ) {
        self.init(
            path: path,
            fileDescriptor: FileDescriptor(rawValue: fileDescriptor),
            mode: mode,
            maximumPayloadBytes: maximumPayloadBytes,
            chunkSize: chunkSize
        )
    }

    /// A reader of `spec`, opened as `fileDescriptor`, in the spec's mode or in `mode`.
    convenience init(_ spec: InputSpec, fileDescriptor: FileDescriptor, mode: Mode? = nil, maximumPayloadBytes: Int) {
        self.init(
            path: spec.name,
            fileDescriptor: fileDescriptor,
            mode: mode ?? spec.mode,
            maximumPayloadBytes: maximumPayloadBytes,
            firstLine: spec.firstLine,
            // A part that starts after line 1 (--line-offset) is the middle of a text: no magic bytes there.
            recognisesFormat: spec.firstLine == 1
        )
        remainingRangeBytes = spec.byteRange?.count
    }

    deinit { carry.deallocate() }

    /// The input is compressed: its text is decompressed as it is read, so its size on disk says nothing of it.
    var isDecompressing: Bool { decompressor != nil }

    /// Appends payloads to `batch` until it holds at least `targetBytes` bytes or `maximumEntries`
    /// entries, stopping only between lines. Returns `false` once the input is exhausted.
    ///
    /// On a read error the batch keeps the payloads completed so far and the error is thrown; the
    /// unfinished line is dropped.
    func fill(_ batch: LineBatch, targetBytes: Int, maximumEntries: Int) throws(InputError) -> Bool {
        if let mapping { return fillMapped(batch, mapping, targetBytes: targetBytes, maximumEntries: maximumEntries) }
        var lineStart = batch.byteCount
        if carriedBytes > 0 {
            batch.append(carry, count: carriedBytes)
            batch.consumedBytes += carriedBytes
            carriedBytes = 0
        }
        // Bytes in lineStart..<scanned belong to the current line and hold no line break.
        var scanned = lineStart
        while true {
            while scanned < batch.byteCount {
                let remaining = batch.byteCount - scanned
                guard mode == .jsonLines,
                    let found = Platform.firstLineFeed(in: batch.bytes + scanned, count: remaining)
                else {
                    absorbPartialLine(batch, lineStart: lineStart, from: scanned)
                    scanned = batch.byteCount
                    break
                }
                let newline = scanned + found
                skipped?.count(UnsafeRawBufferPointer(start: batch.bytes + scanned, count: newline - scanned))
                finishLine(batch, lineStart: lineStart, end: newline)
                lineStart = newline + 1
                scanned = lineStart
                if lineStart >= targetBytes || batch.entries.count >= maximumEntries {
                    keepForNextBatch(batch, from: lineStart)
                    return true
                }
            }
            if atEnd { return false }
            let wanted = readSize(batchBytes: batch.byteCount, targetBytes: targetBytes)
            batch.reserve(max(wanted, Self.minimumFirstRead))
            let count: Int
            do {
                count = try read(into: batch.bytes + batch.byteCount, count: wanted)
            } catch {
                guard error.isInterruption else { throw error }
                // A signal: the input ends at its last whole line; the unfinished one is dropped.
                atEnd = true
                skipped = nil
                batch.byteCount = lineStart
                return false
            }
            if hasUncountedByteOrderMark {
                hasUncountedByteOrderMark = false
                batch.tally.byteOrderMarks += 1
                batch.consumedBytes += InputFormat.byteOrderMark.count
            }
            if count == 0 {
                atEnd = true
                if skipped != nil || batch.byteCount > lineStart || mode == .singleDocument {
                    finishLine(batch, lineStart: lineStart, end: batch.byteCount)
                }
                return false
            }
            batch.byteCount += count
            batch.consumedBytes += count
        }
    }

    /// The input mapped into memory (``MappedInput``), read in place instead of through ``read(into:count:)``.
    var mapping: MappedInput? {
        didSet {
            let start = mapping?.readRange.lowerBound ?? 0
            (mappedPosition, mappedPopulated) = (start, start)
        }
    }
    /// Where the next batch starts in ``mapping``.
    private var mappedPosition = 0
    /// Where the pages of ``mapping`` made present so far end.
    private var mappedPopulated = 0
    /// The bytes of a mapping made present at a time, ahead of the line search.
    static let mappedPopulateSize = 1 << 20

    /// ``fill(_:targetBytes:maximumEntries:)`` from ``mapping``: the batch becomes a view of the mapping from where
    /// the last one ended, and ends where a batch that was read would have ended, at the first line break after
    /// `targetBytes` (or after `maximumEntries` entries), so batches and their records are the same. (A line over
    /// the limit is held whole here, where a read drops it as it passes: only the batches after one can differ.)
    private func fillMapped(
        _ batch: LineBatch,
        _ mapping: MappedInput,
        targetBytes: Int,
        maximumEntries: Int
    ) -> Bool {
        skipByteOrderMark(batch, mapping)
        let start = mappedPosition
        let available = mapping.readRange.upperBound - start
        batch.view(mapping, from: start, count: available)
        var lineStart = 0
        defer {
            batch.byteCount = lineStart
            batch.consumedBytes += lineStart
            mappedPosition += lineStart
        }
        // Bytes in lineStart..<scanned hold no line break; the pages before `populated` are present.
        var scanned = 0
        var populated = max(mappedPopulated - start, 0)
        while true {
            if scanned >= populated && populated < available {
                mapping.populate(from: start + populated, count: Self.mappedPopulateSize)
                populated = min(populated + Self.mappedPopulateSize, available)
                mappedPopulated = start + populated
            }
            let limit = min(populated, available)
            guard scanned < limit else { break }
            guard let found = Platform.firstLineFeed(in: batch.bytes + scanned, count: limit - scanned) else {
                scanned = limit
                continue
            }
            let newline = scanned + found
            finishLine(batch, lineStart: lineStart, end: newline)
            lineStart = newline + 1
            scanned = lineStart
            if lineStart >= targetBytes || batch.entries.count >= maximumEntries { return true }
        }
        if lineStart < available {
            finishLine(batch, lineStart: lineStart, end: available)
            lineStart = available
        }
        // A batch without payloads stays open for the next input, which may be read into it.
        if batch.entries.isEmpty {
            batch.consumedBytes += lineStart
            mappedPosition += lineStart
            lineStart = 0
            batch.endView()
        }
        return false
    }

    /// Steps over the byte-order mark a mapping starts with (``MappedInput/skippedBytes``), once, before the first
    /// batch: counted and consumed as a read input's is, so mapped and searched batches tally alike.
    private func skipByteOrderMark(_ batch: LineBatch, _ mapping: MappedInput) {
        if mappedPosition == 0 && mapping.skippedBytes > 0 {
            mappedPosition = mapping.skippedBytes
            batch.tally.byteOrderMarks += 1
            batch.consumedBytes += mapping.skippedBytes
        }
    }

    /// The input's line numbers while its batches are ranges whose lines the workers find
    /// (``cutMappedRange(_:targetBytes:maximumEntries:makeChain:)``); `nil` while the reader finds the lines itself.
    private var lineChain: LineChain?
    /// The ranges cut from the input so far.
    private var rangesCut = 0
    /// What ``endRanges()`` sleeps on until the ranges cut so far have published their line counts.
    private let rangesTurn = DispatchSemaphore(value: 0)
    /// Whether ``cutMappedRange(_:targetBytes:maximumEntries:makeChain:)`` has cut ranges and ``endRanges()`` not yet been called.
    var isCuttingRanges: Bool { lineChain != nil }

    /// ``fill(_:targetBytes:maximumEntries:)`` from ``mapping`` without a line search: the batch becomes a view of the
    /// mapping from where the last one ended to the first line feed at or past `targetBytes - 1`, where the search
    /// would have ended it, or to the end, and its lines are left to the worker (``LineBatch/pendingLines``). Only
    /// the entry limit is not applied (see ``PendingLines``). `makeChain` makes the input's ``LineChain``, from the
    /// line the reader is at, before the first range.
    func cutMappedRange(
        _ batch: LineBatch,
        targetBytes: Int,
        maximumEntries: Int,
        makeChain: (_ firstLine: Int) -> LineChain
    ) -> Bool {
        guard let mapping, mode == .jsonLines else { preconditionFailure("ranges of an input that is not mapped") }
        skipByteOrderMark(batch, mapping)
        let start = mappedPosition
        let available = mapping.readRange.upperBound - start
        guard available > 0 else { return false }
        let searchFrom = max(targetBytes - 1, 0)
        var count = available
        if searchFrom < available,
            let found = Platform.firstLineFeed(in: mapping.bytes + start + searchFrom, count: available - searchFrom)
        {
            count = searchFrom + found + 1
        }
        // The input's last range, which may end without a line feed.
        let isLast = count == available && mapping.bytes[start + count - 1] != 0x0A
        let hasEntries = !JSONLines.isBlank(UnsafeRawBufferPointer(start: mapping.bytes + start, count: count))
        mappedPosition += count
        batch.consumedBytes += count
        // A last range of blank lines leaves the batch open for the next input, as the search does.
        if isLast && !hasEntries { return false }
        let chain = lineChain ?? makeChain(currentLine)
        lineChain = chain
        batch.view(mapping, from: start, count: count)
        batch.pendingLines = PendingLines(
            chain: chain,
            index: rangesCut,
            maximumLineBytes: maximumPayloadBytes,
            maximumEntries: maximumEntries,
            hasEntries: hasEntries
        )
        rangesCut += 1
        return count < available
    }

    /// Goes back to finding the lines itself after ranges: waits until the workers have published the line counts of
    /// the ranges cut so far, and reads on from the line after them.
    func endRanges() {
        guard let chain = lineChain else { return }
        currentLine = chain.firstLine(of: rangesCut, lineCount: 0, turn: rangesTurn)
        lineChain = nil
        mappedPopulated = mappedPosition
    }

    /// Room the first read needs, whatever the chunk size: enough to recognise every format.
    static let minimumFirstRead = 16

    /// The bytes the last line of a full batch is finished with: the most a batch hands on to the next.
    static let finishingReadSize = 16 * 1024

    /// Bytes to ask of the next read into a batch holding `batchBytes`: a chunk, but no more than the
    /// batch still lacks of `targetBytes`, and once it has them, only ``finishingReadSize``.
    ///
    /// The batch ends at the first line break after its target, and what was read past that break moves to the next
    /// batch (``keepForNextBatch(_:from:)``): reading whole chunks past the target would move half a chunk on average,
    /// twice, for every batch. A `.json` document has no line breaks to stop at, so it is read in whole chunks.
    private func readSize(batchBytes: Int, targetBytes: Int) -> Int {
        guard mode == .jsonLines else { return chunkSize }
        return min(chunkSize, max(targetBytes - batchBytes, Self.finishingReadSize))
    }

    /// Up to `count` bytes of the input's text: read, or decompressed. The first call finds out what the input is.
    private func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(InputError) -> Int {
        if let decompressor {
            return try decompressor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: count))
        }
        if hasFormat { return try readRaw(into: buffer, count: count) }
        hasFormat = true
        return try readFirst(into: buffer, count: count)
    }

    /// One `read(2)`; swift-system retries it when a signal interrupts it.
    private func readRaw(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(InputError) -> Int {
        if let interruption, !interruption.waitForInput(on: fileDescriptor) { throw .interrupted(path: path) }
        do {
            guard let remaining = remainingRangeBytes else {
                return try fileDescriptor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: count))
            }
            let read = try fileDescriptor.read(
                into: UnsafeMutableRawBufferPointer(start: buffer, count: min(count, remaining))
            )
            remainingRangeBytes = remaining - read
            return read
        } catch {
            throw InputError(path: path, reason: "\(error)")
        }
    }

    /// Reads until the first bytes tell the format (a pipe may bring them a few at a time), sets up a
    /// decompressor if they are compressed, and drops a byte-order mark at the start of the text.
    private func readFirst(into buffer: UnsafeMutablePointer<UInt8>, count wanted: Int) throws(InputError) -> Int {
        let room = max(wanted, Self.minimumFirstRead)
        var (count, format) = try readUntilKnown(into: buffer, room: room) { count throws(InputError) in
            try readRaw(into: buffer + count, count: room - count)
        }
        switch format {
        case .text:
            break
        case .gzip, .zstd:
            if let reason = format.unsupportedReason { throw InputError(path: path, reason: reason) }
            let input = CompressedInput(
                path: path,
                fileDescriptor: fileDescriptor,
                prefix: UnsafeRawBufferPointer(start: buffer, count: count)
            )
            input.interruption = interruption
            #if Zstd
            let decompressor: any InputDecompressor =
                format == .zstd ? try ZstdDecompressor(input: input) : try GzipDecompressor(input: input)
            #else
            let decompressor: any InputDecompressor = try GzipDecompressor(input: input)
            #endif
            self.decompressor = decompressor
            // The decompressed text may itself start with a byte-order mark.
            (count, format) = try readUntilKnown(into: buffer, room: room) { count throws(InputError) in
                try decompressor.read(into: UnsafeMutableRawBufferPointer(start: buffer + count, count: room - count))
            }
            guard format.skippedBytes > 0 || format == .text(byteOrderMark: false) else {
                throw InputError(
                    path: path,
                    reason: "the compressed data holds more compressed data: decompress it first"
                )
            }
        case .unsupported:
            throw InputError(path: path, reason: format.unsupportedReason ?? "unsupported input")
        }
        let skipped = format.skippedBytes
        guard skipped > 0 else { return count }
        hasUncountedByteOrderMark = true
        UnsafeMutableRawPointer(buffer).copyMemory(from: buffer + skipped, byteCount: count - skipped)
        return count - skipped
    }

    /// Reads with `next` until the bytes read tell their format or the input ends.
    private func readUntilKnown(
        into buffer: UnsafeMutablePointer<UInt8>,
        room: Int,
        _ next: (Int) throws(InputError) -> Int
    ) throws(InputError) -> (Int, InputFormat) {
        var count = 0
        while true {
            let read = count < room ? try next(count) : 0
            count += read
            let known = InputFormat.detect(UnsafeRawBufferPointer(start: buffer, count: count), atEnd: read == 0)
            if let known { return (count, known) }
        }
    }

    /// Moves the bytes after `start` (already read, not yet split) out of the full batch.
    private func keepForNextBatch(_ batch: LineBatch, from start: Int) {
        let count = batch.byteCount - start
        guard count > 0 else { return }
        if count > carryCapacity {
            carry.deallocate()
            carryCapacity = max(count, carryCapacity * 2)
            carry = .allocate(capacity: carryCapacity)
        }
        carry.update(from: batch.bytes + start, count: count)
        carriedBytes = count
        batch.byteCount = start
        batch.consumedBytes -= count
    }

    /// The current line has no line break yet: keep its bytes while it is within the limit, otherwise
    /// count and drop them.
    private func absorbPartialLine(_ batch: LineBatch, lineStart: Int, from scanned: Int) {
        if skipped != nil {
            skipped?.count(UnsafeRawBufferPointer(start: batch.bytes + scanned, count: batch.byteCount - scanned))
            batch.byteCount = lineStart
            return
        }
        let length = batch.byteCount - lineStart
        // Slack for line breaks that are not part of the payload: a CRLF line's `\r`, a `.json` file's
        // final `\n` or `\r\n`.
        guard length > maximumPayloadBytes + (mode == .jsonLines ? 1 : 2) else { return }
        if mode == .singleDocument || lastWantedLine.map({ currentLine >= $0 }) == true {
            // A document over the limit (or the last line wanted, over it) is a too_large error whatever
            // follows; reading on would only count its length, and an endless input (`inspect /dev/zero`)
            // would never end.
            let line = mode == .jsonLines ? currentLine : 0
            currentLine += 1
            batch.entries.append(
                LineEntry(start: lineStart, length: 0, line: line, oversizedLength: LineEntry.unknownOversizedLength)
            )
            batch.byteCount = lineStart
            atEnd = true
            return
        }
        var line = JSONLines.SkippedLine()
        line.count(UnsafeRawBufferPointer(start: batch.bytes + lineStart, count: length))
        skipped = line
        batch.byteCount = lineStart
    }

    /// Ends the line in `lineStart..<end`: records a payload, an oversized entry, or nothing for a blank line.
    private func finishLine(_ batch: LineBatch, lineStart: Int, end: Int) {
        let line = mode == .jsonLines ? currentLine : 0
        currentLine += 1
        if let skippedLine = skipped.take() {
            let length: Int
            switch mode {
            case .jsonLines:
                guard let lineLength = skippedLine.lineLength else { return }
                length = lineLength
            case .singleDocument:
                length = skippedLine.documentLength
            }
            batch.entries.append(LineEntry(start: lineStart, length: 0, line: line, oversizedLength: length))
            return
        }
        var length = end - lineStart
        switch mode {
        case .jsonLines:
            let bytes = UnsafeRawBufferPointer(start: batch.bytes + lineStart, count: length)
            switch JSONLines.ending(of: bytes, maximumLineBytes: maximumPayloadBytes) {
            case .blank: return
            case .payload(let payloadLength): length = payloadLength
            case .oversized(let oversizedLength): length = oversizedLength
            }
        case .singleDocument:
            // The file's final line break is not part of the payload (nor of its size).
            if length > 0 && batch.bytes[lineStart + length - 1] == 0x0A {
                length -= 1
                if length > 0 && batch.bytes[lineStart + length - 1] == 0x0D { length -= 1 }
            }
        }
        if length > maximumPayloadBytes {
            batch.entries.append(LineEntry(start: lineStart, length: 0, line: line, oversizedLength: length))
            return
        }
        batch.entries.append(LineEntry(start: lineStart, length: length, line: line, oversizedLength: -1))
    }
}

extension InputSpec {
    /// Reads the input a batch of `batchBytes` or `entriesPerBatch` at a time and hands `body` each payload
    /// (only line `wanted`'s when given, the input then read as JSON Lines) with its batch, until `body`
    /// returns `false`. Returns whether it read to the end. A line over the limit at `lastWantedLine` (or
    /// `wanted`) or after it ends the input; a signal caught by `interruption` ends it at its last whole line.
    func read(
        maximumPayloadBytes: Int,
        line wanted: Int?,
        batchBytes: Int = 1 << 20,
        entriesPerBatch: Int = 4096,
        lastWantedLine: Int? = nil,
        interruption: Interruption? = nil,
        _ body: (LineEntry, LineBatch) -> Bool
    ) throws(InputError) -> Bool {
        let (descriptor, isFile) = try open()
        defer { if isFile { try? descriptor.close() } }
        let mode = wanted == nil ? mode : .jsonLines
        let reader = LineReader(self, fileDescriptor: descriptor, mode: mode, maximumPayloadBytes: maximumPayloadBytes)
        reader.lastWantedLine = lastWantedLine ?? wanted
        reader.interruption = interruption
        let batch = LineBatch(capacity: 256 * 1024)
        var more = true
        while more {
            batch.reset(source: name)
            more = try reader.fill(batch, targetBytes: batchBytes, maximumEntries: entriesPerBatch)
            for entry in batch.entries where wanted == nil || entry.line == wanted {
                guard body(entry, batch) else { return false }
            }
        }
        return true
    }
}
