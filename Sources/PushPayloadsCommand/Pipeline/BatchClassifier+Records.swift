import PushPayloads

extension BatchClassifier {
    /// Classifies one line that is a record holding the payload (`--payload`, `--keep`), and adds the
    /// record's extras.
    mutating func processRecord(_ entry: LineEntry, of batch: LineBatch, source: [UInt8], tally: inout Tally) {
        // Taken out while in use, so its parser's buffers stay uniquely referenced and are reused.
        guard var extractor else { return }
        self.extractor = nil
        defer { self.extractor = extractor }
        let output = batch.output
        let layout = extractor.options.layout
        if entry.isOversized {
            let error = extractor.tooLargeError(length: entry.oversizedLength, decoder: decoder)
            tally.countError(error.code)
            writer.writeError(error, source: source, line: entry.line, into: output)
            extractor.resetExtras()
            writer.appendExtras(extractor.extras, layout: layout, isError: true, into: output)
            return
        }
        switch extractor.read(batch.payload(entry), decoder: &decoder, detail: detail) {
        case .success(.device(let notification)):
            tally.countDecoded(vendor: notification.vendor, isSilent: notification.isSilent)
            writer.writeDecoded(notification, request: nil, source: source, line: entry.line, into: output)
            writer.appendExtras(extractor.extras, layout: layout, isError: false, into: output)
        case .success(.request(let kind, let deliveries)):
            for (platform, notification) in deliveries {
                tally.countDecoded(vendor: notification.vendor, isSilent: notification.isSilent)
                let request = RequestDelivery(kind: kind, platform: platform)
                writer.writeDecoded(notification, request: request, source: source, line: entry.line, into: output)
                writer.appendExtras(extractor.extras, layout: layout, isError: false, into: output)
            }
        case .failure(let error):
            tally.countError(error.code)
            writer.writeError(error, source: source, line: entry.line, into: output)
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
