import Dispatch
import PushPayloads
@_spi(Writers) import PushPayloadsJSON

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
    /// The room a buffer of the ``OutputPool`` starts with (with several jobs); it keeps what it grows to.
    var outputCapacity = 1 << 20

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
                if let pending = batch.pendingLines {
                    batch.numberLines(pending, lineCount: batch.findLines(pending))
                    timeline.mark("search", batch: sequence)
                }
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
        let outputs = OutputPool(capacity: outputCapacity)
        let threads = DispatchGroup()

        var timeline = ThreadTimeline(trace: trace, name: "main")
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
                    if let pending = batch.pendingLines {
                        // A range of a mapped input: its lines are found here, on the core that parses them.
                        let lineCount = batch.findLines(pending)
                        timeline.mark("search", batch: batch.sequence)
                        batch.numberLines(pending, lineCount: lineCount)
                        timeline.mark("wait-lines", batch: batch.sequence)
                    }
                    batch.lendOutput(outputs.take())
                    worker.process(batch)
                    timeline.mark("process", batch: batch.sequence)
                    batch.finished.signal()
                }
                timeline.finish()
            }
        }
        timeline.mark("setup")
        while let batch = ordered.pop() {
            // Read before the batch goes back to the producer, which numbers it again.
            let sequence = batch.sequence
            timeline.mark("wait-ordered", batch: sequence)
            batch.finished.wait()
            timeline.mark("wait-finished", batch: sequence)
            consume(batch)
            if let output = batch.returnOutput() { outputs.give(output) }
            free.push(batch)
            timeline.mark("consume", batch: sequence)
        }
        threads.wait()
        timeline.mark("wait-threads")
        timeline.finish()
    }
}

/// A worker's state (a classifier, a checker), which turns a filled batch into output on a worker thread.
protocol BatchWorker: Sendable {
    mutating func process(_ batch: LineBatch)
}

/// The output buffers that batches are lent while a worker fills them and until the consumer has written them, last
/// given first taken.
///
/// With each batch writing into its own buffer, all of the pipeline's batches (six with two jobs) grew and touched
/// buffers of their own, 1,900 first-touch page faults a run on the 200 MB push capture against 90 with one job
/// (`perf record -e page-faults`). Taken last in, first out, the buffers in use are the few that are written at once,
/// and the one a worker takes is the one written most recently, whose pages are present and likely cached.
final class OutputPool: Sendable {
    /// `@unchecked Sendable`: an `OutputBuffer` is mutable memory, which moves between threads the way a ``LineBatch``
    /// does (one owner at a time): a buffer in the pool is nobody's, and it is taken and given under the lock.
    private struct Buffers: @unchecked Sendable {
        var stack: [OutputBuffer] = []
    }

    private let buffers = SharedValue(Buffers())
    /// The room a new buffer starts with.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The buffer given back last, or a new one when every buffer is in use.
    func take() -> OutputBuffer {
        buffers.withLock { $0.stack.popLast() } ?? OutputBuffer(capacity: capacity)
    }

    /// Gives back a buffer whose bytes have been written: the next ``take()`` returns it.
    func give(_ buffer: OutputBuffer) {
        buffers.withLock { $0.stack.append(buffer) }
    }
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
