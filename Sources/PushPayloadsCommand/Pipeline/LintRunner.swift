import PushPayloads
import PushRequests

/// Runs `lint`: reads the inputs as `classify` does, checks every payload or send request over the run's
/// threads, writes the findings in input order, and returns the exit status.
struct LintRunner {
    /// The inputs, threads, limits and batches.
    var batches: BatchRun
    var format: LintRecordWriter.Format = .jsonl
    var engine: PayloadEngine = .native
    var kind: PushRequestKind?
    /// `--platform`: the platforms the requests' devices are on; empty when not known.
    var platforms: Set<PushPlatform> = []
    var minimumSeverity: PushSeverity = .info
    var showsSummary = false

    func run() -> Int32 {
        let writer = LintRecordWriter(format: format)
        var tally = LintTally()
        let (engine, limits, kind) = (self.engine, batches.limits, self.kind)
        let (platforms, minimumSeverity) = (self.platforms, self.minimumSeverity)
        let outcome = batches.run(
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
                return nil
            }
        )
        if showsSummary {
            let summary = tally.summary(inputCount: outcome.inputCount, seconds: outcome.seconds)
            StandardStreams.write(summary, to: batches.errorDescriptor)
        }
        return outcome.exitStatus(hasErrors: tally.errorCount > 0)
    }
}
