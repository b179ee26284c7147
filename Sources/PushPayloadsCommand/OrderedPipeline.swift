/// Spreads batches over worker threads and hands them back in the order they were made.
///
/// Three roles share a fixed pool of batches, which bounds memory:
/// - the producer (a thread of its own) takes a free batch, fills it, and queues it both for the
///   workers and, in order, for the consumer;
/// - each of `jobs` workers takes the next filled batch, processes it, and signals it done;
/// - the consumer (the calling thread) waits for batches in order, consumes them and frees them.
///
/// With one job nothing is gained by threads, so everything runs on the calling thread in turn.
struct OrderedPipeline {
    /// Worker threads.
    var jobs: Int
    /// Batches in circulation; the producer waits when all are in use.
    var depth: Int

    init(jobs: Int, depth: Int? = nil) {
        self.jobs = max(jobs, 1)
        self.depth = max(depth ?? self.jobs * 2 + 2, 2)
    }

    /// Runs the pipeline until `produce` reports that the input is exhausted.
    ///
    /// - Parameters:
    ///   - makeBatch: Creates the pool's batches.
    ///   - produce: Fills a batch; returns `false` when there is nothing left (the batch it was given
    ///     is still consumed, so it may carry the last payloads). Runs on one thread, in order.
    ///   - makeWorker: Creates one worker's state (a classifier, a writer), on the worker's thread.
    ///   - process: Turns a filled batch into output, on a worker thread.
    ///   - consume: Receives processed batches in production order, on the calling thread.
    func run<Worker>(
        makeBatch: () -> LineBatch,
        produce: @escaping @Sendable (LineBatch) -> Bool,
        makeWorker: @escaping @Sendable () -> Worker,
        process: @escaping @Sendable (inout Worker, LineBatch) -> Void,
        consume: (LineBatch) -> Void
    ) {
        if jobs == 1 {
            let batch = makeBatch()
            var worker = makeWorker()
            var more = true
            while more {
                more = produce(batch)
                process(&worker, batch)
                consume(batch)
            }
            return
        }

        let free = BlockingQueue<LineBatch>((0..<depth).map { _ in makeBatch() })
        let work = BlockingQueue<LineBatch>()
        let ordered = BlockingQueue<LineBatch>()

        let producer = JoinableThread {
            var more = true
            while more, let batch = free.pop() {
                batch.done.reset()
                more = produce(batch)
                work.push(batch)
                ordered.push(batch)
            }
            work.close()
            ordered.close()
        }
        var workers: [JoinableThreadBox] = []
        for _ in 0..<jobs {
            workers.append(
                JoinableThreadBox {
                    var worker = makeWorker()
                    while let batch = work.pop() {
                        process(&worker, batch)
                        batch.done.signal()
                    }
                }
            )
        }
        while let batch = ordered.pop() {
            batch.done.wait()
            consume(batch)
            free.push(batch)
        }
        producer.join()
        for worker in workers { worker.join() }
    }
}

/// A ``JoinableThread`` that can live in an array.
private final class JoinableThreadBox {
    private var thread: JoinableThread?

    init(_ body: @escaping @Sendable () -> Void) {
        thread = JoinableThread(body)
    }

    func join() {
        thread.take()?.join()
    }
}
