import PushPayloads
import PushRequests

/// A worker's state for `lint`: checks every payload or request of a batch, reusing its parser.
struct BatchLinter: Sendable {
    var decoder: PayloadDecoder
    let writer: LintRecordWriter
    let checker: PushChecker
    /// What the inputs are; `nil` detects each one.
    let kind: PushRequestKind?
    /// Findings below this severity are counted but not written.
    let minimumSeverity: PushSeverity

    mutating func process(_ batch: LineBatch) {
        let output = batch.output
        var tally = batch.lintTally
        for entry in batch.entries {
            tally.inputs += 1
            let line = entry.line > 0 ? entry.line : nil
            if entry.isOversized {
                let error = decoder.tooLargeError(length: entry.oversizedLength)
                writer.write(error, source: batch.source, line: entry.line, into: output, tally: &tally)
                continue
            }
            do {
                let payload = try decoder.parse(batch.payload(entry))
                let request = PushSendRequest(document: payload.document, kind: kind, limits: decoder.limits)
                for finding in checker.check(request) {
                    tally.count(finding)
                    guard finding.severity >= minimumSeverity else { continue }
                    writer.write(
                        PushRecord(source: batch.source, line: line, content: .finding(request.kind, finding)),
                        into: output
                    )
                }
            } catch {
                writer.write(error, source: batch.source, line: entry.line, into: output, tally: &tally)
            }
        }
        if let failure = batch.readFailure {
            // The input stopped part way: its record marks where (InputFeeder).
            writer.write(failure.payloadError, source: batch.source, line: failure.line, into: output, tally: &tally)
        }
        tally.bytes += batch.consumedBytes
        batch.lintTally = tally
    }
}
