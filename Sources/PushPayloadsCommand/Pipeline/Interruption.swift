import Dispatch
import SystemPackage

/// SIGINT and SIGTERM for one run of a command: caught instead of ending the process in the middle of a
/// record, and made visible to the reads that may be waiting for input.
///
/// A read of a paused stream (`tail -f log | push-payloads classify`, a terminal) would notice a flag only
/// when its next bytes came, which may be never. So a signal also writes a byte to a pipe of the run's own,
/// and every read of an input first waits (``waitForInput(on:)``) for either the input or that pipe: a
/// signal ends the wait at once, and the reader stops with the lines it has read whole.
///
/// `Sendable`: its state is a ``SharedValue`` and two descriptors that never change.
final class Interruption: Sendable {
    private let caught = SharedValue<Int32>(0)
    /// The pipe a signal writes to: ``waitForInput(on:)`` polls its read end.
    private let wake: (read: Int32, write: Int32)?
    private let onSignal: @Sendable (Int32) -> Void

    /// Creates an interruption that calls `onSignal` (before waking the reads) when the first signal comes;
    /// ``start()`` catches the signals.
    init(onSignal: @escaping @Sendable (Int32) -> Void = { _ in }) {
        wake = Platform.makePipe()
        self.onSignal = onSignal
    }

    deinit {
        if let wake { Platform.closePipe(wake) }
    }

    /// The signal caught (SIGINT or SIGTERM), or 0.
    var signal: Int32 { caught.current }

    /// Catches SIGINT and SIGTERM until the sources returned are cancelled.
    func start() -> [any DispatchSourceSignal] {
        Platform.catchInterrupts { [self] number in record(number) }
    }

    /// Records `number` (the first signal only), tells the run, then wakes every read.
    func record(_ number: Int32) {
        let isFirst = caught.withLock { caught in
            guard caught == 0 else { return false }
            caught = number
            return true
        }
        guard isFirst else { return }
        onSignal(number)
        if let wake { Platform.signalPipe(wake.write) }
    }

    /// Waits until `descriptor` has something to read (bytes, its end, or an error, which the read then
    /// reports); `false` once a signal has come, whatever the input holds.
    func waitForInput(on descriptor: FileDescriptor) -> Bool {
        guard let wake else { return signal == 0 }
        return Platform.waitForInput(on: descriptor.rawValue, unless: wake.read)
    }
}

extension InputError {
    /// The reason of the error a read throws when a signal stopped it: not a failure of the input, so the
    /// reader ends the input at its last whole line (``LineReader``).
    static let interruptedReason = "interrupted by a signal"

    static func interrupted(path: String) -> InputError { InputError(path: path, reason: interruptedReason) }

    var isInterruption: Bool { reason == Self.interruptedReason }
}
