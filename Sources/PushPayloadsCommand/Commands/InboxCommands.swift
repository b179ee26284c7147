import ArgumentParser
import PushPayloads
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
        Platform.ignoreBrokenPipes()
        let options = PushInboxReadingOptions(registry: senders.registry)
        let items = InputList.expand(
            RawArguments.bytes(of: files),
            standardInputName: inputArguments.sourceLabel ?? "-",
            standardInputFirstLine: inputArguments.lineOffset + 1
        )
        var status = ExitStatus.success
        let encoder = JSONBytesEncoder()
        inputs: for item in items {
            switch item {
            case .endOfArgument:
                continue
            case .unreadable(let name, let reason):
                StandardStreams.writeMessage("\(name): \(reason)")
                status = ExitStatus.inputFailure
            case .input(let spec):
                do {
                    let limit = options.limits.maximumInputBytes
                    let finished = try spec.read(maximumPayloadBytes: limit, line: nil) { entry, batch in
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
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// The inbox page (or entry) of one entry of a batch.
    static func page(
        _ entry: LineEntry,
        in batch: LineBatch,
        options: PushInboxReadingOptions
    ) -> Result<PushInboxPage, PushInboxError> {
        guard !entry.isOversized else {
            let message = "\(entry.oversizedLength) bytes; the limit is \(options.limits.maximumInputBytes)"
            return .failure(PushInboxError(PushInboxError.Code(name: "too_large"), message: message))
        }
        return Result { () throws(PushInboxError) in
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
                    _ = try spec.read(maximumPayloadBytes: options.limits.maximumInputBytes, line: line) {
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
