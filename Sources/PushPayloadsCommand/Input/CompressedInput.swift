import SystemPackage

/// The compressed bytes of one input, read in fixed-size chunks for a decompressor.
///
/// The buffer never grows, so a compressed input costs the same memory whatever its size. The first bytes, already read
/// to recognise the format (``InputFormat``), are handed over at creation and come out first.
final class CompressedInput {
    /// The input's name, for messages.
    let path: String
    let fileDescriptor: FileDescriptor
    let capacity: Int

    private let buffer: UnsafeMutablePointer<UInt8>
    private var start = 0
    private var end = 0
    /// Compressed bytes handed to the decompressor so far: a position in the file, for messages.
    private(set) var offset = 0
    /// The run's signals, which end a wait for more compressed bytes (``Interruption``).
    var interruption: Interruption?

    init(path: String, fileDescriptor: FileDescriptor, prefix: UnsafeRawBufferPointer) {
        self.path = path
        self.fileDescriptor = fileDescriptor
        capacity = max(256 * 1024, prefix.count)
        buffer = .allocate(capacity: self.capacity)
        if let base = prefix.baseAddress {
            UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: prefix.count)
        }
        end = prefix.count
    }

    deinit { buffer.deallocate() }

    /// The bytes read and not yet consumed.
    var available: UnsafeMutablePointer<UInt8> { buffer + start }
    var availableCount: Int { end - start }

    func consume(_ count: Int) {
        start += count
        offset += count
    }

    /// Reads the next chunk once every available byte is used; returns how many bytes came (0 at the end of the file).
    func refill() throws(InputError) -> Int {
        precondition(start == end, "refill with bytes still available")
        start = 0
        end = 0
        if let interruption, !interruption.waitForInput(on: fileDescriptor) { throw .interrupted(path: path) }
        do {
            end = try fileDescriptor.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: capacity))
        } catch {
            throw InputError(path: path, reason: "\(error)")
        }
        return end
    }

    func error(_ reason: String) -> InputError { InputError(path: path, reason: reason) }
}

/// Turns an input's compressed bytes into its text, chunk by chunk.
///
/// Decompressors run on the pipeline's producer thread, inside ``LineReader``, beside the workers that
/// classify: with `--jobs 2` one thread decompresses and splits lines while two classify.
protocol InputDecompressor: AnyObject {
    /// Fills up to `buffer.count` bytes of text; returns how many (0 once the data ends). Throws an
    /// ``InputError`` naming the input when the data is truncated or corrupt.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int
}
