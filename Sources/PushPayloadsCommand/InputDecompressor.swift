/// Turns an input's compressed bytes into its text, chunk by chunk.
///
/// Decompressors run on the pipeline's producer thread, inside ``LineReader``, beside the workers that
/// classify: with `--jobs 2` one thread decompresses and splits lines while two classify.
protocol InputDecompressor: AnyObject {
    /// Fills up to `buffer.count` bytes of text; returns how many (0 once the data ends). Throws an
    /// ``InputError`` naming the input when the data is truncated or corrupt.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int
}
