import PushPayloads
import SystemPackage

/// The producer of the pipeline: opens the inputs one after another and fills batches from them.
///
/// A batch holds payloads of one input only, so each record's source is the batch's. An input that
/// cannot be opened or read becomes a note on the next batch, so the message reaches stderr in order,
/// and the feeder goes on with the next input.
///
/// Not `Sendable`: the pipeline creates it on the producer's thread and only that thread uses it. The
/// consumer stops it through the shared ``isStopped`` flag instead.
final class InputFeeder {
    let inputs: [InputItem]
    let maximumPayloadBytes: Int
    let targetBatchBytes: Int
    let maximumBatchEntries: Int
    /// Set by the consumer when the output went away: the next ``fill(_:)`` reports the end.
    let isStopped: LockedValue<Bool>

    private var nextInput = 0
    private var reader: LineReader?
    /// The descriptor the feeder opened for ``reader`` (none for standard input, which it never closes).
    private var openedDescriptor: FileDescriptor?
    private var nextSequence = 0

    init(
        inputs: [InputItem],
        maximumPayloadBytes: Int,
        targetBatchBytes: Int = 1 << 20,
        maximumBatchEntries: Int = 16_384,
        isStopped: LockedValue<Bool> = LockedValue(false)
    ) {
        self.inputs = inputs
        self.maximumPayloadBytes = maximumPayloadBytes
        self.targetBatchBytes = targetBatchBytes
        self.maximumBatchEntries = maximumBatchEntries
        self.isStopped = isStopped
    }

    deinit { closeReader() }

    private var hasMore: Bool { reader != nil || nextInput < inputs.count }

    /// Fills `batch` with the next payloads; returns `false` when no input is left after this batch.
    func fill(_ batch: LineBatch) -> Bool {
        batch.reset(sequence: nextSequence, source: "")
        nextSequence += 1
        while !isStopped.current {
            if let reader {
                batch.source = reader.path
                do {
                    if try reader.fill(batch, targetBytes: targetBatchBytes, maximumEntries: maximumBatchEntries) {
                        return true
                    }
                } catch {
                    batch.notes.append(error.description)
                    batch.hasInputFailure = true
                }
                closeReader()
                // Finish the batch with its input, unless it is empty (a file with no payloads).
                if !batch.entries.isEmpty || !batch.notes.isEmpty { return hasMore }
                continue
            }
            guard nextInput < inputs.count else { return false }
            let item = inputs[nextInput]
            nextInput += 1
            switch item {
            case .unreadable(let name, let reason):
                batch.notes.append(InputError(path: name, reason: reason).description)
                batch.hasInputFailure = true
                return hasMore
            case .input(let spec):
                do {
                    try open(spec)
                } catch {
                    batch.notes.append(error.description)
                    batch.hasInputFailure = true
                    return hasMore
                }
            }
        }
        return false
    }

    private func open(_ spec: InputSpec) throws(InputError) {
        let descriptor: FileDescriptor
        switch spec.source {
        case .standardInput:
            descriptor = .standardInput
        case .file(let path):
            do {
                descriptor = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
            } catch {
                throw InputError(path: spec.name, error: error)
            }
            openedDescriptor = descriptor
        }
        reader = LineReader(
            path: spec.name,
            fileDescriptor: descriptor,
            mode: spec.mode,
            maximumPayloadBytes: maximumPayloadBytes
        )
    }

    private func closeReader() {
        try? openedDescriptor?.close()
        openedDescriptor = nil
        reader = nil
    }
}
