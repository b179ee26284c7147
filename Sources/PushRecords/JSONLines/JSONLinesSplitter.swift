#if compiler(>=6.2)
/// What receives the lines a ``JSONLinesSplitter`` finds, in input order.
///
/// Blank lines (only spaces, tabs and line breaks) are not handed over, but they count in line numbers.
public protocol JSONLinesSink {
    /// A line within the limit, without its line break (and without the `\r` of a CRLF line break).
    /// `bytes` is valid only during the call.
    mutating func payload(line: Int, bytes: RawSpan)

    /// A line longer than the limit, which was counted and dropped, never held whole.
    mutating func oversized(line: Int, length: Int)
}

/// Splits a JSON Lines stream that arrives in pieces of any size into lines, holding no more than one
/// unfinished line, and no more than the limit of it.
///
/// A request body arrives as a sequence of buffers whose boundaries fall anywhere: inside a line,
/// inside a UTF-8 sequence, between the `\r` and the `\n` of a CRLF. The splitter hands every line
/// that lies inside one buffer to its sink straight from that buffer; only a line that spans buffers is
/// copied, into a carry buffer that never grows past the limit. A line that outgrows the limit is not
/// kept: its bytes are counted up to its line break and the sink hears its length
/// (``JSONLinesSink/oversized(line:length:)``), which a reader reports as a `too_large` record (``PushInputDecoder/tooLargeError(length:)``).
///
/// The rules are those of every JSON Lines reader here (`push-payloads classify` reads files with the same rules, in
/// place): lines end at `\n`; a `\r` before it is dropped; lines holding only JSON whitespace are skipped but counted;
/// the last line needs no line break. Only `\n` is looked for, and `\n` never occurs inside a UTF-8 sequence, so a
/// split inside a character needs no special care: its bytes are carried like any other.
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
    /// The current line once it has outgrown the limit: counted, not kept.
    private var skipped: JSONLines.SkippedLine?

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
            guard let newline = bytes.withUnsafeBytes({ $0[start...].firstIndex(of: JSONLines.lineFeed) }) else {
                absorb(bytes.extracting(start..<count))
                return
            }
            let segment = bytes.extracting(start..<newline)
            if skipped == nil && carry.isEmpty {
                finishLine(segment, into: &sink)
            } else {
                // The end of a line begun earlier: carried, or counted once it is over the limit.
                absorb(segment)
                finish(into: &sink)
            }
            start = newline + 1
        }
    }

    /// Ends the stream: hands over the last line if it had no line break.
    public mutating func finish<Sink: JSONLinesSink>(into sink: inout Sink) {
        if skipped != nil {
            let line = lineNumber
            lineNumber += 1
            if let length = skipped.take()?.lineLength { sink.oversized(line: line, length: length) }
        } else if !carry.isEmpty {
            // The line held in the carry buffer, which is emptied keeping its capacity.
            var line = takeCarry()
            finishLine(line.span.bytes, into: &sink)
            line.removeAll(keepingCapacity: true)
            carry = line
        }
    }

    /// Keeps the start of an unfinished line, or starts counting it once it is over the limit.
    private mutating func absorb(_ bytes: RawSpan) {
        if skipped != nil {
            countSkipped(bytes)
        } else if carry.count + bytes.byteCount > maximumCarry {
            startSkipping()
            countSkipped(bytes)
        } else {
            appendToCarry(bytes)
        }
    }

    /// Appends to the carry buffer, which the callers have checked stays within ``maximumCarry``; it grows by doubling,
    /// but never past the limit, so a line near the limit is not given twice the memory.
    private mutating func appendToCarry(_ bytes: RawSpan) {
        let needed = carry.count + bytes.byteCount
        if needed > carry.capacity { carry.reserveCapacity(min(maximumCarry, max(needed, carry.capacity * 2, 1_024))) }
        bytes.withUnsafeBytes { carry.append(contentsOf: $0) }
    }

    /// The bytes the carry buffer has room for (for tests: it never needs much more than the limit).
    var carryCapacity: Int { carry.capacity }

    /// Turns the carried start of the line into counted bytes.
    private mutating func startSkipping() {
        skipped = JSONLines.SkippedLine()
        var kept = takeCarry()
        countSkipped(kept.span.bytes)
        kept.removeAll(keepingCapacity: true)
        carry = kept
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
        bytes.withUnsafeBytes { skipped?.count($0) }
    }

    /// Ends a line held whole (its line break not included): a payload, an oversized line, or nothing.
    private mutating func finishLine<Sink: JSONLinesSink>(_ bytes: RawSpan, into sink: inout Sink) {
        let line = lineNumber
        lineNumber += 1
        switch bytes.withUnsafeBytes({ JSONLines.ending(of: $0, maximumLineBytes: maximumLineBytes) }) {
        case .blank: break
        case .payload(let length): sink.payload(line: line, bytes: bytes.extracting(0..<length))
        case .oversized(let length): sink.oversized(line: line, length: length)
        }
    }
}
#endif

