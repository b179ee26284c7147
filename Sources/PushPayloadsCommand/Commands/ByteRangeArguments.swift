import ArgumentParser

/// `classify --byte-range START:LENGTH FILE`: one part of a large file, read by the command itself (a Spark task's
/// range, `docs/scale.md`), with the whole file's line numbers (``InputByteRange``).
struct ByteRangeArguments: ParsableArguments {
    @Option(
        name: .customLong("byte-range"),
        help: ArgumentHelp(
            "Read only the lines of the one file given that start in its bytes START to START+LENGTH (a line that "
                + "starts there is read to its end), numbered as in the whole file; ranges that tile a file give "
                + "each line once. The file must be uncompressed and hold the whole range.",
            valueName: "start:length"
        )
    )
    var byteRange: InputByteRange?

    /// The range names one regular file's bytes: one file argument, and not standard input's options.
    func validate(files: [String], inputArguments: InputArguments) throws {
        guard byteRange != nil else { return }
        guard files.count == 1, files[0] != "-" else {
            throw ValidationError("--byte-range reads part of one file: name exactly one file")
        }
        guard inputArguments.sourceLabel == nil && inputArguments.lineOffset == 0 else {
            throw ValidationError("--byte-range numbers its lines itself: leave out --source-label and --line-offset")
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
        self.init(start: start, length: length)
    }

    static var defaultValueDescription: String { "start:length" }
}
