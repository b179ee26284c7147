import Dispatch
import PushRecords

/// A byte range of a mapped input whose lines are found by the worker that classifies it, not by the producer.
///
/// With two jobs, the producer's line search read every byte of a batch on its own core, and the worker then read
/// them again from a shared cache: 10–13 ms of CPU a 200 MB run more than one job, which does both on one core
/// (`docs/performance.md`, "Two jobs, round three"). Cut into ranges instead, a batch costs the producer one `memchr`
/// from its target to the next line feed; the worker makes its pages present, finds its lines
/// (``LineBatch/findLines(_:)``), and only then needs its first line's number, which the ranges before it publish
/// in turn on the input's ``LineChain`` as soon as their own lines are found (a worker's search started earlier, so
/// it is nearly always there).
///
/// The lines, entries and line numbers are those of the producer's search, but a range ignores the batch's limit of
/// entries (``InputFeeder/maximumBatchEntries``), which only a search can know: batches of lines shorter than 64 bytes
/// end elsewhere. So the feeder cuts ranges only when the output does not depend on where batches end (not Arrow,
/// whose record batches follow them), and stops cutting them for the rest of the run once a range held more than the
/// limit (``LineChain/sawShortLines``).
struct PendingLines: Sendable {
    /// The input's chain of line numbers.
    let chain: LineChain
    /// The range's place among the input's ranges, from 0.
    let index: Int
    /// The line limit, as the reader's (longer lines are `too_large` entries).
    let maximumLineBytes: Int
    /// The entries a batch the producer searched holds at most (``InputFeeder/maximumBatchEntries``).
    let maximumEntries: Int
    /// The range holds a byte that is not JSON whitespace, so at least one entry (for the note on an argument that
    /// gave no payload).
    let hasEntries: Bool
}

/// The line numbers of one mapped input's ranges, published range after range by the workers that found their lines.
///
/// A worker whose turn has not come sleeps on a semaphore of its own that it passes in (its batch's
/// ``LineBatch/lineTurn``, the reader's for ``LineReader/endRanges()``), reused from range to range: waiting allocates
/// nothing once the list of waiters has its room.
final class LineChain: Sendable {
    private struct State: Sendable {
        /// The ranges whose line counts are known: range `published` starts at line `nextLine`.
        var published = 0
        var nextLine: Int
        /// Workers waiting for their range's first line: the range's index and the semaphore the worker sleeps on.
        /// At most one a thread, so a few; kept when emptied.
        var waiters: [(index: Int, turn: DispatchSemaphore)] = []
    }

    private let state: SharedValue<State>
    /// Set by a worker whose range held more entries than a batch read by the producer may: the feeder then stops
    /// cutting ranges, so batches of short lines keep their bound.
    let sawShortLines: SharedValue<Bool>

    init(firstLine: Int, sawShortLines: SharedValue<Bool>) {
        var state = State(nextLine: firstLine)
        state.waiters.reserveCapacity(8)
        self.state = SharedValue(state)
        self.sawShortLines = sawShortLines
    }

    /// The first line of range `index`, which has `lineCount` lines: waits on `turn` until the range before it has
    /// published its count, then publishes this one's for the range after it. `turn` is the caller's own, signalled
    /// only by the chain and only once for each wait, so it is back at zero when this returns.
    func firstLine(of index: Int, lineCount: Int, turn: DispatchSemaphore) -> Int {
        if let first = publish(index, lineCount, waitingOn: turn) { return first }
        // The range before is still being searched: sleep until its worker publishes and hands over the turn.
        turn.wait()
        guard let first = publish(index, lineCount, waitingOn: nil) else {
            preconditionFailure("a line range woken before its turn")
        }
        return first
    }

    /// Publishes range `index`'s count when its turn has come and returns its first line; otherwise registers `turn`
    /// to be signalled when it comes, and returns `nil`.
    private func publish(_ index: Int, _ lineCount: Int, waitingOn turn: DispatchSemaphore?) -> Int? {
        let (first, next): (Int?, DispatchSemaphore?) = state.withLock { state in
            guard state.published == index else {
                guard let turn else { return (nil, nil) }
                state.waiters.append((index, turn))
                return (nil, nil)
            }
            let first = state.nextLine
            state.nextLine += lineCount
            state.published += 1
            guard let waiting = state.waiters.firstIndex(where: { $0.index == index + 1 }) else { return (first, nil) }
            return (first, state.waiters.remove(at: waiting).turn)
        }
        next?.signal()
        return first
    }
}

extension LineBatch {
    /// Finds the lines of a batch that is a range of a mapped input (``pendingLines``) as the producer's search
    /// would have, numbered from 0 within the range, and returns how many lines the range has (blank ones too).
    func findLines(_ pending: PendingLines) -> Int {
        if let mapping { mapping.populate(from: mappingOffset, count: byteCount) }
        var lineStart = 0
        var relativeLine = 0
        let end = byteCount
        while lineStart < end {
            guard let found = Platform.firstLineFeed(in: bytes + lineStart, count: end - lineStart) else { break }
            let newline = lineStart + found
            appendLine(lineStart..<newline, line: relativeLine, maximumLineBytes: pending.maximumLineBytes)
            relativeLine += 1
            lineStart = newline + 1
        }
        if lineStart < end {
            // Only the input's last range ends without a line feed, where its last bytes are a line anyway; or a range
            // of a file that shrank since it was cut, whose pages are zeros now: the consumer drops that batch
            // (``MappedInput/damagedOffset``), and every batch after it.
            appendLine(lineStart..<end, line: relativeLine, maximumLineBytes: pending.maximumLineBytes)
            relativeLine += 1
        }
        return relativeLine
    }

    /// Numbers the lines ``findLines(_:)`` found, once the ranges before have published their counts (which may
    /// wait for them), publishes this range's `lineCount` and clears ``pendingLines``. A range with more entries
    /// than a searched batch may hold makes the feeder stop cutting ranges.
    func numberLines(_ pending: PendingLines, lineCount: Int) {
        let firstLine = pending.chain.firstLine(of: pending.index, lineCount: lineCount, turn: lineTurn)
        if firstLine != 0 {
            entries.withUnsafeMutableBufferPointer { entries in
                for index in entries.indices { entries[index].line += firstLine }
            }
        }
        pendingLines = nil
        if entries.count > pending.maximumEntries { pending.chain.sawShortLines.withLock { $0 = true } }
    }

    /// Records the line in `range` as ``LineReader``'s search of a mapping does: a payload, an oversized entry, or
    /// nothing for a blank line.
    private func appendLine(_ range: Range<Int>, line: Int, maximumLineBytes: Int) {
        let text = UnsafeRawBufferPointer(start: bytes + range.lowerBound, count: range.count)
        switch JSONLines.ending(of: text, maximumLineBytes: maximumLineBytes) {
        case .blank:
            return
        case .payload(let length) where length <= maximumLineBytes:
            entries.append(LineEntry(start: range.lowerBound, length: length, line: line, oversizedLength: -1))
        case .payload(let length), .oversized(let length):
            entries.append(LineEntry(start: range.lowerBound, length: 0, line: line, oversizedLength: length))
        }
    }
}
