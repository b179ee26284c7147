#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// A regular, uncompressed JSON Lines file mapped into memory, so that batches are views of it instead of copies.
///
/// `read(2)` copies every byte of an input from the page cache into a batch: on the 200 MB captures that copy was
/// 5–7% of a run's CPU, on the producer's thread (`docs/performance.md`, "Mapped inputs"). A mapped file is read in
/// place: the producer finds the lines in the mapping and the workers parse them there.
///
/// Only what `fstat` said when it was opened is mapped, so a file that grows is read to that size (a read would go
/// on). A file that shrinks while it is mapped (`logrotate`'s `copytruncate`) would make a read of a page past its
/// new end a `SIGBUS`, which would end the process: ``BusErrorGuard`` catches those, puts a page of zeros in place
/// of the one that is gone and remembers the lowest such page, and ``damagedOffset`` tells the consumer, which
/// writes none of the records read from there on (their bytes may be zeros), says so and fails the input.
///
/// Linux only; elsewhere every input is read.
final class MappedInput: @unchecked Sendable {
    // @unchecked: the mapping is read-only after init and unmapped in deinit, once no batch holds a reference to it;
    // its descriptor is only `fstat`ed; the guard's slot is atomic.
    let bytes: UnsafePointer<UInt8>
    /// The whole file's size when it was mapped: the mapping's length.
    let count: Int
    /// The bytes of the mapping that are read: all of it, or a `--byte-range` part's whole lines
    /// (``InputByteRange``), in the file's own offsets.
    let readRange: Range<Int>
    /// The byte-order mark's length at the start of the text, or 0.
    let skippedBytes: Int
    /// A descriptor of the mapped file, its own (the reader's is closed at the end of the input, before the last
    /// batches are written), for ``damagedOffset``.
    private let descriptor: Int32
    /// The ``BusErrorGuard`` slot that watches the mapping.
    private let slot: Int

    private init(
        bytes: UnsafePointer<UInt8>,
        count: Int,
        readRange: Range<Int>,
        skippedBytes: Int,
        descriptor: Int32,
        slot: Int
    ) {
        self.bytes = bytes
        self.count = count
        self.readRange = readRange
        self.skippedBytes = skippedBytes
        self.descriptor = descriptor
        self.slot = slot
    }

    deinit {
        #if canImport(Glibc)
        BusErrorGuard.unwatch(slot)
        munmap(UnsafeMutableRawPointer(mutating: bytes), count)
        close(descriptor)
        #endif
    }

