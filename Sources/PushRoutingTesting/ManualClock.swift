import PushPayloads
import PushRouting

/// A clock that moves only when told to, for testing time windows such as the duplicate guard's.
///
/// ```swift
/// let clock = ManualClock()
/// configuration.duplicateGuard = PushDuplicateGuard(window: .seconds(60), clock: clock)
/// clock.advance(by: .seconds(61))
/// ```
///
/// Sleepers wake when ``advance(by:)`` moves the clock past their deadline, or when their task is cancelled.
public final class ManualClock: Clock, Sendable {
    /// A point in the clock's time: the duration since the clock was created.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The time since the clock was created.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's start.
        public init(offset: Duration) { self.offset = offset }

        /// This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper: Sendable {
        var id: UInt64
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [Sleeper] = []
        // Tasks waiting for at least `count` sleepers.
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = LockedValue(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// The smallest step: any duration can be advanced by.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Waits until at least `count` tasks sleep on the clock: call it before ``advance(by:)`` when the sleepers are
    /// other tasks (a router's timeouts), so the advance reaches them whatever the machine's speed.
    public func waitForSleepers(_ count: Int = 1) async {
        await state.wait(
            for: { $0.sleepers.count >= count ? () : nil },
            parking: { $0.sleeperWaiters.append((count, $1)) }
        )
    }

    /// Moves the clock forward by `duration` and wakes the sleepers whose deadline has come.
    public func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Suspends until the clock reaches `deadline`, or throws `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                var waiters: [CheckedContinuation<Void, Never>] = []
                let outcome = state.withLock { state -> Bool? in
                    // Read under the lock the cancellation handler takes, and set before it runs: a task cancelled
                    // before it registers throws here, one cancelled after is taken out there.
                    if Task.isCancelled { return false }
                    if deadline <= state.now { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    let count = state.sleepers.count
                    waiters = state.sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
                    state.sleeperWaiters.removeAll { $0.count <= count }
                    return nil
                }
                for waiter in waiters { waiter.resume() }
                switch outcome {
                case true?: continuation.resume()
                case false?: continuation.resume(throwing: CancellationError())
                case nil: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
