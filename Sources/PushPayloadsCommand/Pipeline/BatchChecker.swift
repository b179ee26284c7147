import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRecords
import PushRequests

/// A worker's state for `lint` and `fit`: reads every payload or send request of a batch as a request,
/// reusing its parser, then checks it (writing its findings) or fits it (writing it, cut under its
/// limits). An input that cannot be read, or cannot be fitted, is an error record (lint's).
struct BatchChecker: BatchWorker, Sendable {
    enum Action: Sendable {
        /// Findings below the severity are counted but not written.
        case lint(PushChecker, minimumSeverity: PushSeverity)
        case fit(PushFitter)
    }

    var decoder: PayloadDecoder
    let writer: LintRecordWriter
    /// What the inputs are; `nil` detects each one.
    let kind: PushRequestKind?
    let action: Action

    mutating func process(_ batch: LineBatch) {
        let output = batch.output
        var tally = batch.lintTally
        for entry in batch.entries {
            tally.inputs += 1
            do throws(PushPayloadError) {
                let request = try decoder.request(entry, of: batch, kind: kind)
                switch action {
                case .lint(let checker, let minimumSeverity):
                    for finding in checker.check(request) {
                        tally.count(finding)
                        guard finding.severity >= minimumSeverity else { continue }
                        let line = entry.line > 0 ? entry.line : nil
                        let content = PushRecord.Content.finding(request.kind, finding)
                        writer.write(PushRecord(source: batch.source, line: line, content: content), into: output)
                    }
                case .fit(let fitter):
                    output.append(try fitter.fit(request).jsonBytes)
                    output.append(UInt8(ascii: "\n"))
                }
            } catch {
                writer.write(error, source: batch.source, line: entry.line, into: output, tally: &tally)
            }
        }
        if let failure = batch.readFailure {
            // The input stopped part way: its record marks where (InputFeeder).
            writer.write(failure.error, source: batch.source, line: failure.line, into: output, tally: &tally)
        }
        batch.lintTally = tally
    }
}
