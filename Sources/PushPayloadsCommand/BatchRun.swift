import PushPayloads
import SystemPackage

/// What `lint` and `fit` share: the inputs read into batches, each batch handed to a worker on one of
/// `jobs` threads, its output written in input order with the notes on stderr, and the outcome for the
/// exit status. (`classify` reads records inside lines and reports progress, so it runs its own.)
struct BatchRun {
    /// The arguments' bytes (``RawArguments``).
    var inputs: [[UInt8]]
    var jobs = 1
    var limits: PushPayloadLimits = .default
    var batchBytes = 1 << 20
    var outputDescriptor = FileDescriptor.standardOutput
    var errorDescriptor = FileDescriptor.standardError

    /// How a run went, for the exit status.
    struct Outcome {
        /// An input could not be opened or read (exit 74).
        var hasInputFailure = false
        /// The output could not be written, for another reason than a closed pipe (exit 74).
        var outputFailed = false
        /// Inputs that were listed, for summaries.
        var inputCount = 0
    }

    /// Writes `header`, runs `makeWorker`'s workers over every batch, writes each batch's output and
    /// then gives the batch to `consume`, in input order, with whether its output was written (after the
    /// output goes away, the batches left are read no further than the one in hand).
    func run<Worker>(
        header: [UInt8] = [],
        makeWorker: @escaping @Sendable () -> Worker,
        process: @escaping @Sendable (inout Worker, LineBatch) -> Void,
        consume: (_ batch: LineBatch, _ isWritten: Bool) -> Void
    ) -> Outcome {
        Platform.ignoreBrokenPipes()
        let items = InputList.expand(inputs)
        let isStopped = LockedValue(false)
        var outcome = Outcome(inputCount: items.count { $0.isInput })
        var outputError = header.withUnsafeBufferPointer { StandardStreams.write($0, to: outputDescriptor) }
        if outputError != nil { isStopped.withLock { $0 = true } }

        let limits = self.limits
        let batchBytes = self.batchBytes
        let batchCapacity = min(batchBytes, 1 << 24) + LineReader.defaultChunkSize + 64 * 1024
        let errorDescriptor = self.errorDescriptor
        OrderedPipeline(jobs: jobs).run(
            makeBatch: { LineBatch(capacity: batchCapacity) },
            makeProducer: {
                InputFeeder(
                    inputs: items,
                    maximumPayloadBytes: limits.maximumPayloadBytes,
                    targetBatchBytes: batchBytes,
                    isStopped: isStopped
                )
            },
            produce: { feeder, batch in feeder.fill(batch) },
            makeWorker: makeWorker,
            process: process,
            consume: { batch in
                for note in batch.notes { StandardStreams.writeMessage(note, to: errorDescriptor) }
                outcome.hasInputFailure = outcome.hasInputFailure || batch.hasInputFailure
                if outputError == nil && !batch.output.isEmpty {
                    outputError = batch.output.withBytes { StandardStreams.write($0, to: outputDescriptor) }
                    if outputError != nil { isStopped.withLock { $0 = true } }
                }
                consume(batch, outputError == nil)
            }
        )

        outcome.outputFailed = outputError != nil && outputError != .brokenPipe
        if let outputError, outcome.outputFailed {
            StandardStreams.writeMessage("cannot write the output: \(outputError)", to: errorDescriptor)
        }
        return outcome
    }
}
