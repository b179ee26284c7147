/// One payload's place in a ``LineBatch``.
struct LineEntry: Sendable, Equatable {
    /// Offset of the payload's first byte in the batch.
    var start: Int
    /// The payload's length, without the line break.
    var length: Int
    /// The 1-based line number, or 0 for a `.json` file (one payload, no line).
    var line: Int
    /// For a payload over the limit, its full length (it was skipped, not buffered); otherwise -1.
    var oversizedLength: Int

    var isOversized: Bool { oversizedLength >= 0 }
}
