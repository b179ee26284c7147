import ArgumentParser

/// `classify`'s options for lines that are log records with the payload inside.
struct RecordArguments: ParsableArguments {
    @Option(
        name: .customLong("payload"),
        help: ArgumentHelp(
            "Read each line as a record and classify the value at this JSON Pointer (RFC 6901, such as "
                + "/request/body): an object, or a string holding JSON.",
            valueName: "pointer"
        )
    )
    var payload: String?

    @Option(
        name: .customLong("keep"),
        help: ArgumentHelp(
            "Copy these fields of each line (JSON Pointers, comma-separated; repeatable) into every record "
                + "as the JSON they hold: jsonl under kept (a field that is missing is left out), csv in "
                + "kept:POINTER columns; the table shows none.",
            valueName: "pointer,…"
        )
    )
    var keep: [String] = []

    @Option(
        name: .customLong("max-record-bytes"),
        help: ArgumentHelp(
            "With --payload: lines longer than this many bytes are too_large errors (--max-payload-bytes "
                + "applies to the payload inside)."
        )
    )
    var maximumRecordBytes: Int = RecordOptions.defaultMaximumRecordBytes

    mutating func validate() throws {
        _ = try options(payloadLimit: 0)
    }

    /// The options, checked; `payloadLimit` is `--max-payload-bytes`, which the record limit must cover.
    func options(payloadLimit: Int) throws -> RecordOptions {
        var options = RecordOptions(maximumRecordBytes: maximumRecordBytes)
        do {
            options.payload = try payload.map { try JSONPointer($0) }
            options.kept = try keep.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { try JSONPointer(String($0)) }
        } catch {
            throw ValidationError("\(error)")
        }
        guard (1..<Int(UInt32.max) - 1).contains(maximumRecordBytes) else {
            throw ValidationError("--max-record-bytes must be between 1 and \(Int(UInt32.max) - 2)")
        }
        if options.payload != nil && maximumRecordBytes < payloadLimit {
            throw ValidationError(
                "--max-record-bytes (\(maximumRecordBytes)) must be at least --max-payload-bytes (\(payloadLimit)): "
                    + "a record holds its payload"
            )
        }
        return options
    }
}

/// `classify`'s options that say where standard input comes from, for a run that reads one part of a
/// larger input (a Spark partition, `docs/scale.md`).
struct InputArguments: ParsableArguments {
    @Option(
        name: .customLong("source-label"),
        help: ArgumentHelp("Show standard input as this name in records and messages (default: -).", valueName: "name")
    )
    var sourceLabel: String?

    @Option(
        name: .customLong("line-offset"),
        help: ArgumentHelp(
            "Number standard input's lines from this number plus one: the lines before it in the whole input, "
                + "of which standard input is a part (read as text: no decompression, no byte-order mark).",
            valueName: "lines"
        )
    )
    var lineOffset: Int = 0

    /// Both options describe standard input, so it must be one of the inputs.
    func validate(files: [String]) throws {
        guard sourceLabel != nil || lineOffset != 0 else { return }
        guard files.isEmpty || files.contains("-") else {
            throw ValidationError("--source-label and --line-offset describe standard input: read it (-)")
        }
        guard lineOffset >= 0 && lineOffset < Int(Int32.max) else {
            throw ValidationError("--line-offset must be between 0 and \(Int32.max - 1)")
        }
    }
}