// MARK: The rules of a line, shared with readers that split in place

/// The rules of one line of JSON Lines, for ``JSONLinesSplitter`` and for the command's reader, which
/// splits its batches in place.
package enum JSONLines {
    /// What a line is once its line break is found.
    package enum Ending: Equatable, Sendable {
        /// Only JSON whitespace: no record, but it counts in line numbers.
        case blank
        /// A payload of this many bytes (a CRLF line's `\r` left out).
        case payload(length: Int)
        /// A line over the limit, of this many bytes.
        case oversized(length: Int)
    }

    /// What the line `bytes` (without its `\n`) is: a `\r` before the line break is dropped, a line of
    /// JSON whitespace is blank, a longer one than `maximumLineBytes` is oversized.
    package static func ending(of bytes: UnsafeRawBufferPointer, maximumLineBytes: Int) -> Ending {
        var length = bytes.count
        if length > 0 && bytes[length - 1] == carriageReturn { length -= 1 }
        if isBlank(UnsafeRawBufferPointer(rebasing: bytes[..<length])) { return .blank }
        return length > maximumLineBytes ? .oversized(length: length) : .payload(length: length)
    }

    /// A line over the limit, counted piece by piece as it passes and never held.
    package struct SkippedLine: Sendable {
        /// The bytes counted so far.
        package private(set) var byteCount = 0
        private var hasNonBlank = false
        private var lastByte: UInt8 = 0
        private var byteBeforeLast: UInt8 = 0

        package init() {}

        /// Counts the next piece of the line.
        package mutating func count(_ bytes: UnsafeRawBufferPointer) {
            let count = bytes.count
            guard count > 0 else { return }
            byteCount += count
            if !hasNonBlank { hasNonBlank = !JSONLines.isBlank(bytes) }
            byteBeforeLast = count > 1 ? bytes[count - 2] : lastByte
            lastByte = bytes[count - 1]
        }

        /// The length of the line, a final `\r` left out; `nil` for a blank line.
        package var lineLength: Int? {
            guard hasNonBlank else { return nil }
            return byteCount - (lastByte == JSONLines.carriageReturn ? 1 : 0)
        }

        /// The length of the line as a whole document, whose final line break (`\n` or `\r\n`) is not
        /// part of it, blank or not.
        package var documentLength: Int {
            guard lastByte == JSONLines.lineFeed else { return byteCount }
            return byteCount - (byteBeforeLast == JSONLines.carriageReturn ? 2 : 1)
        }
    }

    package static let lineFeed: UInt8 = 0x0A
    package static let carriageReturn: UInt8 = 0x0D

    /// Whether the bytes are only JSON whitespace (space, tab, CR, LF), as a blank line is.
    package static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where byte != 0x20 && byte != 0x09 && byte != 0x0D && byte != 0x0A { return false }
        return true
    }
}
