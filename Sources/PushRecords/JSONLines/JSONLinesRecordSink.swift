#if compiler(>=6.2)
public import PushPayloads

/// JSON Lines in, records out, for input that arrives in pieces: the ``JSONLinesSink`` that turns each
/// line a ``JSONLinesSplitter`` finds into its records (``PushInputDecoder``) and writes them
/// (``PushRecordWriter``), an error record for a line that cannot be read or is over the limit.
///
/// ```swift
/// var splitter = JSONLinesSplitter(maximumLineBytes: 65_536)
/// var records = JSONLinesRecordSink(source: "upload.jsonl")
/// for try await piece in body {
///     splitter.feed(piece.bytes, into: &records)
///     records.writer.withBytes { send($0) }
///     records.writer.removeAll()
/// }
/// splitter.finish(into: &records)
/// ```
///
/// It holds a writer, which one task fills, so it is not `Sendable`.
public struct JSONLinesRecordSink: JSONLinesSink {
    /// What a line gave: a record's notification and delivery, or the line's error.
    public typealias Outcome = Result<PushInputDecoder.Record, PushPayloadError>

    /// The records' `source`.
    public let source: String
    /// What reads each line.
    public var decoder: PushInputDecoder
    /// Where the records go.
    public let writer: PushRecordWriter
    /// Records written so far.
    public private(set) var recordCount = 0
    /// Hears every record as it is written (for counts and metrics).
    private let observer: (Outcome) -> Void

    /// Creates a sink writing the records of lines read by `decoder` into `writer`.
    public init(
        source: String,
        decoder: PushInputDecoder = PushInputDecoder(),
        writer: PushRecordWriter = PushRecordWriter(),
        observer: @escaping (Outcome) -> Void = { _ in }
    ) {
        self.source = source
        self.decoder = decoder
        self.writer = writer
        self.observer = observer
    }

    /// Writes the line's records, or its error record.
    public mutating func payload(line: Int, bytes: RawSpan) {
        // The closure reads locals only, so the decoder can be used in place (moving it out would make
        // its parser's buffers look shared).
        let (writer, source, observer) = (self.writer, self.source, self.observer)
        var written = 0
        defer { recordCount += written }
        do {
            try decoder.decode(jsonBytes: bytes) { record in
                writer.write(record.notification, delivery: record.delivery, source: source, line: line)
                written += 1
                observer(.success(record))
            }
        } catch {
            write(error, line: line)
        }
    }

    /// Writes the line's `too_large` record.
    public mutating func oversized(line: Int, length: Int) {
        write(decoder.tooLargeError(length: length), line: line)
    }

    private mutating func write(_ error: PushPayloadError, line: Int) {
        writer.write(error, source: source, line: line)
        recordCount += 1
        observer(.failure(error))
    }
}

@available(*, unavailable, message: "it holds a writer, which one task fills")
extension JSONLinesRecordSink: Sendable {}
#endif
