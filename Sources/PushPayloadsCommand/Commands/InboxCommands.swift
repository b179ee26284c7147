import ArgumentParser
import PushPayloads
import PushRequests
import SystemPackage

// `--kind inbox` for `classify` and `inspect`: inbox pages and entries instead of pushes (InboxRunner).

/// `--kind` of `classify` and `inspect`: a push's kinds (``RequestKindOption``, which `lint` takes), or
/// `inbox`.
enum PayloadKindOption: String, CaseIterable, ExpressibleByArgument {
    case device
    case apns
    case fcmV1 = "fcm-v1"
    case fcmLegacy = "fcm-legacy"
    /// Inbox pages and entries (Exponea App Inbox, Swrve push inbox, Cordial inbox), not pushes.
    case inbox

    /// The send-request kind; `nil` for ``inbox``, which ``InboxRunner`` reads instead.
    var requestKind: PushRequestKind? {
        RequestKindOption(rawValue: rawValue)?.requestKind
    }
}

extension ClassifyCommand {
    /// One JSON Lines record per inbox entry (`PushInboxRecord`); other formats are refused, since an
    /// entry's record has columns a push's table and CSV do not.
    func runInbox() throws {
        guard format == .jsonl else {
            throw ValidationError("--kind inbox writes JSON Lines only: use --format jsonl")
        }
        let runner = InboxRunner(
            inputs: RawArguments.bytes(of: files),
            options: PushInboxReadingOptions(registry: senders.registry),
            standardInputName: inputArguments.sourceLabel ?? "-",
            standardInputFirstLine: inputArguments.lineOffset + 1
        )
        let status = runner.run()
        if status != ExitStatus.success { throw ExitCode(status) }
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
                let result = InboxRunner.read(spec, options: options, line: line) { readLine, reading in
                    switch reading {
                    case .success(let read): page = read
                    case .failure(let error):
                        failure = "\(spec.name)\(readLine.map { ":\($0)" } ?? ""): not an inbox page or entry: \(error)"
                    }
                    return false
                }
                if case .unreadable(let error) = result {
                    failure = error.description
                    status = ExitStatus.inputFailure
                } else if page == nil && failure == nil {
                    failure = "\(spec.name) has no input on line \(line ?? 1)"
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
