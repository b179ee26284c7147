#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The producer of the pipeline: opens the inputs one after another and fills batches from them.
///
/// A batch holds payloads of one input only, so each record's source is the batch's. An input that
/// cannot be opened or read becomes a note on the next batch, so the message reaches stderr in order,
/// and the feeder goes on with the next input.
///
/// Used by one thread at a time (the pipeline's producer), which is what makes the unchecked
/// `Sendable` sound; ``stop()`` is the one method other threads call.
final class InputFeeder: @unchecked Sendable {
    let inputs: [InputItem]
    let maximumPayloadBytes: Int
    let targetBatchBytes: Int
    let maximumBatchEntries: Int

    private var nextInput = 0
    private var reader: LineReader?
    private var nextSequence = 0
    private let isStopped = Atomic<Bool>(false)

    init(
        inputs: [InputItem],
        maximumPayloadBytes: Int,
        targetBatchBytes: Int = 1 << 20,
        maximumBatchEntries: Int = 16_384
    ) {
        self.inputs = inputs
        self.maximumPayloadBytes = maximumPayloadBytes
        self.targetBatchBytes = targetBatchBytes
        self.maximumBatchEntries = maximumBatchEntries
    }

    deinit { closeReader() }

    /// Makes the next ``fill(_:)`` report the end of the input (the output went away).
    func stop() { isStopped.store(true, ordering: .relaxed) }

    private var hasMore: Bool { reader != nil || nextInput < inputs.count }

    /// Fills `batch` with the next payloads; returns `false` when no input is left after this batch.
    func fill(_ batch: LineBatch) -> Bool {
        batch.reset(sequence: nextSequence, source: "")
        nextSequence += 1
        while !isStopped.load(ordering: .relaxed) {
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
            case .unreadable(let path, let reason):
                batch.notes.append(InputError(path: path, reason: reason).description)
                batch.hasInputFailure = true
                return hasMore
            case .input(let spec):
                do {
                    reader = try open(spec)
                } catch {
                    batch.notes.append(error.description)
                    batch.hasInputFailure = true
                    return hasMore
                }
            }
        }
        return false
    }

    private func open(_ spec: InputSpec) throws(InputError) -> LineReader {
        var fileDescriptor: Int32 = 0
        if !spec.isStandardInput {
            repeat {
                #if canImport(Darwin)
                fileDescriptor = Darwin.open(spec.path, O_RDONLY | O_CLOEXEC)
                #elseif canImport(Musl)
                fileDescriptor = Musl.open(spec.path, O_RDONLY | O_CLOEXEC)
                #else
                fileDescriptor = Glibc.open(spec.path, O_RDONLY | O_CLOEXEC)
                #endif
            } while fileDescriptor < 0 && errno == EINTR
            guard fileDescriptor >= 0 else { throw InputError(path: spec.path, errorNumber: errno) }
        }
        return LineReader(
            path: spec.path,
            fileDescriptor: fileDescriptor,
            mode: spec.mode,
            maximumPayloadBytes: maximumPayloadBytes
        )
    }

    private func closeReader() {
        if let reader, reader.fileDescriptor != 0 { close(reader.fileDescriptor) }
        reader = nil
    }
}