    /// The file open as `descriptor`, mapped, when it is a regular file that is not empty and whose first bytes are
    /// text (not compressed); `nil` otherwise, and the caller reads it (nothing has been read from it).
    ///
    /// With `range` (a `--byte-range` part's whole lines), the whole file is mapped, which costs address space only,
    /// and the part is read: its batches are views of the file's pages, as a whole file's are, so a task's part is
    /// not copied through `read(2)`. Only a part from byte 0 can start with a byte-order mark. `nil` when the file
    /// no longer holds the range (it shrank since the range was found): the read then fails as it would have.
    static func make(_ descriptor: FileDescriptor, range: Range<Int>? = nil) -> MappedInput? {
        #if canImport(Glibc)
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return nil }
        let readRange = range ?? 0..<size
        guard readRange.upperBound <= size else { return nil }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0),
            address != MAP_FAILED
        else { return nil }
        guard let slot = BusErrorGuard.watch(address, count: size) else {
            munmap(address, size)
            return nil
        }
        let bytes = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
        let headCount = min(size, LineReader.minimumFirstRead)
        let format = InputFormat.detect(UnsafeRawBufferPointer(start: bytes, count: headCount), atEnd: true)
        let ownDescriptor = fcntl(descriptor.rawValue, F_DUPFD_CLOEXEC, 0)
        guard let format, case .text = format, ownDescriptor >= 0, BusErrorGuard.lowestFault(slot) == Int.max else {
            if ownDescriptor >= 0 { close(ownDescriptor) }
            BusErrorGuard.unwatch(slot)
            munmap(address, size)
            return nil
        }
        _ = madvise(address, size, MADV_SEQUENTIAL)
        return MappedInput(
            bytes: bytes,
            count: size,
            readRange: readRange,
            // An empty part from byte 0 reads nothing, not even the mark.
            skippedBytes: readRange.lowerBound == 0 && !readRange.isEmpty ? format.skippedBytes : 0,
            descriptor: ownDescriptor,
            slot: slot
        )
        #else
        return nil
        #endif
    }

    /// Where the mapping's bytes may no longer be the file's: the file's size now, if it shrank, or the first page
    /// that was gone when it was read, whichever is lower; `Int.max` while the file is whole.
    var damagedOffset: Int {
        #if canImport(Glibc)
        var damaged = Int.max
        let fault = BusErrorGuard.lowestFault(slot)
        if fault != Int.max { damaged = fault - Int(bitPattern: UInt(bitPattern: bytes)) }
        var info = stat()
        if fstat(descriptor, &info) == 0 && Int(info.st_size) < count { damaged = min(damaged, Int(info.st_size)) }
        return damaged
        #else
        return Int.max
        #endif
    }

    /// Gives back the pages wholly inside `count` bytes from `offset`, a batch that has been written: nothing reads
    /// them again. Done batch by batch, on the consumer's thread while the workers run, the unmapping is not left to
    /// the end of the run (`munmap` of a 200 MB mapping, 7–8 ms on one thread after the last batch). The range stays
    /// reserved (`MADV_DONTNEED`, not `munmap`), so no other mapping can take its place before ``deinit``.
    func release(from offset: Int, count released: Int) {
        #if canImport(Glibc)
        let pageSize = BusErrorGuard.pageSize
        let base = Int(bitPattern: UInt(bitPattern: bytes))
        let start = (base + offset + pageSize - 1) / pageSize * pageSize
        let end = (base + offset + released) / pageSize * pageSize
        guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(address, end - start, MADV_DONTNEED)
        #endif
    }

    /// The written batches' bytes of mapped inputs, given back (``release(from:count:)``) in spans of at least
    /// ``minimumBytes`` that end on an ``alignment`` boundary of the address space.
    ///
    /// Given back batch by batch, each `MADV_DONTNEED` split the huge page mapping a batch's last bytes (the kernel
    /// maps a file's large page-cache folios 2 MiB at a time) and flushed the TLB of the core running the other worker:
    /// with two jobs, inter-processor interrupts on every batch, each a VM exit here, on the consumer's call and on
    /// the worker it stopped (`perf record -g`: `__split_huge_pmd`, `smp_call_function_many_cond`, `x2apic_send_IPI`
    /// under `madvise`; `docs/performance.md`, "Two jobs, round five"). Spans from one aligned end to the next split
    /// nothing, and tens of MiB at a time make a handful of calls for a 200 MB file instead of a hundred.
    struct Release {
        /// The huge page size of x86-64 (and of arm64 with 4 KiB pages).
        static let alignment = 2 << 20
        /// The least a call gives back, but for what is left of a mapping at its end; so about what a mapped input
        /// keeps resident (this, the batches in flight and a huge page at either end: `MappedInputTests`). 64 MiB
        /// rather than 8: each call still flushes the TLB of the core running the other worker, and with two jobs a
        /// 200 MB file's three calls instead of 24 cost 7–9 ms less CPU (`docs/performance.md`, "Two jobs, round
        /// eight"), for 56 MiB more of the file's page cache mapped at once.
        var minimumBytes = 64 << 20
        /// The mapping and the offsets of its written bytes that are not given back yet.
        private(set) var pending: (mapping: MappedInput, from: Int, to: Int)?

        /// Notes that `count` bytes of `mapping` from `offset`, the next batch in order, are written, and gives back
        /// what is pending up to its last aligned boundary once that is at least ``minimumBytes``. A batch of another
        /// mapping, or one before the pending bytes, gives back all that was pending first.
        mutating func add(_ mapping: MappedInput, from offset: Int, count: Int) {
            if let held = pending, held.mapping === mapping, offset >= held.to {
                pending = (mapping, held.from, offset + count)
            } else {
                finish()
                pending = (mapping, offset, offset + count)
            }
            guard let held = pending else { return }
            let base = Int(bitPattern: UInt(bitPattern: held.mapping.bytes))
            let end = (base + held.to) / Self.alignment * Self.alignment - base
            guard end - held.from >= minimumBytes else { return }
            held.mapping.release(from: held.from, count: end - held.from)
            pending = (held.mapping, end, held.to)
        }

        /// Gives back all that is pending: at the end of the run, or before another mapping's batches.
        mutating func finish() {
            if let held = pending { held.mapping.release(from: held.from, count: held.to - held.from) }
            pending = nil
        }
    }

    /// Makes the first bytes of the mapping's pages from `offset` on present, so that reading them takes no page
    /// faults (one system call instead of one fault every few pages).
    func populate(from offset: Int, count wanted: Int) {
        #if canImport(Glibc)
        let pageSize = BusErrorGuard.pageSize
        let start = offset / pageSize * pageSize
        let end = min(offset + wanted, readRange.upperBound)
        guard end > start else { return }
        // A file that shrank makes this fail (EFAULT), touching nothing: the reads that follow find out.
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes + start), end - start, MADV_POPULATE_READ)
        #endif
    }
}

