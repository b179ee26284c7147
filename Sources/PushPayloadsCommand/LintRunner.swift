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
    /// `--platform`: the platforms the requests' devices are on; empty when not known.
    var platforms: Set<PushPlatform> = []
    var minimumSeverity: PushSeverity = .info
    var showsSummary = false
    var batchBytes = 1 << 20
    var outputDescriptor = FileDescriptor.standardOutput
    var errorDescriptor = FileDescriptor.standardError

    func run() -> Int32 {
        let writer = LintRecordWriter(format: format)
        let clock = ContinuousClock()
        let start = clock.now
        var tally = LintTally()
        let engine = self.engine
        let limits = self.limits
        let kind = self.kind
        let platforms = self.platforms
        let minimumSeverity = self.minimumSeverity
        let run = BatchRun(
            inputs: inputs,
            jobs: jobs,
            limits: limits,
            batchBytes: batchBytes,
            outputDescriptor: outputDescriptor,
            errorDescriptor: errorDescriptor
        )
        let outcome = run.run(
            header: writer.header,
            makeWorker: {
                BatchLinter(
                    decoder: PayloadDecoder(engine: engine, limits: limits),
                    writer: writer,
                    checker: PushChecker(platforms: platforms),
                    kind: kind,
                    minimumSeverity: minimumSeverity
                )
            },
            process: { worker, batch in worker.process(batch) },
            consume: { batch, isWritten in
                tally.unreadableInputs += batch.unreadableInputs
                // Records that did not reach the output are not counted.
                if isWritten { tally.merge(batch.lintTally) }
            }
        )
        if showsSummary {
            let elapsed = start.duration(to: clock.now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            StandardStreams.write(tally.summary(inputCount: outcome.inputCount, seconds: seconds), to: errorDescriptor)
        }
        if outcome.hasInputFailure || outcome.outputFailed { return ExitStatus.inputFailure }
        return tally.errorCount > 0 ? ExitStatus.payloadErrors : ExitStatus.success
    }
}
