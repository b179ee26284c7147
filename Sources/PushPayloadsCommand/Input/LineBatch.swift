import Dispatch
import PushPayloads
@_spi(Writers) import PushPayloadsJSON
import PushRequests

/// A run of complete payloads from one input, and the records they turn into.
///
/// Batches are the unit of work and of memory: the reader fills one, a worker classifies it into
/// ``output``, the writer writes it, and the batch goes back to the pool to be filled again, so the
/// command's memory is a fixed number of batches whatever the input size.
///
/// `@unchecked Sendable` because a batch is mutable memory that moves between threads, which the compiler cannot check;
/// it is sound because exactly one thread owns a batch at a time and every hand-over synchronises: the producer fills
/// it and pushes it to the workers' ``BlockingQueue`` (and, untouched from then on, to the consumer's); one worker pops
/// it, fills ``output`` and signals ``finished``; the consumer, which waited on ``finished``, writes it and pushes it
/// back to the free queue, where the producer pops it again. Each push and pop goes through the queue's lock, and the
/// semaphore orders the worker's writes before the consumer's reads, so no two threads ever touch a batch without a
/// happens-before edge between them. (`sending` cannot express this: a batch sits in two queues at once, and an element
/// taken out of a locked collection is never provably disconnected.)
final class LineBatch: @unchecked Sendable {
    /// The input's name as records print it (``InputSpec/name``): its path, or `-`.
    var source = ""
    // The properties the reader writes for every line skip the dynamic exclusivity check (a runtime call
    // on each `entries.append`): one thread owns a batch at a time and the hand-overs synchronise (see
    // above), so no two accesses can overlap, and no access to them here calls out while it is open.
    /// The payloads' bytes, back to back: the batch's own buffer, or a view of a mapped input (``view(_:from:count:)``).
    @exclusivity(unchecked) private(set) var bytes: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var capacity: Int
    /// The buffer the batch owns, which ``bytes`` is while the batch is not a view.
    private var ownBytes: UnsafeMutablePointer<UInt8>
    private var ownCapacity: Int
    /// The mapped input the batch is a view of, kept mapped while the batch holds it.
    private(set) var mapping: MappedInput?
    /// Where the batch's bytes start in ``mapping``.
    private(set) var mappingOffset = 0
    @exclusivity(unchecked) var byteCount = 0
    @exclusivity(unchecked) var entries: [LineEntry] = []
    /// Input bytes this batch accounts for (line breaks and skipped lines included), for progress.
    @exclusivity(unchecked) var consumedBytes = 0
    /// Messages to print on stderr when the batch is written (an input that could not be read).
    var notes: [String] = []
    /// An input could not be read (exit status 74).
    var hasInputFailure = false
    /// Inputs that could not be opened or listed at all (a dangling link, a missing file), which have no
    /// record: the summary counts them.
    var unreadableInputs = 0
    /// The input failed part way: an `io_error` record follows the batch's payloads.
    var readFailure: (line: Int, error: PushPayloadError)?
    /// The buffer the records are written into: the batch's own, or with several jobs one lent by the pipeline's
    /// ``OutputPool`` from the worker's processing until the consumer has written it (``lendOutput(_:)``).
    @exclusivity(unchecked) private(set) var output: OutputBuffer
    /// The buffer the batch owns, which ``output`` is while none is lent.
    private let ownOutput: OutputBuffer
    /// The counts of the records in ``output``.
    var tally = Tally()
    /// The counts of `lint`'s records in ``output``.
    var lintTally = LintTally()
    /// A range of a mapped input whose lines the worker finds before it processes the batch (``LineRange``): until
    /// then ``entries`` is empty.
    var pendingLines: PendingLines?
    /// The batch's place in the run, counted by the producer: for ``PipelineTrace`` only.
    var sequence = 0
    /// Signalled by the worker when ``output`` is complete; the consumer waits for it.
    let finished = DispatchSemaphore(value: 0)
    /// What the worker of a range sleeps on until the ranges before it have published their line counts
    /// (``LineChain/firstLine(of:lineCount:turn:)``).
    let lineTurn = DispatchSemaphore(value: 0)

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        bytes = .allocate(capacity: self.capacity)
        ownBytes = bytes
        ownCapacity = self.capacity
        ownOutput = OutputBuffer(capacity: capacity / 2)
        output = ownOutput
        entries.reserveCapacity(4096)
    }

    deinit { ownBytes.deallocate() }

    /// Empties the batch for reuse, keeping its buffers.
    func reset(source: String) {
        self.source = source
        entries.removeAll(keepingCapacity: true)
        endView()
        byteCount = 0
        consumedBytes = 0
        notes.removeAll()
        hasInputFailure = false
        unreadableInputs = 0
        readFailure = nil
        pendingLines = nil
        output.removeAll()
        lintTally = LintTally()
        tally = Tally()
    }

    /// Makes room for `additional` bytes after ``byteCount``, growing the buffer when a long payload
    /// needs it (the bytes written so far are kept).
    func reserve(_ additional: Int) {
        guard byteCount + additional > capacity else { return }
        precondition(mapping == nil, "a view of a mapped input does not grow")
        var newCapacity = capacity * 2
        while newCapacity < byteCount + additional { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: bytes, count: byteCount)
        bytes.deallocate()
        bytes = grown
        capacity = newCapacity
        (ownBytes, ownCapacity) = (bytes, capacity)
    }

    /// Makes the batch a view of `count` bytes of `mapping` from `offset`, read only: the reader only finds lines in
    /// them and the workers only parse them, nothing writes them. ``reset(source:)`` makes it its own buffer again.
    func view(_ mapping: MappedInput, from offset: Int, count: Int) {
        // A batch holds one input's payloads: bytes left by an input that gave none are not referenced.
        precondition(entries.isEmpty && offset >= 0 && offset + count <= mapping.count)
        self.mapping = mapping
        mappingOffset = offset
        bytes = UnsafeMutablePointer(mutating: mapping.bytes + offset)
        capacity = count
        byteCount = count
    }

    /// Makes a view its own, empty buffer again (nothing to do for a batch that is not a view).
    func endView() {
        guard mapping != nil else { return }
        precondition(entries.isEmpty)
        mapping = nil
        (bytes, capacity, mappingOffset, byteCount) = (ownBytes, ownCapacity, 0, 0)
    }

    /// Makes `buffer`, emptied, the batch's ``output`` until ``returnOutput()``: with several jobs, a worker writes into a
    /// buffer that was written recently, whose pages are present and likely cached, not into this batch's own.
    func lendOutput(_ buffer: OutputBuffer) {
        precondition(output === ownOutput && output.isEmpty, "a batch lent a second buffer, or with records")
        buffer.removeAll()
        output = buffer
    }

    /// Hands back the buffer ``lendOutput(_:)`` lent, once it is written, and makes the batch's own buffer its output.
    func returnOutput() -> OutputBuffer? {
        guard output !== ownOutput else { return nil }
        defer { output = ownOutput }
        return output
    }

    func append(_ source: UnsafeRawPointer, count: Int) {
        reserve(count)
        UnsafeMutableRawPointer(bytes + byteCount).copyMemory(from: source, byteCount: count)
        byteCount += count
    }

    func payload(_ entry: LineEntry) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes + entry.start, count: entry.length)
    }
}

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
