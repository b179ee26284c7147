import Dispatch
import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRequests
import SystemPackage

/// What `classify`, `lint` and `fit` share: the inputs read into batches, each batch handed to a worker
/// on one of `jobs` threads, its output written in input order with the notes on stderr, the progress
/// line, SIGINT and SIGTERM, and the outcome for the exit status.
struct BatchRun {
    /// The file arguments, as parsed (``RawArguments`` finds their bytes).
    var files: [String]
    /// `--jobs`, capped by ``Platform/cappedJobs(_:cores:)`` when the run starts.
    var jobs = 1
    var limits: PushPayloadLimits = .default
    /// Lines longer than this are read as oversized entries, not payloads; `nil` for the payload limit.
    /// `classify --payload` reads whole records, which may be longer than the payload they hold.
    var maximumLineBytes: Int?
    /// Input bytes per batch: the unit of work handed to a thread.
    var batchBytes = 1 << 20
    /// `--source-label`, `--line-offset`.
    var standardInputName = "-"
    var standardInputFirstLine = 1
    /// `--byte-range`: the one file's lines that start in it.
    var byteRange: InputByteRange?
    /// `--progress`: the self-overwriting stderr line (``ProgressReporter``).
    var showsProgress = false
    /// With several jobs, mapped inputs are cut into byte ranges whose lines the workers find (``PendingLines``):
    /// only where the output does not depend on where batches end (not Arrow, whose record batches follow them).
    var cutsRanges = false

    /// How a run went, for the summary and the exit status.
    struct Outcome {
        /// An input could not be opened or read (exit 74).
        var hasInputFailure = false
        /// The output could not be written, for another reason than a closed pipe (exit 74).
        var outputFailed = false
        /// Inputs that were listed, for summaries.
        var inputCount = 0
        /// The signal that stopped the run (SIGINT, SIGTERM), or 0.
        var signal: Int32 = 0
        /// How long the run took, for summaries.
        var seconds = 0.0

        /// The status a shell expects: 128 + the signal's number for a signalled run, then 74 for an input
        /// or output failure, which wins over 1 for records or findings that are errors.
        func exitStatus(hasErrors: Bool) -> Int32 {
            if signal != 0 { return 128 + signal }
            if hasInputFailure || outputFailed { return ExitStatus.inputFailure }
            return hasErrors ? ExitStatus.payloadErrors : ExitStatus.success
        }
    }

    /// Writes `header`, runs `makeWorker`'s workers over every batch, writes each batch's output and
    /// then gives the batch to `consume`, in input order, with whether its output was written (after the
    /// output goes away, the batches left are read no further than the one in hand). `consume` returns
    /// the payloads and bytes done so far, for the progress line, or `nil` when it does not count any.
    ///
    /// SIGINT or SIGTERM stops reading at once, even a read waiting on a paused stream (``Interruption``):
    /// the input ends at its last whole line, the batches already read are classified and written, so the
    /// output holds the records of every whole line read and ends on a whole record, and the summary
    /// still comes.
    func run<Worker: BatchWorker>(
        header: [UInt8] = [],
        makeWorker: @escaping @Sendable () -> Worker,
        consume: (_ batch: LineBatch, _ isWritten: Bool) -> (payloads: Int, bytes: Int)?
    ) -> Outcome {
        let jobs = Platform.cappedJobs(self.jobs)
        Platform.ignoreBrokenPipes()
        let listed = InputList.expand(
            RawArguments.bytes(of: files),
            standardInputName: standardInputName,
            standardInputFirstLine: standardInputFirstLine
        )
        let items = byteRange?.restrict(listed) ?? listed
        let isStopped = SharedValue(false)
        let interruption = Interruption { _ in isStopped.withLock { $0 = true } }
        let signalSources = interruption.start()
        defer { for source in signalSources { source.cancel() } }
        var progress = ProgressReporter(isEnabled: showsProgress, totalBytes: InputList.totalSize(items))
        var outcome = Outcome(inputCount: items.count { $0.isInput })
        var outputError = header.withUnsafeBufferPointer { StandardStreams.write($0, to: .standardOutput) }
        if outputError != nil { isStopped.withLock { $0 = true } }

        // The mapped input that shrank while it was read, whose batches are not written from then on.
        var damagedMapping: MappedInput?
        // The written batches' pages of a mapped input, given back in aligned spans (``MappedInput/Release``).
        var released = MappedInput.Release()
        let maximumLineBytes = self.maximumLineBytes ?? limits.maximumPayloadBytes
        let batchBytes = self.batchBytes
        // Room for a full batch plus the chunk read past it, so batches rarely grow.
        let batchCapacity = min(batchBytes, 1 << 24) + LineReader.defaultChunkSize + 64 * 1024
        OrderedPipeline(jobs: jobs, outputCapacity: batchCapacity).run(
            makeBatch: { LineBatch(capacity: batchCapacity) },
            makeFeeder: {
                let feeder = InputFeeder(
                    inputs: items,
                    maximumPayloadBytes: maximumLineBytes,
                    targetBatchBytes: batchBytes,
                    isStopped: isStopped,
                    interruption: interruption
                )
                // Two batches a worker at the end: the last ones are small, so no worker waits long on another's.
                feeder.tailBatches = jobs > 1 ? jobs * 2 : 0
                feeder.cutsRanges = cutsRanges && jobs > 1
                return feeder
            },
            makeWorker: makeWorker,
            consume: { batch in
                if let mapping = batch.mapping { dropIfDamaged(batch, mapping, after: &damagedMapping) }
                if !batch.notes.isEmpty {
                    progress.clear()
                    for note in batch.notes { StandardStreams.writeMessage(note) }
                }
                outcome.hasInputFailure = outcome.hasInputFailure || batch.hasInputFailure
                if outputError == nil && !batch.output.isEmpty {
                    outputError = batch.output.withBytes { StandardStreams.write($0, to: .standardOutput) }
                    if outputError != nil { isStopped.withLock { $0 = true } }
                }
                if let done = consume(batch, outputError == nil) {
                    progress.update(payloads: done.payloads, bytes: done.bytes)
                }
                if let mapping = batch.mapping {
                    released.add(mapping, from: batch.mappingOffset, count: batch.byteCount)
                }
            }
        )
        released.finish()
        progress.clear()
        PipelineTrace.current?.write()

        outcome.signal = interruption.signal
        outcome.seconds = progress.elapsed
        outcome.outputFailed = outputError != nil && outputError != .brokenPipe
        if let outputError, outcome.outputFailed {
            StandardStreams.writeMessage("cannot write the output: \(outputError)")
        }
        return outcome
    }

    /// Empties `batch`'s output and counts when its bytes, a view of `mapping`, may not be the file's any more: the
    /// file shrank while it was read (``MappedInput/damagedOffset``), and what was read past its new end is zeros.
    /// The first such batch of an input gets a note, and the input fails; the batches after it are left out quietly.
    private func dropIfDamaged(_ batch: LineBatch, _ mapping: MappedInput, after damagedMapping: inout MappedInput?) {
        if damagedMapping !== mapping {
            guard mapping.damagedOffset < batch.mappingOffset + batch.byteCount else { return }
            damagedMapping = mapping
            let line = batch.entries.first?.line ?? 0
            batch.notes.append(
                "\(batch.source): the file shrank while it was read: its records from line \(line) on are left out"
            )
        }
        batch.output.removeAll()
        batch.tally = Tally()
        batch.lintTally = LintTally()
        batch.hasInputFailure = true
    }
}
