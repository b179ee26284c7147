import Dispatch
import PushPayloads

/// Spreads batches over worker threads and hands them back in the order they were made.
///
/// Three roles share a fixed pool of batches, which bounds memory:
/// - the producer (a thread of its own) takes a free batch, fills it, and queues it both for the
///   workers and, in order, for the consumer;
/// - each of `jobs` workers takes the next filled batch, processes it, and signals it finished;
/// - the consumer (the calling thread) waits for batches in order, consumes them and frees them.
///
/// The producer and the workers block (in `read(2)`, on each other), so each runs on a serial
/// `DispatchQueue` of its own: those target Dispatch's overcommitting pool, which gives every one a
/// thread, where blocking in Swift concurrency's cooperative pool would starve it. With one job nothing
/// is gained by threads, so everything runs on the calling thread in turn.
struct OrderedPipeline {
    var jobs: Int
    /// Each worker fills the batch it then processes, one worker at a time, instead of a producer thread filling
    /// them for all: for inputs whose fill only finds lines in memory (``MappedInput``), the line search then brings
    /// the batch into the cache of the core that parses it, and no fourth thread takes the cores from the workers.
    var fillsOnWorkers = false

    /// Runs the pipeline until the feeder reports that the input is exhausted (the batch it filled last is still
    /// processed and consumed, so it may carry the last payloads). `makeFeeder` and `makeWorker` run on the producer's
    /// and each worker's thread; `consume` gets the batches in production order, on the calling thread.
    func run<Worker: BatchWorker>(
        makeBatch: () -> LineBatch,
        makeFeeder: @escaping @Sendable () -> InputFeeder,
        makeWorker: @escaping @Sendable () -> Worker,
        consume: (LineBatch) -> Void
    ) {
        let trace = PipelineTrace.current
        if jobs <= 1 {
            var timeline = ThreadTimeline(trace: trace, name: "main")
            let batch = makeBatch()
            let feeder = makeFeeder()
            var worker = makeWorker()
            timeline.mark("setup")
            var (more, sequence) = (true, 0)
            while more {
                more = feeder.fill(batch)
                timeline.mark("fill", batch: sequence)
                worker.process(batch)
                timeline.mark("process", batch: sequence)
                consume(batch)
                timeline.mark("consume", batch: sequence)
                sequence += 1
            }
            timeline.finish()
            return
        }

        // Batches in circulation: the producer waits when all are in use.
        let free = BlockingQueue<LineBatch>((0..<jobs * 2 + 2).map { _ in makeBatch() })
        let work = BlockingQueue<LineBatch>()
        let ordered = BlockingQueue<LineBatch>()
        let threads = DispatchGroup()

        var timeline = ThreadTimeline(trace: trace, name: "main")
        if fillsOnWorkers {
            let turn = FillTurn(makeFeeder: makeFeeder)
            for index in 0..<jobs {
                DispatchQueue(label: "push-payloads.worker-\(index)").async(group: threads) {
                    var timeline = ThreadTimeline(trace: trace, name: "worker-\(index)")
                    var worker = makeWorker()
                    timeline.mark("setup")
                    while let batch = turn.fillNext(from: free, into: ordered, timeline: &timeline) {
                        worker.process(batch)
                        timeline.mark("process", batch: batch.sequence)
                        batch.finished.signal()
                    }
                    timeline.finish()
                }
            }
        } else {
            DispatchQueue(label: "push-payloads.producer").async(group: threads) {
                var timeline = ThreadTimeline(trace: trace, name: "producer")
                let feeder = makeFeeder()
                timeline.mark("setup")
                var (more, sequence) = (true, 0)
                while more, let batch = free.pop() {
                    timeline.mark("wait-free", batch: sequence)
                    more = feeder.fill(batch)
                    batch.sequence = sequence
                    timeline.mark("fill", batch: sequence)
                    work.push(batch)
                    ordered.push(batch)
                    timeline.mark("push", batch: sequence)
                    sequence += 1
                }
                work.close()
                ordered.close()
                timeline.finish()
            }
            for index in 0..<jobs {
                DispatchQueue(label: "push-payloads.worker-\(index)").async(group: threads) {
                    var timeline = ThreadTimeline(trace: trace, name: "worker-\(index)")
                    var worker = makeWorker()
                    timeline.mark("setup")
                    while let batch = work.pop() {
                        timeline.mark("wait-work", batch: batch.sequence)
                        worker.process(batch)
                        timeline.mark("process", batch: batch.sequence)
                        batch.finished.signal()
                    }
                    timeline.finish()
                }
            }
        }
        timeline.mark("setup")
        while let batch = ordered.pop() {
            timeline.mark("wait-ordered", batch: batch.sequence)
            batch.finished.wait()
            timeline.mark("wait-finished", batch: batch.sequence)
            consume(batch)
            free.push(batch)
            timeline.mark("consume", batch: batch.sequence)
        }
        threads.wait()
        timeline.mark("wait-threads")
        timeline.finish()
    }
}

/// The feeder of a pipeline whose workers fill their own batches (``OrderedPipeline/fillsOnWorkers``), and the turn
/// they take to use it: one worker at a time fills the next batch and queues it for the consumer, so batches reach the
/// consumer in the order they were filled.
///
/// The turn is a ``BargingLock``: a worker that finished its batch takes it again at once if the other, woken while it
/// waited, has not run yet; a semaphore would hand the turn to that worker and make the running one wait for it.
///
/// `@unchecked Sendable`: ``feeder``, ``sequence`` and ``isExhausted`` are used only by the worker that holds ``turn``,
/// whose lock and unlock order one holder's writes before the next holder's reads.
private final class FillTurn: @unchecked Sendable {
    private let turn = BargingLock()
    private let makeFeeder: @Sendable () -> InputFeeder
    private var feeder: InputFeeder?
    private var sequence = 0
    private var isExhausted = false

    init(makeFeeder: @escaping @Sendable () -> InputFeeder) {
        self.makeFeeder = makeFeeder
    }

    /// Takes the turn, a free batch, fills it and queues it on `ordered`; `nil` once the input is exhausted (the
    /// worker that filled the last batch closes `ordered`). Waits for a free batch while holding the turn: no other
    /// worker could fill one either, and the batch the consumer waits for is never the caller's.
    func fillNext(
        from free: BlockingQueue<LineBatch>,
        into ordered: BlockingQueue<LineBatch>,
        timeline: inout ThreadTimeline
    ) -> LineBatch? {
        turn.withLock { fillNextHoldingTurn(from: free, into: ordered, timeline: &timeline) }
    }

    private func fillNextHoldingTurn(
        from free: BlockingQueue<LineBatch>,
        into ordered: BlockingQueue<LineBatch>,
        timeline: inout ThreadTimeline
    ) -> LineBatch? {
        timeline.mark("wait-turn", batch: sequence)
        guard !isExhausted, let batch = free.pop() else { return nil }
        timeline.mark("wait-free", batch: sequence)
        let feeder = self.feeder ?? makeFeeder()
        self.feeder = feeder
        let more = feeder.fill(batch)
        batch.sequence = sequence
        sequence += 1
        ordered.push(batch)
        if !more {
            isExhausted = true
            ordered.close()
            // The feeder's inputs are closed here, by the thread that used them, as the producer's were.
            self.feeder = nil
        }
        timeline.mark("fill", batch: batch.sequence)
        return batch
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
