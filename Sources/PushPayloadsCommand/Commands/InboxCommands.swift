import ArgumentParser
import Dispatch
import PushPayloads
import PushRecords
import PushRequests
import SystemPackage

// `--kind inbox` for `classify` and `inspect`: inbox pages and entries instead of pushes.

/// `--kind` of `classify` and `inspect`: a push's kinds (``RequestKindOption``, which `lint` takes), or `inbox`.
enum PayloadKindOption: String, CaseIterable, ExpressibleByArgument {
    case device
    case apns
    case fcmV1 = "fcm-v1"
    case fcmLegacy = "fcm-legacy"
    /// Inbox pages and entries (Exponea App Inbox, Swrve push inbox, Cordial inbox), not pushes.
    case inbox

    /// The send-request kind; `nil` for ``inbox``, which is read as inbox pages instead.
    var requestKind: PushRequestKind? {
        RequestKindOption(rawValue: rawValue)?.requestKind
    }
}

extension ClassifyCommand {
    /// One JSON Lines record per inbox entry (`PushInboxRecord`); other formats are refused, since an entry's record
    /// has columns a push's table and CSV do not. Entries are few beside pushes (a page per fetch), so this runs on one
    /// thread. Exit 1 when an entry or input is an error record, 74 when an input cannot be read.
    func runInbox() throws {
        guard format == .jsonl else {
            throw ValidationError("--kind inbox writes JSON Lines only: use --format jsonl")
        }
        try refuseOptionsForPushes()
        Platform.ignoreBrokenPipes()
        var options = PushInboxReadingOptions(registry: senders.registry)
        options.limits.maximumDepth = engineOptions.maximumDepth
        var items = InputList.expand(
            RawArguments.bytes(of: files),
            standardInputName: inputArguments.sourceLabel ?? "-",
            standardInputFirstLine: inputArguments.lineOffset + 1
        )
        if let byteRange = byteRangeArguments.byteRange(lineOffset: inputArguments.lineOffset) {
            items = byteRange.restrict(items)
        }
        var status = ExitStatus.success
        let encoder = JSONBytesEncoder()
        // SIGINT and SIGTERM as for pushes (``BatchRun``): reading stops at once, the entries of every line
        // read whole are written, and the status is 128 + the signal.
        let interruption = Interruption()
        let signalSources = interruption.start()
        defer { for source in signalSources { source.cancel() } }
        inputs: for item in items where interruption.signal == 0 {
            switch item {
            case .endOfArgument:
                continue
            case .unreadable(let name, let reason):
                StandardStreams.writeMessage("\(name): \(reason)")
                status = ExitStatus.inputFailure
            case .input(let spec):
                do {
                    let limit = options.limits.maximumPayloadBytes
                    let finished = try spec.read(maximumPayloadBytes: limit, line: nil, interruption: interruption) {
                        entry,
                        batch in
                        let reading = Self.page(entry, in: batch, options: options)
                        let line = entry.line == 0 ? nil : entry.line
                        var text: [UInt8] = []
                        for record in PushInboxRecord.records(source: spec.name, line: line, reading: reading) {
                            if case .error = record.content, status == ExitStatus.success {
                                status = ExitStatus.payloadErrors
                            }
                            // Every record encodes: its values are strings, numbers and Booleans.
                            text += (try? encoder.encode(record)) ?? []
                            text.append(UInt8(ascii: "\n"))
                        }
                        return text.withUnsafeBufferPointer { StandardStreams.write($0, to: .standardOutput) } == nil
                    }
                    if !finished { break inputs }
                } catch {
                    StandardStreams.writeMessage("\(error)")
                    status = ExitStatus.inputFailure
                }
            }
        }
        if interruption.signal != 0 { status = 128 + interruption.signal }
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// Refuses (exit 64) the options that read pushes, which an inbox page is not, instead of ignoring them:
    /// `--payload`, `--keep`, `--max-record-bytes`, `--platform`, `--summary` (an inbox run has no summary) and
    /// `--max-payload-bytes` (an inbox input's limit is the inbox's, 4 MiB). `--max-depth` applies.
    private func refuseOptionsForPushes() throws {
        var given: [String] = []
        if recordArguments.payload != nil { given.append("--payload") }
        if !recordArguments.keep.isEmpty { given.append("--keep") }
        if recordArguments.maximumRecordBytes != RecordOptions.defaultMaximumRecordBytes {
            given.append("--max-record-bytes")
        }
        if !platforms.isEmpty { given.append("--platform") }
        if summary == true { given.append("--summary") }
        if engineOptions.maximumPayloadBytes != PushPayloadLimits.default.maximumPayloadBytes {
            given.append("--max-payload-bytes")
        }
        guard given.isEmpty else {
            throw ValidationError(
                "\(given.joined(separator: ", ")) \(given.count == 1 ? "reads" : "read") pushes, not inbox pages: "
                    + "--kind inbox takes --max-depth, and an input's limit is the inbox's, "
                    + "\(PushPayloadLimits.inbox.maximumPayloadBytes) bytes"
            )
        }
    }

    /// The inbox page (or entry) of one entry of a batch.
    static func page(
        _ entry: LineEntry,
        in batch: LineBatch,
        options: PushInboxReadingOptions
    ) -> Result<PushInboxPage, PushPayloadError> {
        guard !entry.isOversized else {
            let limit = options.limits.maximumPayloadBytes
            // An input not read past the limit (an endless one) has no known length.
            let length =
                entry.oversizedLength == LineEntry.unknownOversizedLength
                ? "more than \(limit)" : "\(entry.oversizedLength)"
            let message = "\(length) bytes; the limit is \(limit)"
            return .failure(PushPayloadError(.tooLarge, message: message))
        }
        return Result { () throws(PushPayloadError) in
            try PushInboxPage(jsonBytes: Array(batch.payload(entry)), options: options)
        }
    }
}

extension InspectCommand {
    /// The whole page (or entry) as indented JSON: every entry's model, or its error. Exit 1 when the
    /// input, or an entry of it, cannot be read.
    func inspectInbox() throws {
        var page: PushInboxPage?
        var failure: String?
        var status = ExitStatus.payloadErrors
        let options = PushInboxReadingOptions(registry: senders.registry)
        for item in InputList.expand(RawArguments.bytes(of: [file])) {
            switch item {
            case .endOfArgument:
                continue
            case .unreadable(let name, let reason):
                failure = "\(name): \(reason)"
                status = ExitStatus.inputFailure
            case .input(let spec):
                do {
                    let limit = options.limits.maximumPayloadBytes
                    // Only the first entry (or line `--line`'s) is wanted: a longer one ends the input, which
                    // may never end (`/dev/zero`).
                    _ = try spec.read(maximumPayloadBytes: limit, line: line, lastWantedLine: line ?? 1) {
                        entry,
                        batch in
                        switch ClassifyCommand.page(entry, in: batch, options: options) {
                        case .success(let read): page = read
                        case .failure(let error):
                            let line = entry.line == 0 ? "" : ":\(entry.line)"
                            failure = "\(spec.name)\(line): not an inbox page or entry: \(error)"
                        }
                        return false
                    }
                    if page == nil && failure == nil {
                        failure = "\(spec.name) has no input on line \(line ?? 1)"
                    }
                } catch {
                    failure = error.description
                    status = ExitStatus.inputFailure
                }
            }
        }
        guard let page else {
            StandardStreams.writeMessage(failure ?? "\(file): no input")
            throw ExitCode(status)
        }
        try Self.write(page)
        if !page.errors.isEmpty { throw ExitCode(ExitStatus.payloadErrors) }
    }
}
