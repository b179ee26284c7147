import Dispatch
import PushPayloads
import PushRequests
import SystemPackage

/// Runs `classify`: reads the inputs, classifies them over `jobs` threads, writes the records in input
/// order, and returns the exit status.
struct ClassifyRunner {
    /// The arguments' bytes (``RawArguments``).
    var inputs: [[UInt8]]
    var format: OutputFormat = .jsonl
    var jobs = 1
    var engine: PayloadEngine = .native
    var limits: PushPayloadLimits = .default
    /// The senders recognised (`--senders`); the summary lists its vendors.
    var registry: PushDecoderRegistry = .standard
    /// What every input is (`--kind`); `nil` detects each one.
    var kind: PushRequestKind?
    /// `--platform`: a send request's records are for these platforms only; empty for every platform.
    var platforms: Set<PushPlatform> = []
    var showsSummary = false
    var showsProgress = false
    /// The table's width; the terminal's when standard output is one.
    var tableWidth = 160
    /// Input bytes per batch: the unit of work handed to a thread.
    var batchBytes = 1 << 20
    /// How much of each payload is decoded; the records need only the summary.
    var detail: PushDecodingDetail = .summary
    /// `--payload`, `--keep`: lines that are records holding the payload.
    var records = RecordOptions()
    /// `--source-label`, `--line-offset`.
    var standardInputName = "-"
    var standardInputFirstLine = 1
    var outputDescriptor = FileDescriptor.standardOutput
    var errorDescriptor = FileDescriptor.standardError

    func run() -> Int32 {
        switch format {
        case .jsonl: return run(writer: JSONLinesRecordWriter())
        case .csv: return run(writer: CSVRecordWriter())
        case .table:
            // Room for the longest vendor name and the `+` of an ambiguous payload, at least the usual 8.
            let vendorWidth = max(8, (registry.vendors.map(\.name.count).max() ?? 0) + 1)
            return run(writer: TableRecordWriter(totalWidth: tableWidth, vendorWidth: vendorWidth))
        }
    }

    private func run<Writer: RecordWriter>(writer: Writer) -> Int32 {
        // A closed pipe (`| head`) shows up as EPIPE from write(2), and ends the run quietly.
        Platform.ignoreBrokenPipes()
        let items = InputList.expand(
            inputs,
            standardInputName: standardInputName,
            standardInputFirstLine: standardInputFirstLine
        )
        let isStopped = LockedValue(false)
        // SIGINT or SIGTERM stops the run after the last whole batch of records written, with the summary
        // it would have printed, and the status a shell expects of a signalled command (128 + the number).
        let signalled = LockedValue<Int32>(0)
        let signalSources = Platform.catchInterrupts { number in
            signalled.withLock { if $0 == 0 { $0 = number } }
            isStopped.withLock { $0 = true }
        }
        defer { for source in signalSources { source.cancel() } }
        var progress = ProgressReporter(isEnabled: showsProgress, totalBytes: InputList.totalSize(items))
        var tally = Tally()
        var hasInputFailure = false
        let records = self.records
        var outputError = writer.header(layout: records.layout).withUnsafeBufferPointer {
            StandardStreams.write($0, to: outputDescriptor)
        }
        if outputError != nil { isStopped.withLock { $0 = true } }

        let engine = self.engine
        let limits = self.limits
        let registry = self.registry
        let kind = self.kind
        let platforms = self.platforms
        let detail = self.detail
        let batchBytes = self.batchBytes
        // Room for a full batch plus the chunk read past it, so batches rarely grow.
        let batchCapacity = min(batchBytes, 1 << 24) + LineReader.defaultChunkSize + 64 * 1024
        OrderedPipeline(jobs: jobs).run(
            makeBatch: { LineBatch(capacity: batchCapacity) },
            makeProducer: {
                InputFeeder(
                    inputs: items,
                    maximumPayloadBytes: records.maximumLineBytes(payloadLimits: limits),
                    targetBatchBytes: batchBytes,
                    isStopped: isStopped
                )
            },
            produce: { feeder, batch in feeder.fill(batch) },
            makeWorker: {
                BatchClassifier(
                    decoder: PayloadDecoder(
                        engine: engine,
                        limits: limits,
                        registry: registry,
                        kind: kind,
                        platforms: platforms
                    ),
                    writer: writer,
                    detail: detail,
                    extractor: records.isEnabled ? RecordExtractor(options: records, payloadLimits: limits) : nil
                )
            },
            process: { worker, batch in worker.process(batch) },
            consume: { batch in
                guard signalled.current == 0 else { return }
                if !batch.notes.isEmpty {
                    progress.clear()
                    for note in batch.notes { StandardStreams.writeMessage(note, to: errorDescriptor) }
                }
                hasInputFailure = hasInputFailure || batch.hasInputFailure
                tally.unreadableInputs += batch.unreadableInputs
                if outputError == nil && !batch.output.isEmpty {
                    outputError = batch.output.withBytes { StandardStreams.write($0, to: outputDescriptor) }
                    if outputError != nil { isStopped.withLock { $0 = true } }
                }
                // Once the output is gone, the records that could not be written are not counted.
                guard outputError == nil else { return }
                tally.merge(batch.tally)
                progress.update(payloads: tally.payloads, bytes: tally.bytes)
            }
        )
        progress.clear()

        let outputFailed = outputError != nil && outputError != .brokenPipe
        if let outputError, outputFailed {
            StandardStreams.writeMessage("cannot write the output: \(outputError)", to: errorDescriptor)
        }
        if showsSummary {
            let text = tally.summary(
                precedence: registry.vendors,
                inputs: items.count { $0.isInput },
                seconds: progress.elapsed
            )
            StandardStreams.write(text, to: errorDescriptor)
        }
        if signalled.current != 0 { return 128 + signalled.current }
        if hasInputFailure || outputFailed { return ExitStatus.inputFailure }
        return tally.errors > 0 ? ExitStatus.payloadErrors : ExitStatus.success
    }
}
