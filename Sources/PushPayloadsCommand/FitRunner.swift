import PushPayloads
import PushRequests
import SystemPackage

/// Runs `fit`: reads the inputs as `lint` does, fits every payload or send request over `jobs` threads,
/// writes one line per input in input order, and returns the exit status.
struct FitRunner {
    /// The arguments' bytes (``RawArguments``).
    var inputs: [[UInt8]]
    var jobs = 1
    var engine: PayloadEngine = .native
    var limits: PushPayloadLimits = .default
    var kind: PushRequestKind?
    var fitter = PushFitter()
    var batchBytes = 1 << 20
    var outputDescriptor = FileDescriptor.standardOutput
    var errorDescriptor = FileDescriptor.standardError

    func run() -> Int32 {
        Platform.ignoreBrokenPipes()
        let items = InputList.expand(inputs)
        let isStopped = LockedValue(false)
        var errorCount = 0
        var hasInputFailure = false
        var outputError: Errno?

        let engine = self.engine
        let limits = self.limits
        let kind = self.kind
        let fitter = self.fitter
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
                BatchFitter(decoder: PayloadDecoder(engine: engine, limits: limits), fitter: fitter, kind: kind)
            },
            process: { worker, batch in worker.process(batch) },
            consume: { batch in
                for note in batch.notes { StandardStreams.write("push-payloads: \(note)\n", to: errorDescriptor) }
                hasInputFailure = hasInputFailure || batch.hasInputFailure
                if outputError == nil && !batch.output.isEmpty {
                    outputError = batch.output.withBytes { StandardStreams.write($0, to: outputDescriptor) }
                    if outputError != nil { isStopped.withLock { $0 = true } }
                }
                errorCount += batch.lintTally.errorCount
            }
        )

        let outputFailed = outputError != nil && outputError != .brokenPipe
        if let outputError, outputFailed {
            StandardStreams.write("push-payloads: cannot write the output: \(outputError)\n", to: errorDescriptor)
        }
        if hasInputFailure || outputFailed { return ExitStatus.inputFailure }
        return errorCount > 0 ? ExitStatus.payloadErrors : ExitStatus.success
    }
}

/// A worker's state for `fit`: fits every payload or request of a batch, reusing its parser.
struct BatchFitter: Sendable {
    var decoder: PayloadDecoder
    let fitter: PushFitter
    /// What the inputs are; `nil` detects each one.
    let kind: PushRequestKind?

    mutating func process(_ batch: LineBatch) {
        let output = batch.output
        var tally = batch.lintTally
        for entry in batch.entries {
            tally.inputs += 1
            let line = entry.line > 0 ? entry.line : nil
            do throws(PushPayloadError) {
                if entry.isOversized { throw decoder.tooLargeError(length: entry.oversizedLength) }
                let payload = try decoder.parse(batch.payload(entry))
                let request = PushSendRequest(document: payload.document, kind: kind, limits: decoder.limits)
                output.append(try fitter.fit(request).jsonBytes)
                output.append(UInt8(ascii: "\n"))
            } catch {
                tally.countError(error.code)
                Self.write(PushRecord(source: batch.source, line: line, content: .error(error)), into: output)
            }
        }
        if let failure = batch.readFailure {
            // The input stopped part way: its record marks where (InputFeeder).
            tally.countError(PushPayloadError.Code.ioError)
            let line = failure.line > 0 ? failure.line : nil
            Self.write(
                PushRecord(source: batch.source, line: line, content: .error(failure.payloadError)),
                into: output
            )
        }
        batch.lintTally = tally
    }

    /// An error record, as `classify` and `lint` write it.
    private static func write(_ record: PushRecord, into output: OutputBuffer) {
        // The library's types always encode; a failure would be a bug, shown rather than hidden.
        output.append((try? JSONBytesEncoder().encode(record)) ?? Array(#"{"status":"error"}"#.utf8))
        output.append(UInt8(ascii: "\n"))
    }
}
