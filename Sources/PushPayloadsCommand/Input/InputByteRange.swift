#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// `classify --byte-range START:LENGTH FILE`: the records of the lines that start in one byte range of a file, as a
/// run over the whole file gives them (a Spark task's part, `docs/scale.md`).
///
/// A range owns the lines that start in it: it begins at the first line start at or after `START` and ends at the
/// first line start at or after `START + LENGTH` (the last line it owns is read to its end, past the range), so ranges
/// that tile a file give each line to exactly one of them, whatever bytes they were cut at. The lines before the range
/// are counted here (their line feeds), so records carry the whole file's line numbers and the caller need not read the
/// file first. Only the range's first bytes are recognised as a byte-order mark, and only a range starting at byte 0
/// can hold one; a compressed file cannot be cut (its text has no byte positions) and is refused.
struct InputByteRange: Sendable, Equatable {
    var start: Int
    var length: Int
    /// The line feeds before the range's first line, when the caller counted them (`--line-offset`): a caller that
    /// cuts a large file into many ranges counts once, where each range counting its own would read the file's
    /// start again and again.
    var linesBefore: Int?

    /// Bytes made present (mapped) or read (`pread(2)`) at a time while counting line feeds or finding a line start.
    static let scanChunkBytes = 1 << 20

    /// `items` (one file, ``ByteRangeArguments`` checked) with that file's spec narrowed to the range's whole lines,
    /// numbered from the lines before it (counted here unless ``linesBefore`` says); a file that cannot be read, is compressed, or ends before the range does
    /// becomes an unreadable input with the reason.
    func restrict(_ items: [InputItem]) -> [InputItem] {
        items.map { item in
            guard case .input(var spec) = item else { return item }
            do throws(InputError) {
                let (lines, span) = try locate(in: spec)
                spec.byteRange = span
                spec.size = span.count
                spec.firstLine = lines + 1
                return .input(spec)
            } catch {
                return .unreadable(name: error.path, reason: error.reason)
            }
        }
    }

    /// The range's whole lines in the file (from the first line start at or after `start` to the first at or after
    /// its end), and the number of line feeds before them.
    func locate(in spec: InputSpec) throws(InputError) -> (linesBefore: Int, span: Range<Int>) {
        let (descriptor, isFile) = try spec.open()
        defer { if isFile { try? descriptor.close() } }
        let fail = { (reason: String) in InputError(path: spec.name, reason: reason) }
        let size: Int
        do {
            size = Int(try descriptor.seek(offset: 0, from: .end))
        } catch {
            throw fail("--byte-range reads a regular file: \(error)")
        }
        let end = start + length
        guard end <= size else {
            throw fail(
                "the range \(start):\(length) ends at byte \(end), past the file's end (\(size) bytes); has it changed?"
            )
        }
        let scanner = Scanner(descriptor: descriptor, name: spec.name)
        let head = try scanner.bytes(at: 0, count: 6)
        switch head.withUnsafeBytes({ InputFormat.detect($0, atEnd: true) }) {
        case .text?, nil: break
        case .gzip?, .zstd?, .unsupported?:
            throw fail("it is compressed, and compressed text cannot be cut into byte ranges: read it whole")
        }
        // The line starts and the count are found in a mapping of the file where one can be made (its pages are
        // the page cache's, not copied as `pread` copies them: the count reads the file's start, up to 100 MB for
        // the last of six ranges of a 200 MB file), otherwise by `pread`.
        if let mapped = MappedScan(descriptor: descriptor, size: size) {
            let first = mapped.lineStart(atOrAfter: start)
            let last = end == start ? first : mapped.lineStart(atOrAfter: end)
            let lines = linesBefore ?? mapped.lineFeeds(before: first)
            if let damaged = mapped.damagedOffset {
                throw fail("ended at byte \(damaged) while its lines were counted (has it changed?)")
            }
            return (lines, first..<max(first, last))
        }
        let first = try scanner.lineStart(atOrAfter: start, size: size)
        let last = end == start ? first : try scanner.lineStart(atOrAfter: end, size: size)
        var lines = linesBefore ?? 0
        if linesBefore == nil { lines = try scanner.lineFeeds(before: first) }
        return (lines, first..<max(first, last))
    }

    /// A file mapped for ``locate(in:)``'s scans, unmapped when they are done. A file that shrinks while it is
    /// scanned makes a read of a page past its new end a `SIGBUS`: ``BusErrorGuard`` puts zeros in its place, and
    /// ``damagedOffset`` says the scan's answer is not to be trusted.
    private final class MappedScan {
        let bytes: UnsafePointer<UInt8>
        let size: Int
        private let slot: Int

        init?(descriptor: FileDescriptor, size: Int) {
            #if canImport(Glibc)
            guard size > 0,
                let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0),
                address != MAP_FAILED
            else { return nil }
            guard let slot = BusErrorGuard.watch(address, count: size) else {
                munmap(address, size)
                return nil
            }
            _ = madvise(address, size, MADV_SEQUENTIAL)
            self.bytes = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
            self.size = size
            self.slot = slot
            #else
            return nil
            #endif
        }

