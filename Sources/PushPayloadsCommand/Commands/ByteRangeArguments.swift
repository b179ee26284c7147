import ArgumentParser

/// `classify --byte-range START:LENGTH FILE`: one part of a large file, read by the command itself (a Spark task's
/// range, `docs/scale.md`), with the whole file's line numbers (``InputByteRange``).
struct ByteRangeArguments: ParsableArguments {
    @Option(
        name: .customLong("byte-range"),
        help: ArgumentHelp(
            "Read only the lines of the one file given that start in its bytes START to START+LENGTH (a line that "
                + "starts there is read to its end), numbered as in the whole file (the command counts the lines "
                + "before them, unless --line-offset gives that count); ranges that tile a file give each line once. "
                + "The file must be uncompressed and hold the whole range.",
            valueName: "start:length"
        )
    )
    var range: InputByteRange?

    /// The range, with `--line-offset` (when given) as the lines before it, which the command then need not count.
    func byteRange(lineOffset: Int) -> InputByteRange? {
        guard var range else { return nil }
        if lineOffset > 0 { range.linesBefore = lineOffset }
        return range
    }

    /// The range names one regular file's bytes: one file argument; `--line-offset` may say how many lines come
    /// before the range's first line start (a caller that counted them), `--source-label` is standard input's only.
    func validate(files: [String], inputArguments: InputArguments) throws {
        guard range != nil else { return try inputArguments.validate(files: files) }
        guard files.count == 1, files[0] != "-" else {
            throw ValidationError("--byte-range reads part of one file: name exactly one file")
        }
        guard inputArguments.sourceLabel == nil else {
            throw ValidationError("--source-label names standard input: --byte-range reads a file, by its name")
        }
        guard inputArguments.lineOffset >= 0 && inputArguments.lineOffset < Int(Int32.max) else {
            throw ValidationError("--line-offset must be between 0 and \(Int32.max - 1)")
        }
    }
}

extension InputByteRange: ExpressibleByArgument {
    /// `START:LENGTH`, both decimal byte counts.
    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), let length = Int(parts[1]), start >= 0, length >= 0,
            start <= Int.max - length
        else { return nil }
        self.init(start: start, length: length, linesBefore: nil)
    }
}
