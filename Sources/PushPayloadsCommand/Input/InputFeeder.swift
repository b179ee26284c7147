import PushPayloads
import SystemPackage

/// The producer of the pipeline: opens the inputs one after another and fills batches from them.
///
/// A batch holds payloads of one input only, so each record's source is the batch's. An input that cannot be opened or
/// read becomes a note on the next batch, so the message reaches stderr in order, and the feeder goes on with the next
/// input. An input that fails part way (a read error, truncated or corrupt compressed data) also ends its batch with an
/// `io_error` record at the line where reading stopped (``LineBatch/readFailure``), after the payloads before it. An
/// argument that gave no payload at all gets a note too.
///
/// Not `Sendable`: the pipeline creates it on the producer's thread and only that thread uses it. The
/// consumer stops it through the shared ``isStopped`` flag instead.
final class InputFeeder {
    let inputs: [InputItem]
    let maximumPayloadBytes: Int
    let targetBatchBytes: Int
    let maximumBatchEntries = 16_384
    /// With several workers, the batches that the end of the last input is cut into, smaller and smaller, so the
    /// workers finish together instead of one classifying a last full batch alone; 0 keeps every batch full.
    var tailBatches = 0
    /// With several workers, mapped inputs are cut into byte ranges whose lines the workers find (``PendingLines``),
    /// after each input's first batch, which the feeder searches. Only when where batches end changes no output.
    var cutsRanges = false
    /// Set by a worker when a range held more entries than a searched batch may: no more ranges are cut.
    let sawShortLines = SharedValue(false)
    /// How many times ``targetBatchBytes`` a range is: bigger batches mean fewer hand-overs (about three context
    /// switches a batch), and a range's bytes are not copied or searched by the producer, so its size costs nothing
    /// there. Where batches end changes no output of a run with ranges.
    var rangeScale = 2
    /// The average line length, in the input's first batch, from which its later batches are ranges: a range of the
    /// batch's target then holds an eighth of the entry limit, on average, at 1 MiB. Tests lower it.
    var minimumRangeLineBytes = 128
    /// Whether the current input's lines are long enough for ranges, from its first batch; `nil` before it.
    private var readerTakesRanges: Bool?
    /// The smallest batch the end of an input is cut into.
    static let minimumTailBatchBytes = 64 * 1024
    /// Set by the consumer when the output went away: the next ``fill(_:)`` reports the end.
    let isStopped: SharedValue<Bool>

    private var nextInput = 0
    /// Where the last input is in ``inputs`` (-1 for none): only its end is cut into smaller batches.
    private let lastInputIndex: Int
    private var reader: LineReader?
    /// What is left of the current input to read, when it is a regular file read as it is (not decompressed).
    private var readerRemainingBytes: Int?
    /// The descriptor the feeder opened for ``reader`` (none for standard input, which it never closes).
    private var openedDescriptor: FileDescriptor?
    /// Entries and failures since the current argument began, for the note on arguments without payloads.
    private var argumentEntries = 0
    private var argumentFailed = false

    /// The run's signals, handed to each reader so that a signal ends a read waiting for input.
    let interruption: Interruption?

    init(
        inputs: [InputItem],
        maximumPayloadBytes: Int,
        targetBatchBytes: Int,
        isStopped: SharedValue<Bool>,
        interruption: Interruption? = nil
    ) {
        self.inputs = inputs
        lastInputIndex = inputs.lastIndex(where: \.isInput) ?? -1
        self.maximumPayloadBytes = maximumPayloadBytes
        self.targetBatchBytes = targetBatchBytes
        self.isStopped = isStopped
        self.interruption = interruption
    }

    deinit { closeReader() }

    private var hasMore: Bool { reader != nil || nextInput < inputs.count }

