#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import SystemPackage

/// The few things the command needs from the C library that swift-system, Dispatch and the standard
/// library do not offer. With ``DirectoryReader`` and ``MappedInput`` (mappings, `SIGBUS`), the only files
/// that import it.
enum Platform {
    /// Processors online: the default for `--jobs`.
    static var coreCount: Int { max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1) }

    /// Calls `handler` with SIGINT or SIGTERM, on a queue of its own, when one arrives, instead of the signal ending
    /// the process at once (in the middle of a record). Keep the sources returned, and cancel them when done.
    static func catchInterrupts(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "push-payloads.signals")
        return [SIGINT, SIGTERM].map { number in
            #if canImport(Darwin)
            // Darwin's signal sources see a signal only when its own action does not end the process.
            signal(number, SIG_IGN)
            #endif
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// A pipe whose ends do not pass to child processes; `nil` if the system has no descriptor left.
    static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // A signal that comes while the pipe is full must not block the signal queue.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    static func closePipe(_ ends: (read: Int32, write: Int32)) {
        close(ends.read)
        close(ends.write)
    }

    /// Makes the pipe's read end readable (one byte, never read back: it stays readable).
    static func signalPipe(_ writeEnd: Int32) {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits until `descriptor` can be read (or is at its end, or failed) or `wake` can: `false` when `wake`
    /// can, whatever `descriptor` holds. A signal's `EINTR` only restarts the wait.
    static func waitForInput(on descriptor: Int32, unless wake: Int32) -> Bool {
        var descriptors = [
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 && errno == EINTR { continue }
            // Any other failure of poll: let the read itself report what is wrong.
            guard ready > 0 else { return true }
            return descriptors[0].revents == 0
        }
    }

    /// `--jobs`, at most the number of cores: more threads only cost memory (about 9 MB each) and
    /// classify no faster. A larger number is capped, with a note on stderr.
    static func cappedJobs(_ jobs: Int, cores: Int = coreCount) -> Int {
        guard jobs > cores else { return jobs }
        _ = StandardStreams.write(
            "push-payloads: --jobs \(jobs) is more than the \(cores) processors; using \(cores)\n",
            to: .standardError
        )
        return cores
    }

    /// Makes a closed pipe (`| head`) an `EPIPE` from `write(2)` instead of a fatal signal, so that
    /// `classify` can stop quietly with the exit status of the records it wrote.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func isTerminal(_ descriptor: FileDescriptor) -> Bool { isatty(descriptor.rawValue) == 1 }

    /// The terminal's width in columns, if `descriptor` is a terminal that reports one.
    static func terminalColumns(_ descriptor: FileDescriptor) -> Int? {
        guard isTerminal(descriptor) else { return nil }
        var size = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The monotonic clock, in nanoseconds (the clock other processes on the machine read too).
    static func monotonicNanoseconds() -> Int { clockNanoseconds(CLOCK_MONOTONIC) }

    /// The CPU time of the calling thread, in nanoseconds.
    static func threadCPUNanoseconds() -> Int { clockNanoseconds(CLOCK_THREAD_CPUTIME_ID) }

    /// The CPU time of the whole process so far, in nanoseconds.
    static func processCPUNanoseconds() -> Int { clockNanoseconds(CLOCK_PROCESS_CPUTIME_ID) }

    private static func clockNanoseconds(_ clock: clockid_t) -> Int {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    /// The environment variable `name`, if it is set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The offset of the first line feed in `count` bytes at `start`, if there is one.
    ///
    /// The C library's `memchr` reads 16 or 32 bytes a step; it splits every input line, so it stays
    /// (`docs/performance.md`, "Command I/O from libraries").
    @inline(__always)
    static func firstLineFeed(in start: UnsafeRawPointer, count: Int) -> Int? {
        guard let found = memchr(start, 0x0A, count) else { return nil }
        return start.distance(to: UnsafeRawPointer(found))
    }
}
