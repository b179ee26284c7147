import ArgumentParser

/// `classify`'s options that say where standard input comes from, for a run that reads one part of a
/// larger input (a Spark partition, `docs/scale.md`).
struct InputArguments: ParsableArguments {
    @Option(
        name: .customLong("source-label"),
        help: ArgumentHelp(
            "Show standard input as this name in records and messages (default: -); at most "
                + "\(maximumSourceLabelBytes) bytes, since every record repeats it.",
            valueName: "name"
        )
    )
    var sourceLabel: String?

    /// The longest `--source-label`, in bytes, as the gateway's `source`: a batch holds up to 16,384 records, each
    /// with the label, so a label of 100 KB made a batch's output 1.6 GB.
    static let maximumSourceLabelBytes = 1_024

    @Option(
        name: .customLong("line-offset"),
        help: ArgumentHelp(
            "Number standard input's lines from this number plus one: the lines before it in the whole input, "
                + "of which standard input is a part (read as text: no decompression, no byte-order mark). With "
                + "--byte-range: the lines before the range's first line start, so the command need not count them.",
            valueName: "lines"
        )
    )
    var lineOffset: Int = 0

    /// Both options describe standard input, so it must be one of the inputs.
    func validate(files: [String]) throws {
        guard sourceLabel != nil || lineOffset != 0 else { return }
        if let sourceLabel, sourceLabel.utf8.count > Self.maximumSourceLabelBytes {
            throw ValidationError(
                "--source-label is \(sourceLabel.utf8.count) bytes; the limit is \(Self.maximumSourceLabelBytes)"
            )
        }
        guard files.isEmpty || files.contains("-") else {
            throw ValidationError("--source-label and --line-offset describe standard input: read it (-)")
        }
        guard lineOffset >= 0 && lineOffset < Int(Int32.max) else {
            throw ValidationError("--line-offset must be between 0 and \(Int32.max - 1)")
        }
    }
}
