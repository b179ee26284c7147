import PushPayloads
import PushRequests

extension BatchClassifier {
    /// Classifies one line that is a record holding the payload (`--payload`, `--keep`), and adds the
    /// record's extras.
    mutating func processRecord(_ entry: LineEntry, of batch: LineBatch, source: [UInt8], tally: inout Tally) {
        // Taken out while in use, so its parser's buffers stay uniquely referenced and are reused.
        guard var extractor else { return }
        self.extractor = nil
        defer { self.extractor = extractor }
        let (output, writer) = (batch.output, self.writer)
        let layout = extractor.options.layout
        if entry.isOversized {
            let error = extractor.tooLargeError(length: entry.oversizedLength, decoder: decoder)
            writer.write(error, source: source, line: entry.line, into: output, tally: &tally)
            extractor.resetExtras()
            writer.appendExtras(extractor.extras, layout: layout, isError: true, into: output)
            return
        }
        let failure = extractor.read(batch.payload(entry), decoder: &decoder) { record, extras in
            writer.write(record, source: source, line: entry.line, into: output, tally: &tally)
            writer.appendExtras(extras, layout: layout, isError: false, into: output)
        }
        if let failure {
            writer.write(failure, source: source, line: entry.line, into: output, tally: &tally)
            writer.appendExtras(extractor.extras, layout: layout, isError: true, into: output)
        }
    }

    /// Gives a record that no line backs (an input that failed part way) empty extras.
    mutating func appendEmptyExtras(isError: Bool, into output: OutputBuffer) {
        guard var extractor else { return }
        self.extractor = nil
        extractor.resetExtras()
        writer.appendExtras(extractor.extras, layout: extractor.options.layout, isError: isError, into: output)
        self.extractor = extractor
    }
}
