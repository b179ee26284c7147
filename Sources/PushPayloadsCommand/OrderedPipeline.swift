import Dispatch

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
    ///   - makeProducer: Creates the producer's state (the input reader), on the producer's thread.
    ///   - produce: Fills a batch; returns `false` when there is nothing left (the batch it was given
    ///     is still consumed, so it may carry the last payloads). Runs on one thread, in order.
    ///   - makeWorker: Creates one worker's state (a classifier, a writer), on the worker's thread.
    ///   - process: Turns a filled batch into output, on a worker thread.
    ///   - consume: Receives processed batches in production order, on the calling thread.
    func run<Producer, Worker>(
        makeBatch: () -> LineBatch,
        makeProducer: @escaping @Sendable () -> Producer,
        produce: @escaping @Sendable (inout Producer, LineBatch) -> Bool,
        makeWorker: @escaping @Sendable () -> Worker,
        process: @escaping @Sendable (inout Worker, LineBatch) -> Void,
        consume: (LineBatch) -> Void
    ) {
        if jobs == 1 {
            let batch = makeBatch()
            var producer = makeProducer()
            var worker = makeWorker()
            var more = true
            while more {
                more = produce(&producer, batch)
                process(&worker, batch)
                consume(batch)
            }
            return
        }

        let free = BlockingQueue<LineBatch>((0..<depth).map { _ in makeBatch() })
        let work = BlockingQueue<LineBatch>()
        let ordered = BlockingQueue<LineBatch>()
        let threads = DispatchGroup()

        DispatchQueue(label: "push-payloads.producer").async(group: threads) {
            var producer = makeProducer()
            var more = true
            while more, let batch = free.pop() {
                more = produce(&producer, batch)
                work.push(batch)
                ordered.push(batch)
            }
            work.close()
            ordered.close()
        }
        for index in 0..<jobs {
            DispatchQueue(label: "push-payloads.worker-\(index)").async(group: threads) {
                var worker = makeWorker()
                while let batch = work.pop() {
                    process(&worker, batch)
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
