import PushPayloads
import PushRequests

/// A worker's state: turns a batch of payloads into records and counts, reusing its decoder.
struct BatchClassifier<Writer: RecordWriter>: Sendable {
    var decoder: PayloadDecoder
    let writer: Writer
    /// The records show only summary fields, so ``PushDecodingDetail/summary`` is enough; `.full` is
    /// there to check that both give the same records.
    var detail: PushDecodingDetail = .summary
    /// With `--payload` or `--keep`: lines are records holding the payload (`BatchClassifier+Records.swift`).
    var extractor: RecordExtractor?

    /// Classifies every payload of `batch` into `batch.output` and `batch.tally`.
    mutating func process(_ batch: LineBatch) {
        let output = batch.output
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
                tally.countError(error.code)
                writer.writeError(error, source: source, line: entry.line, into: output)
                continue
            }
            do {
                switch try decoder.decodeInput(batch.payload(entry), detail: detail) {
                case .device(let notification):
                    tally.countDecoded(vendor: notification.vendor, isSilent: notification.isSilent)
                    writer.writeDecoded(notification, request: nil, source: source, line: entry.line, into: output)
                case .request(let kind, let deliveries):
                    for (platform, notification) in deliveries {
                        tally.countDecoded(vendor: notification.vendor, isSilent: notification.isSilent)
                        writer.writeDecoded(
                            notification,
                            request: RequestDelivery(kind: kind, platform: platform),
                            source: source,
                            line: entry.line,
                            into: output
                        )
                    }
                }
            } catch {
                tally.countError(error.code)
                writer.writeError(error, source: source, line: entry.line, into: output)
            }
        }
        if let failure = batch.readFailure {
            tally.countError(PushPayloadError.Code.ioError)
            writer.writeError(failure.payloadError, source: source, line: failure.line, into: output)
            appendEmptyExtras(isError: true, into: output)
        }
        tally.bytes += batch.consumedBytes
        batch.tally = tally
    }
}
