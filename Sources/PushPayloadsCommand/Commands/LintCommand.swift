import ArgumentParser
import PushPayloads
import PushRequests
import SystemPackage

/// `push-payloads lint`: what APNs, FCM and the vendors' SDKs will reject or ignore, before sending.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check payloads and send requests before they are sent: one record per finding.",
        discussion: """
            Reads the same inputs as classify: device payloads, APNs requests ({"headers": …, \\
            "payload": …}), FCM HTTP v1 bodies ({"message": …}) and legacy FCM bodies, told apart \\
            automatically (or say which with --kind). Writes one JSON Lines record per finding, in \\
            input order: source, line, status "finding", kind, rule (a stable id such as apns.size), \\
            severity (error, warning or info), platform, path (a JSON path such as \\
            $.message.data.from) or header, message, and certain (false when the finding holds only if \
            a device of its platform receives the request, which does not say so: see --platform). For an \
            input over a size limit, the message says whether push-payloads fit can cut it under. An input that cannot be read is a record with \\
            status "error". The rules and their sources are in docs/checks.md; the records' schema is \\
            in docs/json-schema.md.

            EXIT STATUS
              0   No finding at error level (whatever --severity shows).
              1   At least one error-level finding, or an input that is not valid JSON.
              64  Usage error.
              74  An input could not be opened or read, or the output could not be written.
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Inputs: .jsonl files, .json files, directories, or - for standard input (the default).",
            valueName: "file"
        )
    )
    var files: [String] = []

    @Option(help: "The output format: jsonl or table.")
    var format: LintFormat = .jsonl

    @Option(help: "Show findings of this severity and above: info, warning or error.")
    var severity: SeverityOption = .info

    @Option(help: "What the inputs are: device, apns, fcm-v1 or fcm-legacy (default: detected per input).")
    var kind: RequestKindOption?

    @Option(name: .customLong("platform"), help: PlatformOption.help)
    var platforms: [PlatformOption] = []

    @Flag(
        inversion: .prefixedNo,
        help: "Print counts per rule to stderr at the end (default: when stdout is a terminal)."
    )
    var summary: Bool? = nil

    @Option(help: "Threads that check inputs; the default is the number of cores.")
    var jobs: Int = Platform.coreCount

    @OptionGroup var engineOptions: EngineOptions

    mutating func validate() throws {
        guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 1024") }
    }

    func run() throws {
        let batches = BatchRun(files: files, jobs: jobs, limits: engineOptions.limits)
        let writer = LintRecordWriter(format: format)
        let (engine, limits, kind, minimumSeverity) = (engineOptions.engine, batches.limits, kind, severity.severity)
        let platforms = PlatformOption.platforms(platforms)
        var tally = LintTally()
        let outcome = batches.run(
            header: writer.header,
            makeWorker: {
                BatchChecker(
                    decoder: PayloadDecoder(engine: engine, limits: limits),
                    writer: writer,
                    kind: kind?.requestKind,
                    action: .lint(PushChecker(platforms: platforms), minimumSeverity: minimumSeverity)
                )
            },
            consume: { batch, isWritten in
                tally.unreadableInputs += batch.unreadableInputs
                // Records that did not reach the output are not counted.
                if isWritten { tally.merge(batch.lintTally) }
                return nil
            }
        )
        if summary ?? Platform.isTerminal(.standardOutput) {
            StandardStreams.write(
                tally.summary(inputCount: outcome.inputCount, seconds: outcome.seconds),
                to: .standardError
            )
        }
        let status = outcome.exitStatus(hasErrors: tally.errorCount > 0)
        if status != ExitStatus.success { throw ExitCode(status) }
    }
}