#if canImport(Glibc)
/// The process's `SIGBUS` handler while files are mapped: a read of a mapped file's page that is gone (the file
/// shrank) gets a page of zeros in its place instead of ending the process, and the mapping's slot keeps the lowest
/// such page for ``MappedInput/damagedOffset``. A `SIGBUS` anywhere else goes to the handler there was before.
///
/// The slots are guarded by a pthread mutex, which the handler takes too: a thread never holds it while it reads a
/// mapping, so the thread a `SIGBUS` interrupts never holds it, and the handler can wait for it. (Atomics would need
/// Synchronization, which the package's Apple platforms do not have; `scripts/check.sh` keeps it out.) The handler
/// calls only `pthread_mutex_lock`/`unlock`, `mmap` and `sigaction`.
enum BusErrorGuard {
    static let slotCount = 16
    /// Per slot: the mapping's first address, its end (0 for a free slot), the lowest page that faulted.
    private struct Slot {
        var start = 0
        var end = 0
        var fault = Int.max
    }

    // nonisolated(unsafe): both pointers never change; what they point to is read and written under `lock`.
    private nonisolated(unsafe) static let slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        return slots
    }()
    private nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        return lock
    }()
    /// Whether the handler is installed, and the action there was before, called for a `SIGBUS` that is not ours;
    /// both written once, under `lock`, before the handler can run.
    private nonisolated(unsafe) static var isInstalled = false
    private nonisolated(unsafe) static var previous = sigaction()
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    private static func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }

    /// Watches `count` bytes mapped at `address`; returns the slot, or `nil` when every slot is taken (the caller
    /// reads the file instead).
    static func watch(_ address: UnsafeMutableRawPointer, count: Int) -> Int? {
        let start = Int(bitPattern: UInt(bitPattern: address))
        return withLock {
            installOnce()
            guard let slot = (0..<slotCount).first(where: { slots[$0].end == 0 }) else { return nil }
            slots[slot] = Slot(start: start, end: start + count)
            return slot
        }
    }

    static func unwatch(_ slot: Int) {
        withLock { slots[slot] = Slot() }
    }

    static func lowestFault(_ slot: Int) -> Int { withLock { slots[slot].fault } }

    /// Installs the handler, the first time; called under `lock`.
    private static func installOnce() {
        guard !isInstalled else { return }
        isInstalled = true
        // Every static the handler reads is set up before it can run: a signal handler must not run a lazy
        // initialiser.
        _ = pageSize
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, context in
            BusErrorGuard.handle(signal, info, context)
        }
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, &previous)
    }

    private static func handle(
        _ signal: Int32,
        _ info: UnsafeMutablePointer<siginfo_t>?,
        _ context: UnsafeMutableRawPointer?
    ) {
        if let info, let address = info.pointee._sifields._sigfault.si_addr {
            let faulted = Int(bitPattern: UInt(bitPattern: address))
            let isOurs = withLock {
                guard let slot = (0..<slotCount).first(where: { slots[$0].start <= faulted && faulted < slots[$0].end })
                else { return false }
                let page = faulted / pageSize * pageSize
                let replaced = mmap(
                    UnsafeMutableRawPointer(bitPattern: page),
                    pageSize,
                    PROT_READ,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                    -1,
                    0
                )
                guard replaced != MAP_FAILED else { return false }
                slots[slot].fault = min(slots[slot].fault, page)
                return true
            }
            if isOurs { return }
        }
        // Not ours: what was there before, or the default action (the read is retried and ends the process).
        if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
            handler(signal, info, context)
            return
        }
        sigaction(SIGBUS, &previous, nil)
    }
}
#endif