        deinit {
            #if canImport(Glibc)
            BusErrorGuard.unwatch(slot)
            munmap(UnsafeMutableRawPointer(mutating: bytes), size)
            #endif
        }

        /// Where the file was found to have shrunk while it was scanned, or `nil`.
        var damagedOffset: Int? {
            #if canImport(Glibc)
            let fault = BusErrorGuard.lowestFault(slot)
            guard fault != Int.max else { return nil }
            return fault - Int(bitPattern: UInt(bitPattern: bytes))
            #else
            return nil
            #endif
        }

        /// Makes the pages of `count` bytes from `offset` present in one call (instead of a fault every few pages).
        private func populate(from offset: Int, count: Int) {
            #if canImport(Glibc)
            let pageSize = BusErrorGuard.pageSize
            let start = offset / pageSize * pageSize
            let end = min(offset + count, size)
            guard end > start else { return }
            _ = madvise(UnsafeMutableRawPointer(mutating: bytes + start), end - start, MADV_POPULATE_READ)
            #endif
        }

        /// The first line start at or after `position`: 0, or the byte after a line feed; `size` when none is.
        func lineStart(atOrAfter position: Int) -> Int {
            guard position > 0 else { return 0 }
            var offset = position - 1
            while offset < size {
                let count = min(InputByteRange.scanChunkBytes, size - offset)
                populate(from: offset, count: count)
                if let found = Platform.firstLineFeed(in: bytes + offset, count: count) { return offset + found + 1 }
                offset += count
            }
            return size
        }

        /// The line feeds in the file's first `end` bytes.
        func lineFeeds(before end: Int) -> Int {
            var (offset, lines) = (0, 0)
            while offset < end {
                let count = min(InputByteRange.scanChunkBytes, end - offset)
                populate(from: offset, count: count)
                lines += InputByteRange.lineFeeds(in: UnsafeRawBufferPointer(start: bytes + offset, count: count))
                offset += count
            }
            return lines
        }
    }

    /// Reads a file by position (`pread`), never moving its offset.
    private struct Scanner {
        let descriptor: FileDescriptor
        let name: String

        func bytes(at offset: Int, count: Int) throws(InputError) -> [UInt8] {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
            defer { buffer.deallocate() }
            let read = try self.read(buffer, at: offset)
            return Array(buffer[..<read])
        }

        /// Fills as much of `buffer` as the file holds from `offset`.
        func read(_ buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(InputError) -> Int {
            var filled = 0
            while filled < buffer.count {
                let count: Int
                do {
                    count = try descriptor.read(
                        fromAbsoluteOffset: Int64(offset + filled),
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
                    )
                } catch {
                    throw InputError(path: name, reason: "\(error)")
                }
                if count == 0 { break }
                filled += count
            }
            return filled
        }

        /// The first line start at or after `position`: 0, or the byte after a line feed; `size` when none is.
        func lineStart(atOrAfter position: Int, size: Int) throws(InputError) -> Int {
            guard position > 0 else { return 0 }
            // A line starts at `position` when the byte before it is a line feed: search from that byte.
            var offset = position - 1
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputByteRange.scanChunkBytes, alignment: 64)
            defer { buffer.deallocate() }
            while offset < size {
                let count = try read(buffer, at: offset)
                if count == 0 { break }
                if let found = Platform.firstLineFeed(in: buffer.baseAddress!, count: count) {
                    return offset + found + 1
                }
                offset += count
            }
            return size
        }

        /// The line feeds in the file's first `end` bytes.
        func lineFeeds(before end: Int) throws(InputError) -> Int {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: InputByteRange.scanChunkBytes, alignment: 64)
            defer { buffer.deallocate() }
            var (offset, lines) = (0, 0)
            while offset < end {
                let wanted = min(buffer.count, end - offset)
                let count = try read(UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]), at: offset)
                if count == 0 {
                    throw InputError(
                        path: name,
                        reason: "ended at byte \(offset) while its lines were counted (has it changed?)"
                    )
                }
                lines += InputByteRange.lineFeeds(in: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                offset += count
            }
            return lines
        }
    }

    /// The line feeds in `bytes`, 64 bytes a step (the compiler keeps the lanes' counts in vector registers).
    static func lineFeeds(in bytes: UnsafeRawBufferPointer) -> Int {
        var total = 0
        var index = 0
        let feed = SIMD64<UInt8>(repeating: 0x0A)
        while bytes.count - index >= 64 {
            // At most 255 steps per lane counter, so no lane overflows.
            var lanes = SIMD64<UInt8>()
            let steps = min(255, (bytes.count - index) / 64)
            for _ in 0..<steps {
                let chunk = bytes.loadUnaligned(fromByteOffset: index, as: SIMD64<UInt8>.self)
                lanes &-= unsafeBitCast(chunk .== feed, to: SIMD64<UInt8>.self)
                index += 64
            }
            total += lanes.wrappedSum()
        }
        while index < bytes.count {
            if bytes[index] == 0x0A { total += 1 }
            index += 1
        }
        return total
    }
}

extension SIMD64<UInt8> {
    fileprivate func wrappedSum() -> Int {
        var sum = 0
        for lane in indices { sum += Int(self[lane]) }
        return sum
    }
}
