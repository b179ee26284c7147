import Dispatch
import PushPayloads

/// Spreads batches over worker threads and hands them back in the order they were made.
///
/// Two roles share a fixed pool of batches, which bounds memory:
/// - each of `jobs` workers takes a free batch, fills it from the input in its turn (one worker reads at a time,
///   and queues the batch, in order, for the consumer as it ends its turn), then processes it and signals it
///   finished;
/// - the consumer (the calling thread) waits for batches in order, consumes them and frees them.
///
/// A worker reads the batch it processes: the bytes `read(2)` has just copied are still in that core's cache when the
/// payloads are parsed. A reader thread of its own (the design before issue 36) filled every batch on one core for a
/// worker on another to read again from the shared cache, and woke one more thread per batch; two jobs spent 6% more
/// CPU than one on the same input. Reading takes a tenth of a batch's time, so the other workers are still busy
/// while one reads.
///
/// The workers block (in `read(2)`, on each other), so each runs on a serial `DispatchQueue` of its own: those
/// target Dispatch's overcommitting pool, which gives every one a thread, where blocking in Swift concurrency's
/// cooperative pool would starve it. With one job nothing is gained by threads, so everything runs on the calling
/// thread in turn.
struct OrderedPipeline {
    var jobs: Int

    /// Runs the pipeline until the feeder reports that the input is exhausted (the batch it filled last is still
    /// processed and consumed, so it may carry the last payloads). `makeFeeder` runs in the first worker's reading turn and
    /// `makeWorker` on each worker's thread; `consume` gets the batches in input order, on the calling thread.
    func run<Worker: BatchWorker>(
        makeBatch: () -> LineBatch,
        makeFeeder: @escaping @Sendable () -> InputFeeder,
        makeWorker: @escaping @Sendable () -> Worker,
        consume: (LineBatch) -> Void
    ) {
        if jobs <= 1 {
            let batch = makeBatch()
            let feeder = makeFeeder()
            var worker = makeWorker()
            var more = true
            while more {
                more = feeder.fill(batch)
                worker.process(batch)
                consume(batch)
            }
            return
        }

        // Batches in circulation: a worker waits for one when all are in use.
        let free = BlockingQueue<LineBatch>((0..<jobs * 2 + 2).map { _ in makeBatch() })
        let ordered = BlockingQueue<LineBatch>()
        let input = InputTurn(makeFeeder: makeFeeder, ordered: ordered)
        let threads = DispatchGroup()

        for index in 0..<jobs {
            DispatchQueue(label: "push-payloads.worker-\(index)").async(group: threads) {
                var worker = makeWorker()
                while let batch = free.pop(), input.fill(batch) {
                    worker.process(batch)
                    batch.finished.signal()
                }
            }
        }
        while let batch = ordered.pop() {
            batch.finished.wait()
            consume(batch)
            free.push(batch)
        }
        threads.wait()
    }
}

/// The input's reading turn: one worker at a time fills a batch from the feeder and queues it for the consumer,
/// so batches reach the consumer in the order the input gave them.
///
/// `@unchecked Sendable`: ``feeder`` and ``isExhausted`` are read and written only between `turn.wait()` and
/// `turn.signal()`, one thread at a time, and the semaphore orders each turn's writes before the next turn's reads.
private final class InputTurn: @unchecked Sendable {
    private let makeFeeder: @Sendable () -> InputFeeder
    private let ordered: BlockingQueue<LineBatch>
    private let turn = DispatchSemaphore(value: 1)
    /// Made in the first turn, on a worker's thread.
    private var feeder: InputFeeder?
    private var isExhausted = false

    init(makeFeeder: @escaping @Sendable () -> InputFeeder, ordered: BlockingQueue<LineBatch>) {
        self.makeFeeder = makeFeeder
        self.ordered = ordered
    }

    /// Fills `batch` with the next payloads and queues it for the consumer; returns `false`, with `batch` left out
    /// of circulation, once an earlier turn has queued the last batch. The turn that fills the last batch closes
    /// the consumer's queue behind it and drops the feeder, which closes the last input.
    func fill(_ batch: LineBatch) -> Bool {
        turn.wait()
        defer { turn.signal() }
        guard !isExhausted else { return false }
        let feeder = self.feeder ?? makeFeeder()
        let more = feeder.fill(batch)
        ordered.push(batch)
        if more {
            self.feeder = feeder
        } else {
            self.feeder = nil
            isExhausted = true
            ordered.close()
        }
        return true
    }
}

/// A worker's state (a classifier, a checker), which turns a filled batch into output on a worker thread.
protocol BatchWorker: Sendable {
    mutating func process(_ batch: LineBatch)
}

/// A first-in, first-out queue whose ``pop()`` blocks until an element arrives or the queue is closed.
///
/// A ``SharedValue`` guards the elements and a `DispatchSemaphore` counts them, so a
/// thread waiting in ``pop()`` sleeps in the kernel, not in a spin. Unbounded by itself: the pipeline
/// bounds its memory by circulating a fixed set of batches.
final class BlockingQueue<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var elements: [Element] = []
        var isClosed = false
    }

    private let state = SharedValue(State())
    /// One permit per element pushed, and one for ``close()``.
    private let permits = DispatchSemaphore(value: 0)

    init(_ elements: [Element] = []) {
        for element in elements { push(element) }
    }

    func push(_ element: Element) {
        state.withLock { state in
            precondition(!state.isClosed, "push after close")
            state.elements.append(element)
        }
        permits.signal()
    }

    /// The oldest element; `nil` once the queue is closed and drained. The queue holds no more than the
    /// pipeline's few batches, so taking the first element moves only those.
    func pop() -> Element? {
        permits.wait()
        let element = state.withLock { $0.elements.isEmpty ? nil : $0.elements.removeFirst() }
        // Closed and drained: pass the close permit on, so every other waiting pop returns too.
        if element == nil { permits.signal() }
        return element
    }

    /// Wakes every waiting ``pop()``; they return the remaining elements, then `nil`.
    func close() {
        state.withLock { $0.isClosed = true }
        permits.signal()
    }
}

/// A value the pipeline's threads share (the queue's elements, a stop flag), changed one thread at a time.
///
/// A serial Dispatch queue is the lock: Dispatch is already the pipeline's, `Synchronization.Mutex` needs
/// macOS 15, and the package's pthread lock belongs to the router, a module the command does not use.
final class SharedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `queue.sync`, which runs one block at a time.
    private var value: Value
    private let queue = DispatchQueue(label: "push-payloads.shared-value")

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try queue.sync { try body(&value) }
    }

    var current: Value { withLock { $0 } }
}
