#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SystemPackage

/// The names in one directory, as `readdir(3)` returns them: swift-system has no directory listing.
///
/// Each name is kept as its bytes in a `FilePath.Component`, never as a `String`, so a name that is
/// not UTF-8 can still be opened. The directory stays open as long as the reader lives (it closes on
/// `deinit`), and ``descriptor`` lets callers `stat` an entry relative to it.
struct DirectoryReader: ~Copyable {
    #if canImport(Darwin)
    private typealias Stream = UnsafeMutablePointer<DIR>
    #else
    private typealias Stream = OpaquePointer
    #endif

    private let stream: Stream
    /// The open directory, for `stat` and `open` relative to it.
    let descriptor: FileDescriptor

    /// Opens `path`, which must be a directory.
    init(_ path: FilePath) throws(Errno) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.directory, .closeOnExec])
        } catch {
            throw error as? Errno ?? .ioError
        }
        guard let stream = fdopendir(descriptor.rawValue) else {
            let error = Errno(rawValue: errno)
            try? descriptor.close()
            throw error
        }
        self.stream = stream
        self.descriptor = descriptor
    }

    deinit { closedir(stream) }

    /// The next name, `.` and `..` left out; `nil` after the last.
    mutating func next() throws(Errno) -> FilePath.Component? {
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw Errno(rawValue: errno) }
                return nil
            }
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                FilePath.Component(platformString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            // `nil` only for an empty name, which readdir never returns; `.` and `..` have kinds of their own.
            guard let name, name.kind == .regular else { continue }
            return name
        }
    }
}
