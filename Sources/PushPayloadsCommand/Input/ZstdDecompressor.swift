#if Zstd
import CZstd

/// Decompresses Zstandard data as it is read, with libzstd's streaming API: frame after frame (`cat
/// a.zst b.zst` is one valid file, as `zstd -d` reads it), straight into the caller's buffer.
///
/// Compiled only with the `Zstd` package trait. Memory is libzstd's context (its window, up to 8 MiB for data
/// compressed at the usual levels; frames that need more are refused) and ``CompressedInput``'s buffer.
final class ZstdDecompressor: InputDecompressor {
    private let input: CompressedInput
    private let context: OpaquePointer
    /// libzstd's last hint: 0 when the data seen so far ends at the end of a frame.
    private var frameRemainder = 0
    private var isFinished = false

    /// 2^27 bytes: the largest window libzstd accepts by default; bounds memory.
    private static let maximumWindowLog: Int32 = 27

    init(input: CompressedInput) throws(InputError) {
        self.input = input
        guard let context = ZSTD_createDCtx() else {
            throw InputError(path: input.path, reason: "cannot start zstd decompression (out of memory)")
        }
        self.context = context
        _ = ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, Self.maximumWindowLog)
    }

    deinit { ZSTD_freeDCtx(context) }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard let output = buffer.baseAddress, buffer.count > 0, !isFinished else { return 0 }
        while true {
            // At the end of the file libzstd may still hold output that did not fit last time: ask once more.
            var atEnd = false
            if input.availableCount == 0 { atEnd = try input.refill() == 0 }
            if atEnd && frameRemainder == 0 {
                isFinished = true
                return 0
            }
            var source = ZSTD_inBuffer(src: UnsafeRawPointer(input.available), size: input.availableCount, pos: 0)
            var target = ZSTD_outBuffer(dst: output, size: buffer.count, pos: 0)
            let result = ZSTD_decompressStream(context, &target, &source)
            input.consume(source.pos)
            if ZSTD_isError(result) != 0 {
                let reason = String(cString: ZSTD_getErrorName(result))
                throw input.error("the zstd data is corrupt near byte \(input.offset): \(reason)")
            }
            frameRemainder = result
            if target.pos > 0 { return target.pos }
            if atEnd {
                guard result == 0 else {
                    throw input.error(
                        "the zstd data ends inside a frame, after \(input.offset) bytes (the file is truncated)"
                    )
                }
                isFinished = true
                return 0
            }
        }
    }
}
#endif
