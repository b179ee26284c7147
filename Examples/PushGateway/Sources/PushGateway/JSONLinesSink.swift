/// What receives the lines a ``JSONLinesSplitter`` finds, in input order.
///
/// Blank lines (only spaces, tabs and line breaks) are not handed over, but they count in line numbers.
public protocol JSONLinesSink {
    /// A line within the limit, without its line break (and without the `\r` of a CRLF line break).
    /// `bytes` is valid only during the call.
    mutating func payload(line: Int, bytes: RawSpan)

    /// A line longer than the limit, which was counted and dropped, never held whole.
    mutating func oversized(line: Int, length: Int)
}
