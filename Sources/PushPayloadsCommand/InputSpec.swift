import SystemPackage

/// One input to read: a file, or standard input.
struct InputSpec: Sendable, Equatable {
    /// Where the bytes come from. Standard input is known by this, never by a descriptor's number: with
    /// stdin closed, the first file opened gets descriptor 0.
    enum Source: Sendable, Equatable {
        case standardInput
        /// A file, by its exact bytes (a name need not be UTF-8).
        case file(FilePath)
    }

    var source: Source
    /// The name as records and messages show it: the argument as given, joined with the path inside a
    /// directory; `-` for stdin. Bytes that are not UTF-8 show as U+FFFD (``displayName(_:)``).
    var name: String
    var mode: LineReader.Mode
    /// The size in bytes, for a regular file (progress and ETA).
    var size: Int?
    /// The number of the input's first line: 1, unless `--line-offset` says otherwise (standard input).
    var firstLine = 1

    /// A path's bytes as text: UTF-8, with each byte sequence that is not UTF-8 shown as U+FFFD, so
    /// records stay valid UTF-8 (the file itself is opened by its exact bytes).
    static func displayName(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
