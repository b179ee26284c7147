import ArgumentParser
import PushPayloads
import PushRequests

/// `push-payloads fit`: each payload or send request cut under the size limits of the platforms it
/// reaches, by its alert text.
struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Cut the alert text of payloads and send requests over a size limit: one JSON line per input.",
        discussion: """
            Reads the same inputs as lint (device payloads, APNs requests, FCM HTTP v1 and legacy \\
            bodies, told apart automatically or by --kind) and writes, for each one and in input order, \\
            one line: the input as compact JSON, changed only where a limit needs it. The limits are the \\
            iOS payload's (4,096 bytes without whitespace, 5,120 for apns-push-type voip) and an FCM v1 \\
            message's data and notification text (4,096 bytes), counted in UTF-8 as sent, JSON escapes \\
            included; --max-bytes replaces both. The alert's body is cut first, then its subtitle, then \\
            its title (a string alert too; an FCM body's notification and its apns.payload.aps.alert), \\
            at a grapheme cluster boundary, ending in "…". An input that fits comes back equal. An input \\
            whose bulk is not text is not cut: its line is an error record, status "error" with code \\
            cannot_fit, as is an input that is not valid JSON (docs/json-schema.md).

            EXIT STATUS
              0   Every input fits, as it was or cut.
              1   An input is refused (cannot_fit) or unreadable (invalid_json, too_large, ...).
              64  Usage error: an unknown option or a bad value (--max-bytes below 16).
              74  An input could not be opened or read, or the output could not be written.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Payloads and send requests to fit: .jsonl or .json files, directories, or - (standard input, the default).",
            valueName: "file"
        )
    )
    var files: [String] = []

    @Option(
        name: .customLong("max-bytes"),
        help: "The limit in bytes for every platform instead of APNs' and FCM's own (4,096; 5,120 for VoIP)."
    )
    var maximumBytes: Int?

    @Option(help: "What the inputs are: device, apns, fcm-v1 or fcm-legacy (default: detected per input).")
    var kind: RequestKindOption?

    @Option(help: "Threads that fit inputs; the default is the number of cores.")
    var jobs: Int = Platform.coreCount

    @OptionGroup var engineOptions: EngineOptions

    mutating func validate() throws {
        guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 1024") }
        if let maximumBytes, !(16...PushPayloadLimits.default.maximumPayloadBytes).contains(maximumBytes) {
            throw ValidationError("--max-bytes must be between 16 and \(PushPayloadLimits.default.maximumPayloadBytes)")
        }
    }

    func run() throws {
        let batches = BatchRun(files: files, jobs: jobs, limits: engineOptions.limits)
        let (engine, limits, kind) = (engineOptions.engine, batches.limits, kind?.requestKind)
        let fitter = PushFitter(maximumBytes: maximumBytes)
        var errorCount = 0
        let outcome = batches.run(
            makeWorker: {
                BatchChecker(
                    decoder: PayloadDecoder(engine: engine, limits: limits),
                    writer: LintRecordWriter(format: .jsonl),
                    kind: kind,
                    action: .fit(fitter)
                )
            },
            consume: { batch, _ in
                errorCount += batch.lintTally.errorCount
                return nil
            }
        )
        let status = outcome.exitStatus(hasErrors: errorCount > 0)
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
