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
/// input is one payload, even an empty one.
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

    /// Bytes read into a batch but not yet split when it filled up: the start of the next batch.
    private var carry: UnsafeMutablePointer<UInt8>
    private var carryCapacity: Int
    private var carryCount = 0
    private var atEnd = false

    private var lineNumber = 1
    private var skipping = false
    private var skippedBytes = 0
    private var skippedNonBlank = false
    private var lastSkippedByte: UInt8 = 0

    /// The default chunk: large enough that `read(2)` costs nothing per payload, small enough that the
    /// carried-over end of a batch stays small next to the batch.
    static let defaultChunkSize = 256 * 1024

    init(
        path: String,
        fileDescriptor: FileDescriptor,
        mode: Mode,
        maximumPayloadBytes: Int,
        chunkSize: Int = defaultChunkSize
    ) {
        self.path = path
        self.fileDescriptor = fileDescriptor
        self.mode = mode
        self.maximumPayloadBytes = maximumPayloadBytes
        self.chunkSize = max(chunkSize, 1)
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

    deinit { carry.deallocate() }

    /// Appends payloads to `batch` until it holds at least `targetBytes` bytes or `maximumEntries`
    /// entries, stopping only between lines. Returns `false` once the input is exhausted.
    ///
    /// On a read error the batch keeps the payloads completed so far and the error is thrown; the
    /// unfinished line is dropped.
    func fill(_ batch: LineBatch, targetBytes: Int, maximumEntries: Int) throws(InputError) -> Bool {
        var lineStart = batch.byteCount
        if carryCount > 0 {
            batch.append(carry, count: carryCount)
            batch.consumedBytes += carryCount
            carryCount = 0
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
                if skipping { countSkipped(batch.bytes + scanned, newline - scanned) }
                finishLine(batch, lineStart: lineStart, end: newline)
                lineStart = newline + 1
                scanned = lineStart
                if lineStart >= targetBytes || batch.entries.count >= maximumEntries {
                    keepForNextBatch(batch, from: lineStart)
                    return true
                }
            }
            if atEnd { return false }
            batch.reserve(chunkSize)
            let count = try read(into: batch.bytes + batch.byteCount)
            if count == 0 {
                atEnd = true
                if skipping || batch.byteCount > lineStart || mode == .singleDocument {
                    finishLine(batch, lineStart: lineStart, end: batch.byteCount)
                }
                return false
            }
            batch.byteCount += count
            batch.consumedBytes += count
        }
    }

    /// One `read(2)` of up to a chunk; swift-system retries it when a signal interrupts it.
    private func read(into buffer: UnsafeMutablePointer<UInt8>) throws(InputError) -> Int {
        do {
            return try fileDescriptor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: chunkSize))
        } catch {
            throw InputError(path: path, error: error)
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
        carryCount = count
        batch.byteCount = start
        batch.consumedBytes -= count
    }

    /// The current line has no line break yet: keep its bytes while it is within the limit, otherwise
    /// count and drop them.
    private func absorbPartialLine(_ batch: LineBatch, lineStart: Int, from scanned: Int) {
        if skipping {
            countSkipped(batch.bytes + scanned, batch.byteCount - scanned)
            batch.byteCount = lineStart
            return
        }
        let length = batch.byteCount - lineStart
        // One byte of slack: a CRLF line's `\r` is not part of the payload.
        guard length > maximumPayloadBytes + (mode == .jsonLines ? 1 : 0) else { return }
        skipping = true
        skippedBytes = 0
        skippedNonBlank = false
        countSkipped(batch.bytes + lineStart, length)
        batch.byteCount = lineStart
    }

    private func countSkipped(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
        guard count > 0 else { return }
        skippedBytes += count
        if !skippedNonBlank { skippedNonBlank = !Self.isBlank(UnsafeBufferPointer(start: bytes, count: count)) }
        lastSkippedByte = bytes[count - 1]
    }

    /// Ends the line in `lineStart..<end`: records a payload, an oversized entry, or nothing for a blank
    /// line.
    private func finishLine(_ batch: LineBatch, lineStart: Int, end: Int) {
        let line = mode == .jsonLines ? lineNumber : 0
        lineNumber += 1
        if skipping {
            skipping = false
            guard skippedNonBlank || mode == .singleDocument else { return }
            let length = skippedBytes - (mode == .jsonLines && lastSkippedByte == 0x0D ? 1 : 0)
            batch.entries.append(LineEntry(start: lineStart, length: 0, line: line, oversizedLength: length))
            return
        }
        var length = end - lineStart
        if mode == .jsonLines {
            if length > 0 && batch.bytes[lineStart + length - 1] == 0x0D { length -= 1 }
            if Self.isBlank(UnsafeBufferPointer(start: batch.bytes + lineStart, count: length)) { return }
        }
        if length > maximumPayloadBytes {
            batch.entries.append(LineEntry(start: lineStart, length: 0, line: line, oversizedLength: length))
            return
        }
        batch.entries.append(LineEntry(start: lineStart, length: length, line: line, oversizedLength: -1))
    }

    /// Whether the bytes are only JSON whitespace (space, tab, CR, LF), as a blank line is.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A { return false }
        return true
    }
}
