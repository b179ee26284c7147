import PushPayloads
import PushRequests

/// Runs `classify`: reads the inputs, classifies them over the run's threads, writes the records in
/// input order, and returns the exit status.
struct ClassifyRunner {
    /// The inputs, threads, limits, batches, standard input's name and the progress line.
    var batches: BatchRun
    var format: OutputFormat = .jsonl
    var engine: PayloadEngine = .native
    /// The senders recognised (`--senders`); the summary lists its vendors.
    var registry: PushDecoderRegistry = .standard
    /// What every input is (`--kind`); `nil` detects each one.
    var kind: PushRequestKind?
    /// `--platform`: a send request's records are for these platforms only; empty for every platform.
    var platforms: Set<PushPlatform> = []
    var showsSummary = false
    /// The table's width; the terminal's when standard output is one.
    var tableWidth = 160
    /// How much of each payload is decoded; the records need only the summary.
    var detail: PushDecodingDetail = .summary
    /// `--payload`, `--keep`: lines that are records holding the payload.
    var records = RecordOptions()

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
        var batches = self.batches
        batches.maximumLineBytes = records.maximumLineBytes(payloadLimits: batches.limits)
        let (engine, limits, registry, kind) = (self.engine, batches.limits, self.registry, self.kind)
        let (platforms, detail, records) = (self.platforms, self.detail, self.records)
        var tally = Tally()
        let outcome = batches.run(
            header: writer.header(layout: records.layout),
            makeWorker: {
                BatchClassifier(
                    decoder: PayloadDecoder(
                        engine: engine,
                        limits: limits,
                        registry: registry,
                        kind: kind,
                        platforms: platforms,
                        detail: detail
                    ),
                    writer: writer,
                    extractor: records.isEnabled ? RecordExtractor(options: records, payloadLimits: limits) : nil
                )
            },
            process: { worker, batch in worker.process(batch) },
            consume: { batch, isWritten in
                tally.unreadableInputs += batch.unreadableInputs
                // Once the output is gone, the records that could not be written are not counted.
                guard isWritten else { return nil }
                tally.merge(batch.tally)
                return (tally.payloads, tally.bytes)
            }
        )
        if showsSummary {
            let text = tally.summary(precedence: registry.vendors, inputs: outcome.inputCount, seconds: outcome.seconds)
            StandardStreams.write(text, to: batches.errorDescriptor)
        }
        return outcome.exitStatus(hasErrors: tally.errors > 0)
    }
}
