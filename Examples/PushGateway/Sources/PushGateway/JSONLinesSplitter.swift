/// Splits a JSON Lines stream that arrives in pieces of any size into lines, holding no more than one
/// unfinished line, and no more than the limit of it.
///
/// A request body arrives as a sequence of buffers whose boundaries fall anywhere: inside a line,
/// inside a UTF-8 sequence, between the `\r` and the `\n` of a CRLF. The splitter hands every line
/// that lies inside one buffer to its sink straight from that buffer; only a line that spans buffers is
/// copied, into a carry buffer that never grows past the limit. A line that outgrows the limit is not
/// kept: its bytes are counted up to its line break and the sink hears its length
/// (``JSONLinesSink/oversized(line:length:)``), which the gateway reports as a `too_large` record.
///
/// The rules are the `push-payloads classify` command's: lines end at `\n`; a `\r` before it is dropped;
/// lines holding only JSON whitespace are skipped but counted; the last line needs no line break. Only
/// `\n` is looked for, and `\n` never occurs inside a UTF-8 sequence, so a split inside a character
/// needs no special care: its bytes are carried like any other.
///
/// ```swift
/// var splitter = JSONLinesSplitter(maximumLineBytes: 65_536)
/// for try await buffer in request.body {
///     splitter.feed(buffer.readableBytesSpan, into: &sink)
/// }
/// splitter.finish(into: &sink)
/// ```
public struct JSONLinesSplitter: Sendable {
    /// The longest line handed over, without its line break.
    public let maximumLineBytes: Int
    /// The number of the line being read: 1 for the first.
    public private(set) var lineNumber = 1

    /// The start of a line that began in an earlier piece; empty when the line starts in the next one.
    private var carry: [UInt8] = []
    /// Whether the current line has outgrown the limit and is being counted, not kept.
    private var skipping = false
    private var skippedBytes = 0
    private var skippedNonBlank = false
    private var lastSkippedByte: UInt8 = 0

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    /// Creates a splitter for lines of at most `maximumLineBytes` bytes.
    public init(maximumLineBytes: Int) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// The most bytes of an unfinished line kept: the limit, plus one for a `\r` that a `\n` may follow.
    private var maximumCarry: Int { maximumLineBytes + 1 }

    /// Hands `sink` every line that ends in `bytes`, and keeps (or counts) the unfinished one.
    public mutating func feed<Sink: JSONLinesSink>(_ bytes: RawSpan, into sink: inout Sink) {
        let count = bytes.byteCount
        var start = 0
        while start < count {
            guard let newline = Self.firstLineFeed(in: bytes, from: start) else {
                absorb(bytes.extracting(start..<count))
                return
            }
            let segment = bytes.extracting(start..<newline)
            if skipping {
                countSkipped(segment)
                finishSkipped(into: &sink)
            } else if carry.isEmpty {
                finishLine(segment, into: &sink)
            } else if carry.count + segment.byteCount > maximumCarry {
                // The line's end arrived, and with it more than the limit: count it, do not copy it.
                startSkipping()
                countSkipped(segment)
                finishSkipped(into: &sink)
            } else {
                appendToCarry(segment)
                finishCarriedLine(into: &sink)
            }
            start = newline + 1
        }
    }

    /// Ends the stream: hands over the last line if it had no line break.
    public mutating func finish<Sink: JSONLinesSink>(into sink: inout Sink) {
        if skipping {
            finishSkipped(into: &sink)
        } else if !carry.isEmpty {
            finishCarriedLine(into: &sink)
        }
    }

    /// Keeps the start of an unfinished line, or starts counting it once it is over the limit.
    private mutating func absorb(_ bytes: RawSpan) {
        if skipping {
            countSkipped(bytes)
        } else if carry.count + bytes.byteCount > maximumCarry {
            startSkipping()
            countSkipped(bytes)
        } else {
            appendToCarry(bytes)
        }
    }

    /// Appends to the carry buffer, which the callers have checked stays within ``maximumCarry``;
    /// it grows by doubling, but never past the limit, so a line near the limit is not given twice
    /// the memory.
    private mutating func appendToCarry(_ bytes: RawSpan) {
        let needed = carry.count + bytes.byteCount
        if needed > carry.capacity {
            carry.reserveCapacity(min(maximumCarry, max(needed, carry.capacity * 2, 1_024)))
        }
        bytes.withUnsafeBytes { carry.append(contentsOf: $0) }
    }

    /// The bytes the carry buffer has room for (for tests: it never needs much more than the limit).
    var carryCapacity: Int { carry.capacity }

    /// Turns the carried start of the line into counted bytes.
    private mutating func startSkipping() {
        skipping = true
        skippedBytes = 0
        skippedNonBlank = false
        var kept = takeCarry()
        countSkipped(kept.span.bytes)
        kept.removeAll(keepingCapacity: true)
        carry = kept
    }

    /// Ends the line held in the carry buffer, and empties it, keeping its capacity.
    private mutating func finishCarriedLine<Sink: JSONLinesSink>(into sink: inout Sink) {
        var line = takeCarry()
        finishLine(line.span.bytes, into: &sink)
        line.removeAll(keepingCapacity: true)
        carry = line
    }

    /// Moves the carry buffer out (leaving an empty array, which owns no storage), so that it can be
    /// read while `self` changes; the caller puts it back. Moving, not copying, keeps it unshared, so
    /// emptying it afterwards keeps its storage instead of allocating.
    private mutating func takeCarry() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &carry)
        return taken
    }

    private mutating func countSkipped(_ bytes: RawSpan) {
        let count = bytes.byteCount
        guard count > 0 else { return }
        skippedBytes += count
        if !skippedNonBlank { skippedNonBlank = !Self.isBlank(bytes) }
        lastSkippedByte = bytes.unsafeLoad(fromByteOffset: count - 1, as: UInt8.self)
    }

    private mutating func finishSkipped<Sink: JSONLinesSink>(into sink: inout Sink) {
        let line = lineNumber
        lineNumber += 1
        skipping = false
        guard skippedNonBlank else { return }
        sink.oversized(line: line, length: skippedBytes - (lastSkippedByte == Self.carriageReturn ? 1 : 0))
    }

    /// Ends a line held whole (its line break not included): a payload, an oversized line, or nothing.
    private mutating func finishLine<Sink: JSONLinesSink>(_ bytes: RawSpan, into sink: inout Sink) {
        let line = lineNumber
        lineNumber += 1
        var length = bytes.byteCount
        if length > 0 && bytes.unsafeLoad(fromByteOffset: length - 1, as: UInt8.self) == Self.carriageReturn {
            length -= 1
        }
        let content = bytes.extracting(0..<length)
        if Self.isBlank(content) { return }
        if length > maximumLineBytes {
            sink.oversized(line: line, length: length)
        } else {
            sink.payload(line: line, bytes: content)
        }
    }

    /// The offset of the first `\n` at or after `start`.
    private static func firstLineFeed(in bytes: RawSpan, from start: Int) -> Int? {
        bytes.withUnsafeBytes { buffer in
            guard let found = buffer[start...].firstIndex(of: lineFeed) else { return nil }
            return found
        }
    }

    /// Whether the bytes are only JSON whitespace (space, tab, CR, LF), as a blank line is.
    private static func isBlank(_ bytes: RawSpan) -> Bool {
        bytes.withUnsafeBytes { buffer in
            for byte in buffer where byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A { return false }
            return true
        }
    }
}
