import PushPayloads
import PushRequests
import SystemPackage

/// Runs `classify --kind inbox` and reads `inspect --kind inbox`'s input: every input (or line of a JSON
/// Lines input) is a vendor's inbox page, a list of entries or one entry (`PushInboxPage`), and each entry
/// gives one record. Entries are few beside pushes (a page per fetch), so this runs on one thread.
struct InboxRunner {
    /// The arguments' bytes (``RawArguments``).
    var inputs: [[UInt8]]
    var options = PushInboxReadingOptions()
    /// `--source-label`, `--line-offset`.
    var standardInputName = "-"
    var standardInputFirstLine = 1
    var outputDescriptor = FileDescriptor.standardOutput
    var errorDescriptor = FileDescriptor.standardError

    /// Writes one JSON Lines record per entry, and returns the exit status: 1 when an entry or input is an
    /// error record, 74 when an input cannot be read.
    func run() -> Int32 {
        Platform.ignoreBrokenPipes()
        var status = ExitStatus.success
        let items = InputList.expand(
            inputs,
            standardInputName: standardInputName,
            standardInputFirstLine: standardInputFirstLine
        )
        let encoder = JSONBytesEncoder()
        for item in items {
            switch item {
            case .endOfArgument:
                continue
            case .unreadable(let name, let reason):
                StandardStreams.writeMessage("\(name): \(reason)", to: errorDescriptor)
                status = ExitStatus.inputFailure
            case .input(let spec):
                let result = Self.read(spec, options: options) { line, reading in
                    let records = PushInboxRecord.records(source: spec.name, line: line, reading: reading)
                    var text: [UInt8] = []
                    for record in records {
                        if case .error = record.content, status == ExitStatus.success {
                            status = ExitStatus.payloadErrors
                        }
                        // Every record encodes: its values are strings, numbers and Booleans.
                        text += (try? encoder.encode(record)) ?? []
                        text.append(UInt8(ascii: "\n"))
                    }
                    let error = text.withUnsafeBufferPointer { StandardStreams.write($0, to: outputDescriptor) }
                    return error == nil
                }
                switch result {
                case .finished: break
                case .outputClosed: return status
                case .unreadable(let error):
                    StandardStreams.writeMessage("\(error)", to: errorDescriptor)
                    status = ExitStatus.inputFailure
                }
            }
        }
        return status
    }

    enum ReadResult {
        case finished
        case outputClosed
        case unreadable(InputError)
    }

    /// Reads `spec` a page (or line: only line `wanted` when given) at a time and hands each page, with
    /// its line, to `emit`, which returns whether to go on.
    static func read(
        _ spec: InputSpec,
        options: PushInboxReadingOptions,
        line wanted: Int? = nil,
        emit: (Int?, Result<PushInboxPage, PushInboxError>) -> Bool
    ) -> ReadResult {
        let descriptor: FileDescriptor
        let isFile: Bool
        do {
            (descriptor, isFile) = try spec.open()
        } catch {
            return .unreadable(error)
        }
        defer { if isFile { try? descriptor.close() } }
        let reader = LineReader(
            path: spec.name,
            fileDescriptor: descriptor,
            mode: wanted == nil ? spec.mode : .jsonLines,
            maximumPayloadBytes: options.limits.maximumInputBytes,
            firstLine: spec.firstLine,
            recognisesFormat: spec.firstLine == 1
        )
        let batch = LineBatch(capacity: 256 * 1024)
        var more = true
        while more {
            batch.reset(sequence: 0, source: spec.name)
            do {
                more = try reader.fill(batch, targetBytes: 1 << 20, maximumEntries: 4096)
            } catch {
                return .unreadable(error)
            }
            for entry in batch.entries where wanted == nil || entry.line == wanted {
                let line = entry.line == 0 ? nil : entry.line
                let reading: Result<PushInboxPage, PushInboxError>
                if entry.isOversized {
                    reading = .failure(
                        PushInboxError(
                            PushInboxError.Code(name: "too_large"),
                            message: "\(entry.oversizedLength) bytes; the limit is \(options.limits.maximumInputBytes)"
                        )
                    )
                } else {
                    let bytes = batch.payload(entry)
                    reading = Result { () throws(PushInboxError) in
                        try PushInboxPage(jsonBytes: Array(bytes), options: options)
                    }
                }
                if !emit(line, reading) {
                    return .outputClosed
                }
            }
            if let failure = batch.readFailure {
                return .unreadable(failure.error)
            }
        }
        return .finished
    }
}
