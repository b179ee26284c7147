import ArgumentParser
import PushPayloads
import SystemPackage

/// `push-payloads classify`: one record per payload, in input order.
struct ClassifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "classify",
        abstract:
            "Classify captured payloads and send requests: vendor, silent or visible, wire shape, and what a tap does.",
        discussion: """
            Writes one record per payload, in input order, as JSON Lines (the default), CSV, a \
            table, or an Arrow IPC stream (--format arrow). The inputs may be device payloads or send requests: APNs requests ({"headers": …, \
            "payload": …}), FCM HTTP v1 bodies ({"message": …}) and legacy FCM bodies, told apart \
            automatically (or say which with --kind). A send request gives one record per platform \
            its push reaches (ios, android, and web with a webpush block or --platform web), each for the payload that \
            platform's devices receive, with kind (apns_request, fcm_v1 or fcm_legacy) and platform; a \
            device payload's record has neither. An input without the body of the kind given (an FCM \
            v1 body without message) is an error record, kind_mismatch.

            A record has the source and line, status ok or error, and for ok: vendor \
            (cordial, exponea, swrve, atomic or unknown; with --senders all, also the other senders \
            such as braze or onesignal), silent, ambiguous (the other vendors whose markers are present, \
            in precedence order), shape (apns or fcm), message_id, title, body, \
            action (the default action's kind) and url (its deep link or web URL); for error: the \
            error's code, byte offset in the payload and message. In the table, a + after the vendor marks \
            an ambiguous payload.

            Blank lines are skipped, CRLF line breaks are accepted, and a line longer than \
            --max-payload-bytes is a too_large record (it is skipped, never buffered). Payloads are \
            classified on --jobs threads and written in input order; memory stays bounded whatever \
            the input size. If the output is closed early (| head), classify stops quietly and its \
            exit status covers the records written.

            Compressed inputs are recognised by their first bytes and decompressed as they are read: \
            gzip, and zstd in builds with the Zstd trait; directories include .json.gz and .jsonl.gz \
            files. A UTF-8 byte-order mark at the start of an input is skipped. With --payload, each \
            line is a record (a log line) and the payload is the value at the JSON Pointer: an object, \
            or a string holding JSON, whose errors' offsets count in that text ("in":"payload"); \
            --keep copies fields of the record into each output record.

            File names are read by their bytes; a name that is not UTF-8 is shown in records with \
            U+FFFD in place of each invalid sequence. In a directory, a .json or .jsonl symbolic link \
            that is dangling or loops is reported like an input that cannot be read.

            --format arrow writes the Arrow IPC streaming format: the same records as typed \
            columns (source, line, status, kind, platform, vendor, silent, ambiguous as a list, shape, \
            message_id, title, body, action, url, error as a struct of code, offset, key_path, message \
            and in, and with --keep a kept column holding the JSON text jsonl writes for it), in record \
            batches of at most 65,536 rows and about 16 MiB, which pyarrow (pyarrow.ipc.open_stream), \
            pandas, polars and DuckDB read as they come: push-payloads classify --format arrow capture/ \
            > records.arrows. A field a record leaves out is null; strings hold the text jsonl's strings \
            decode to. It is binary: classify refuses to write it to a terminal.

            With a terminal on stderr, progress is shown there (not with --quiet). With a terminal \
            on stdout, a summary is printed to stderr at the end (also with --summary).

            \(ExitStatus.discussion)
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Inputs: .jsonl files (one payload a line), .json files (one payload each), directories (every "
                + ".json and .jsonl file inside, recursively, in sorted order), or - for standard input "
                + "(JSON Lines; the default).",
            valueName: "file"
        )
    )
    var files: [String] = []

    @Option(
        help: ArgumentHelp(
            "The output format: jsonl, csv (RFC 4180, with a header row), table (for a terminal) or arrow (an "
                + "Arrow IPC stream of typed columns). In csv, a cell that starts with = + - @, a tab or CR (other "
                + "than a plain number) gets a leading ' and quotes, as OWASP recommends against formula injection."
        )
    )
    var format: OutputFormat = .jsonl

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Print counts per vendor, silent and visible, and per error code to stderr at the end "
                + "(default: when stdout is a terminal)."
        )
    )
    var summary: Bool? = nil

    @Option(
        help: ArgumentHelp(
            "What the inputs are: device, apns, fcm-v1 or fcm-legacy (default: detected per input). "
                + "inbox: inbox pages or entries instead of pushes, one JSON Lines record per entry."
        )
    )
    var kind: PayloadKindOption?

    @Option(name: .customLong("platform"), help: PlatformOption.help)
    var platforms: [PlatformOption] = []

    @Option(help: SenderSet.help)
    var senders: SenderSet = .standard

    @Option(
        help: ArgumentHelp(
            "Threads that classify payloads; the default and the most used is the number of cores (more only "
                + "cost memory, about 9 MB each)."
        )
    )
    var jobs: Int = Platform.coreCount

    @Flag(name: .shortAndLong, help: "No progress and no automatic summary on stderr.")
    var quiet = false

    @OptionGroup var engineOptions: EngineOptions

    @OptionGroup(title: "Records holding payloads") var recordArguments: RecordArguments

    @OptionGroup(title: "Standard input") var inputArguments: InputArguments

    @OptionGroup(title: "Part of a file") var byteRangeArguments: ByteRangeArguments

    /// Input bytes per batch; small values let tests drive many batches through the pipeline.
    @Option(name: .customLong("batch-bytes"), help: .hidden)
    var batchBytes: Int = 1 << 20

    /// Rows and bytes per Arrow record batch at most (`--format arrow`); small values let tests cut many.
    @Option(name: .customLong("arrow-batch-rows"), help: .hidden)
    var arrowBatchRows: Int = ArrowRecordWriter.defaultMaximumBatchRows
    @Option(name: .customLong("arrow-batch-bytes"), help: .hidden)
    var arrowBatchBytes: Int = ArrowRecordWriter.defaultMaximumBatchBytes

    /// Builds the whole model of every payload, as `inspect` does, instead of only the fields records
    /// show; the output must not change, which is what this is for.
    @Flag(name: .customLong("full-decode"), help: .hidden)
    var fullDecode = false

    mutating func validate() throws {
        guard (1...1024).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 1024") }
        guard batchBytes >= 1 else { throw ValidationError("--batch-bytes must be 1 or more") }
        guard arrowBatchRows >= 1 && arrowBatchBytes >= 1 else {
            throw ValidationError("--arrow-batch-rows and --arrow-batch-bytes must be 1 or more")
        }
        _ = try recordArguments.options(payloadLimit: engineOptions.maximumPayloadBytes)
        try byteRangeArguments.validate(files: files, inputArguments: inputArguments)
        if format == .arrow {
            // A string column's offsets are 32-bit: one value (a payload's text, a kept value) must stay well
            // below 2 GiB.
            let limit = ArrowRecordWriter.maximumValueBytes
            let holdsRecords = recordArguments.payload != nil || !recordArguments.keep.isEmpty
            guard engineOptions.maximumPayloadBytes <= limit,
                !holdsRecords || recordArguments.maximumRecordBytes <= limit
            else {
                throw ValidationError(
                    "--format arrow holds values of at most \(limit) bytes: lower --max-payload-bytes and "
                        + "--max-record-bytes to that"
                )
            }
        }
    }

    func run() throws {
        if kind == .inbox { return try runInbox() }
        let status: Int32
        switch format {
        case .jsonl: status = try run(writer: JSONLinesRecordWriter())
        case .csv: status = try run(writer: CSVRecordWriter())
        case .table:
            let width = Platform.terminalColumns(.standardOutput) ?? Platform.terminalColumns(.standardError) ?? 160
            // Room for the longest vendor name and the `+` of an ambiguous payload, at least the usual 8.
            let vendorWidth = max(8, (senders.registry.vendors.map(\.name.count).max() ?? 0) + 1)
            status = try run(writer: TableRecordWriter(totalWidth: width, vendorWidth: vendorWidth))
        case .arrow:
            guard !Platform.isTerminal(.standardOutput) else {
                throw ValidationError(
                    "--format arrow writes a binary Arrow stream: redirect it to a file or a program (> records.arrows)"
                )
            }
            let records = try recordArguments.options(payloadLimit: engineOptions.maximumPayloadBytes)
            var writer = ArrowRecordWriter(records: records)
            (writer.maximumBatchRows, writer.maximumBatchBytes) = (arrowBatchRows, arrowBatchBytes)
            status = try run(writer: writer)
        }
        if status != ExitStatus.success { throw ExitCode(status) }
    }

    /// Classifies the inputs over the run's threads, writes the records in input order, and returns the exit status.
    private func run<Writer: RecordWriter>(writer: Writer) throws -> Int32 {
        let records = try recordArguments.options(payloadLimit: engineOptions.maximumPayloadBytes)
        let limits = engineOptions.limits
        let batches = BatchRun(
            files: files,
            jobs: jobs,
            limits: limits,
            maximumLineBytes: records.maximumLineBytes(payloadLimits: limits),
            batchBytes: batchBytes,
            standardInputName: inputArguments.sourceLabel ?? "-",
            standardInputFirstLine: inputArguments.lineOffset + 1,
            byteRange: byteRangeArguments.byteRange(lineOffset: inputArguments.lineOffset),
            showsProgress: !quiet && Platform.isTerminal(.standardError),
            cutsRanges: format != .arrow
        )
        let (engine, registry, kind) = (engineOptions.engine, senders.registry, kind?.requestKind)
        let (platforms, detail) = (PlatformOption.platforms(platforms), fullDecode ? PushDecodingDetail.full : .summary)
        var tally = Tally()
        let outcome = batches.run(
            header: writer.header(records: records),
            makeWorker: {
                BatchClassifier(
                    decoder: PayloadDecoder(
                        engine: engine,
                        limits: limits,
                        registry: registry,
                        kind: kind,
                        platforms: platforms,
                        detail: detail
                    ),
                    writer: writer.forWorker(),
                    extractor: records.isEnabled ? RecordExtractor(options: records, payloadLimits: limits) : nil
                )
            },
            consume: { batch, isWritten in
                tally.unreadableInputs += batch.unreadableInputs
                // Once the output is gone, the records that could not be written are not counted.
                guard isWritten else { return nil }
                tally.merge(batch.tally)
                return (tally.payloads, tally.bytes)
            }
        )
        if !outcome.outputFailed && !writer.trailer.isEmpty {
            // After a closed pipe this write fails quietly, as the records' writes did.
            writer.trailer.withUnsafeBufferPointer { _ = StandardStreams.write($0, to: .standardOutput) }
        }
        if summary ?? (!quiet && Platform.isTerminal(.standardOutput)) {
            let text = tally.summary(precedence: registry.vendors, inputs: outcome.inputCount, seconds: outcome.seconds)
            StandardStreams.write(text, to: .standardError)
        }
        return outcome.exitStatus(hasErrors: tally.errors > 0)
    }
}
