import PushPayloads
import PushRequests

/// A worker's state: turns a batch of payloads into records and counts, reusing its decoder.
struct BatchClassifier<Writer: RecordWriter>: BatchWorker, Sendable {
    var decoder: PayloadDecoder
    let writer: Writer
    /// With `--payload` or `--keep`: lines are records holding the payload.
    var extractor: RecordExtractor?

    /// Classifies every payload of `batch` into `batch.output` and `batch.tally`.
    mutating func process(_ batch: LineBatch) {
        // Locals, so the records' closure reads no part of `self` while the decoder is in use.
        let (output, writer) = (batch.output, self.writer)
        // A local tally, so the loop does not go through the batch for every count.
        var tally = batch.tally
        let source = writer.encodeSource(batch.source)
        for entry in batch.entries {
            if extractor != nil {
                processRecord(entry, of: batch, source: source, tally: &tally)
                continue
            }
            if entry.isOversized {
                let error = decoder.tooLargeError(length: entry.oversizedLength)
                writer.write(error, source: source, line: entry.line, into: output, tally: &tally)
                continue
            }
            do {
                try decoder.decodeRecords(batch.payload(entry)) { record in
                    writer.write(record, source: source, line: entry.line, into: output, tally: &tally)
                }
            } catch {
                writer.write(error, source: source, line: entry.line, into: output, tally: &tally)
            }
        }
        if let failure = batch.readFailure {
            // No line backs this record: its extras are empty.
            extractor?.resetExtras()
            let extras = extractor?.extras
            writer.write(failure.error, extras: extras, source: source, line: failure.line, into: output, tally: &tally)
        }
        writer.finishBatch(output)
        tally.bytes += batch.consumedBytes
        batch.tally = tally
    }

    /// Classifies one line that is a record holding the payload (`--payload`, `--keep`), and adds the record's extras.
    private mutating func processRecord(_ entry: LineEntry, of batch: LineBatch, source: [UInt8], tally: inout Tally) {
        // Taken out while in use, so its parser's buffers stay uniquely referenced and are reused.
        guard var extractor else { return }
        self.extractor = nil
        defer { self.extractor = extractor }
        let (output, writer) = (batch.output, self.writer)
        do throws(PushPayloadError) {
            if entry.isOversized {
                extractor.resetExtras()
                throw extractor.tooLargeError(length: entry.oversizedLength, decoder: decoder)
            }
            try extractor.read(batch.payload(entry), decoder: &decoder) { record, extras in
                writer.write(record, extras: extras, source: source, line: entry.line, into: output, tally: &tally)
            }
        } catch {
            writer.write(error, extras: extractor.extras, source: source, line: entry.line, into: output, tally: &tally)
        }
    }
}
