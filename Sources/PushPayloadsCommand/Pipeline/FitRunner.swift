import PushPayloads
import PushRequests

/// Runs `fit`: reads the inputs as `lint` does, fits every payload or send request over `jobs` threads,
/// writes one line per input in input order, and returns the exit status.
struct FitRunner {
    /// The inputs, threads and limits (`--max-payload-bytes`, `--max-depth`).
    var batches: BatchRun
    var engine: PayloadEngine = .native
    var kind: PushRequestKind?
    var fitter = PushFitter()

    func run() -> Int32 {
        var errorCount = 0
        let (engine, limits, kind, fitter) = (self.engine, batches.limits, self.kind, self.fitter)
        let outcome = batches.run(
            makeWorker: {
                BatchFitter(decoder: PayloadDecoder(engine: engine, limits: limits), fitter: fitter, kind: kind)
            },
            process: { worker, batch in worker.process(batch) },
            consume: { batch, _ in
                errorCount += batch.lintTally.errorCount
                return nil
            }
        )
        return outcome.exitStatus(hasErrors: errorCount > 0)
    }
}

/// A worker's state for `fit`: fits every payload or request of a batch, reusing its parser.
struct BatchFitter: Sendable {
    var decoder: PayloadDecoder
    let fitter: PushFitter
    /// What the inputs are; `nil` detects each one.
    let kind: PushRequestKind?

    /// Error records are lint's.
    private let writer = LintRecordWriter(format: .jsonl)

    mutating func process(_ batch: LineBatch) {
        var tally = batch.lintTally
        tally.inputs += batch.entries.count
        for entry in batch.entries {
            do throws(PushPayloadError) {
                batch.output.append(try fitted(entry, in: batch))
                batch.output.append(UInt8(ascii: "\n"))
            } catch {
                writer.write(error, source: batch.source, line: entry.line, into: batch.output, tally: &tally)
            }
        }
        if let failure = batch.readFailure {
            // The input stopped part way: its record marks where (InputFeeder).
            writer.write(
                failure.payloadError,
                source: batch.source,
                line: failure.line,
                into: batch.output,
                tally: &tally
            )
        }
        batch.lintTally = tally
    }

    /// The entry's input, fitted.
    private mutating func fitted(_ entry: LineEntry, in batch: LineBatch) throws(PushPayloadError) -> [UInt8] {
        if entry.isOversized { throw decoder.tooLargeError(length: entry.oversizedLength) }
        let payload = try decoder.parse(batch.payload(entry))
        return try fitter.fit(PushSendRequest(document: payload.document, kind: kind, limits: decoder.limits)).jsonBytes
    }
}
