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

    /// The `oversizedLength` of a `.json` document that was not read past the limit: its length is not
    /// known, only that it is over.
    static let unknownOversizedLength = Int.max
}
