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
        // Each pointer is a key of `kept` (and a CSV column): twice would write a duplicate key.
        var seen = Set<String>()
        for pointer in options.kept where !seen.insert(pointer.description).inserted {
            throw ValidationError("--keep names \"\(pointer)\" more than once")
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
