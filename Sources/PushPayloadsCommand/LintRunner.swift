import PushPayloads
import PushRequests
import SystemPackage

/// Runs `lint`: reads the inputs as `classify` does, checks every payload or send request over `jobs`
/// threads, writes the findings in input order, and returns the exit status.
struct LintRunner {
    /// The arguments' bytes (``RawArguments``).
    var inputs: [[UInt8]]
    var format: LintRecordWriter.Format = .jsonl
    var jobs = 1
    var engine: PayloadEngine = .native
    var limits: PushPayloadLimits = .default
    var kind: PushRequestKind?
    var minimumSeverity: PushSeverity = .info
    var showsSummary = false
    var batchBytes = 1 << 20
    var outputDescriptor = FileDescriptor.standardOutput
    var errorDescriptor = FileDescriptor.standardError

    func run() -> Int32 {
        Platform.ignoreBrokenPipes()
        let items = InputList.expand(inputs)
        let isStopped = LockedValue(false)
        let writer = LintRecordWriter(format: format)
        let clock = ContinuousClock()
        let start = clock.now
        var tally = LintTally()
        var hasInputFailure = false
        var outputError = writer.header.withUnsafeBufferPointer { StandardStreams.write($0, to: outputDescriptor) }
        if outputError != nil { isStopped.withLock { $0 = true } }

        let engine = self.engine
        let limits = self.limits
        let kind = self.kind
        let minimumSeverity = self.minimumSeverity
        let batchBytes = self.batchBytes
        let batchCapacity = min(batchBytes, 1 << 24) + LineReader.defaultChunkSize + 64 * 1024
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
            makeWorker: {
                BatchLinter(
                    decoder: PayloadDecoder(engine: engine, limits: limits),
                    writer: writer,
                    checker: PushChecker(),
                    kind: kind,
                    minimumSeverity: minimumSeverity
                )
            },
            process: { worker, batch in worker.process(batch) },
            consume: { batch in
                for note in batch.notes { StandardStreams.writeMessage(note, to: errorDescriptor) }
                hasInputFailure = hasInputFailure || batch.hasInputFailure
                tally.unreadableInputs += batch.unreadableInputs
                if outputError == nil && !batch.output.isEmpty {
                    outputError = batch.output.withBytes { StandardStreams.write($0, to: outputDescriptor) }
                    if outputError != nil { isStopped.withLock { $0 = true } }
                }
                guard outputError == nil else { return }
                tally.merge(batch.lintTally)
            }
        )

        let outputFailed = outputError != nil && outputError != .brokenPipe
        if let outputError, outputFailed {
            StandardStreams.write("push-payloads: cannot write the output: \(outputError)\n", to: errorDescriptor)
        }
        if showsSummary {
            let elapsed = start.duration(to: clock.now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let summary = tally.summary(inputCount: items.count { $0.isInput }, seconds: seconds)
            StandardStreams.write(summary, to: errorDescriptor)
        }
        if hasInputFailure || outputFailed { return ExitStatus.inputFailure }
        return tally.errorCount > 0 ? ExitStatus.payloadErrors : ExitStatus.success
    }
}