    /// Fills `batch` with the next payloads; returns `false` when no input is left after this batch.
    func fill(_ batch: LineBatch) -> Bool {
        batch.reset(source: "")
        while !isStopped.current {
            if let reader {
                batch.source = reader.path
                let entriesBefore = batch.entries.count
                defer {
                    argumentEntries += batch.entries.count - entriesBefore
                    if batch.pendingLines?.hasEntries == true { argumentEntries += 1 }
                }
                do {
                    let consumedBefore = batch.consumedBytes
                    defer { readerRemainingBytes? -= batch.consumedBytes - consumedBefore }
                    let ranges = takesRanges(reader)
                    let (rangeBytes, overflow) = targetBatchBytes.multipliedReportingOverflow(by: rangeScale)
                    let target = batchTarget(reader, unit: ranges ? (overflow ? .max : rangeBytes) : targetBatchBytes)
                    if ranges {
                        let more = reader.cutMappedRange(
                            batch,
                            targetBytes: target,
                            maximumEntries: maximumBatchEntries
                        ) { [sawShortLines] in LineChain(firstLine: $0, sawShortLines: sawShortLines) }
                        if more { return true }
                    } else {
                        reader.endRanges()
                        let more = try reader.fill(batch, targetBytes: target, maximumEntries: maximumBatchEntries)
                        if reader.mapping != nil && readerTakesRanges == nil {
                            readerTakesRanges = batch.entries.count * minimumRangeLineBytes <= batch.byteCount
                        }
                        if more { return true }
                    }
                } catch {
                    batch.notes.append(error.description)
                    batch.hasInputFailure = true
                    let line = reader.mode == .jsonLines ? reader.currentLine : 0
                    batch.readFailure = (line, error.payloadError(line: line))
                    argumentFailed = true
                }
                closeReader()
                // Finish the batch with its input, unless it is empty (a file with no payloads).
                if !batch.entries.isEmpty || !batch.notes.isEmpty || batch.pendingLines != nil { return hasMore }
                continue
            }
            guard nextInput < inputs.count else { return false }
            let item = inputs[nextInput]
            nextInput += 1
            let failure: InputError
            switch item {
            case .unreadable(let name, let reason):
                failure = InputError(path: name, reason: reason)
            case .endOfArgument(let note):
                let gaveNothing = argumentEntries == 0 && !argumentFailed
                (argumentEntries, argumentFailed) = (0, false)
                guard gaveNothing else { continue }
                batch.notes.append(note)
                return hasMore
            case .input(let spec):
                do {
                    let (descriptor, isFile) = try spec.open()
                    if isFile { openedDescriptor = descriptor }
                    let reader = LineReader(spec, fileDescriptor: descriptor, maximumPayloadBytes: maximumPayloadBytes)
                    reader.interruption = interruption
                    // Regular, uncompressed JSON Lines files are mapped and read in place (``MappedInput``), not
                    // copied, and so is a `--byte-range` part, whose mapping reads only the part's lines.
                    if isFile && spec.mode == .jsonLines && Self.isMappable(spec) {
                        reader.mapping = MappedInput.make(descriptor, range: spec.byteRange)
                    }
                    self.reader = reader
                    readerRemainingBytes = spec.size
                    continue
                } catch {
                    failure = error
                }
            }
            batch.notes.append(failure.description)
            batch.hasInputFailure = true
            batch.unreadableInputs += 1
            argumentFailed = true
            return hasMore
        }
        return false
    }

    /// Whether a file's text is read as a read of it would read it when mapped: a whole file from line 1, or a
    /// byte range that starts the text (byte 0, line 1: its format is recognised and a byte-order mark skipped) or
    /// starts after line 1 in the middle of it (neither). A range numbered otherwise (`--line-offset` against its
    /// position) is read, so that its first bytes are taken as a read takes them.
    static func isMappable(_ spec: InputSpec) -> Bool {
        guard let range = spec.byteRange else { return spec.firstLine == 1 }
        return (range.lowerBound == 0) == (spec.firstLine == 1)
    }

    /// The bytes to fill the next batch with from `reader`: `unit` (``targetBatchBytes``, or a range's), or near the
    /// end of the last input, a share of what is left (``tailBatches``).
    private func batchTarget(_ reader: LineReader, unit: Int) -> Int {
        guard tailBatches > 1, let remaining = readerRemainingBytes, !reader.isDecompressing,
            remaining / tailBatches < unit,
            nextInput > lastInputIndex
        else { return unit }
        return max(remaining / tailBatches, Self.minimumTailBatchBytes)
    }

    /// Whether the next batch of `reader` is a range: ranges are on, the input is mapped, its first batch had long
    /// enough lines, and no range has held too many entries yet.
    private func takesRanges(_ reader: LineReader) -> Bool {
        cutsRanges && reader.mapping != nil && readerTakesRanges == true && !sawShortLines.current
    }

    private func closeReader() {
        readerTakesRanges = nil
        try? openedDescriptor?.close()
        openedDescriptor = nil
        reader = nil
        readerRemainingBytes = nil
    }
}
