import CZlib

/// Inflates gzip data as it is read, with zlib: member after member, as `gzip -d` reads them (`cat
/// a.gz b.gz` is one valid file), straight into the caller's buffer.
///
/// Memory is zlib's fixed state (about 44 KiB) and ``CompressedInput``'s buffer. Zero bytes after the
/// last member are ignored, as `gzip -d` ignores them; anything else after it, data that is not
/// gzip, and data that ends inside a member are errors naming the input.
final class GzipDecompressor: InputDecompressor {
    private enum State {
        case inMember
        case afterMember
        case finished
    }

    private let input: CompressedInput
    /// zlib keeps a pointer back to its stream and checks it, so the stream lives at a fixed address.
    private let stream: UnsafeMutablePointer<z_stream>
    private var state = State.inMember

    /// 15 is the largest window; adding 16 accepts the gzip wrapper only (not zlib or raw deflate).
    private static let gzipWindowBits: Int32 = 15 + 16

    init(input: CompressedInput) throws(InputError) {
        self.input = input
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = czlib_inflate_init2(stream, Self.gzipWindowBits)
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw InputError(path: input.path, reason: "cannot start gzip decompression (zlib status \(status))")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        guard let output = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            if state == .finished { return 0 }
            // At the end of the file zlib may still hold output that did not fit last time: ask once more.
            var atEnd = false
            if input.availableCount == 0 { atEnd = try input.refill() == 0 }
            if state == .afterMember {
                if atEnd {
                    state = .finished
                    return 0
                }
                // Zero bytes are padding that some tools leave after compressed data, which `gzip -d` ignores.
                while input.availableCount > 0 && input.available.pointee == 0 { input.consume(1) }
                if input.availableCount == 0 { continue }
                guard input.available.pointee == 0x1F else {
                    throw input.error("unexpected data after the end of the gzip data, at byte \(input.offset)")
                }
                inflateReset(stream)
                state = .inMember
            }
            let availableIn = min(input.availableCount, Int(UInt32.max))
            let availableOut = min(buffer.count, Int(UInt32.max))
            stream.pointee.next_in = input.available
            stream.pointee.avail_in = UInt32(availableIn)
            stream.pointee.next_out = output.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_out = UInt32(availableOut)
            let status = inflate(stream, Z_NO_FLUSH)
            input.consume(availableIn - Int(stream.pointee.avail_in))
            let produced = availableOut - Int(stream.pointee.avail_out)
            switch status {
            case Z_OK, Z_BUF_ERROR:
                break
            case Z_STREAM_END:
                state = .afterMember
            case Z_DATA_ERROR, Z_NEED_DICT:
                let reason = stream.pointee.msg.map { String(cString: $0) } ?? "invalid data"
                throw input.error("the gzip data is corrupt near byte \(input.offset): \(reason)")
            case Z_MEM_ERROR:
                throw input.error("out of memory while decompressing gzip data")
            default:
                throw input.error("gzip decompression failed (zlib status \(status))")
            }
            if produced > 0 { return produced }
            if atEnd && state == .inMember {
                throw input.error(
                    "the gzip data ends inside a compressed member, after \(input.offset) bytes (the file is truncated)"
                )
            }
        }
    }
}
