import PushPayloads

/// Lets the first of several racing parties (the work, a timer, the waiter's cancellation) settle a result,
/// and ignores the rest; the waiter resumes exactly once.
final class OnceGate<Answer: Sendable>: Sendable {
    private struct State: Sendable {
        var settlement: Settlement<Answer>?
        var continuation: CheckedContinuation<Settlement<Answer>, Never>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = LockedValue(State())

    /// Settles the gate unless it already is; returns whether this call settled it.
    @discardableResult
    func settle(_ settlement: Settlement<Answer>) -> Bool {
        var continuation: CheckedContinuation<Settlement<Answer>, Never>? = nil
        var tasks: [Task<Void, Never>] = []
        let settled = state.withLock { state in
            guard state.settlement == nil else { return false }
            state.settlement = settlement
            swap(&continuation, &state.continuation)
            swap(&tasks, &state.tasks)
            return true
        }
        // Resumed and cancelled outside the lock: both can run arbitrary code.
        continuation?.resume(returning: settlement)
        for task in tasks { task.cancel() }
        return settled
    }

    /// Ties `task` to the gate: it is cancelled when the gate settles (at once if it already has).
    func attach(_ task: Task<Void, Never>) {
        let settled = state.withLock { state in
            if state.settlement != nil { return true }
            state.tasks.append(task)
            return false
        }
        if settled { task.cancel() }
    }

    func wait() async -> Settlement<Answer> {
        await state.wait(for: \.settlement) { $0.continuation = $1 }
    }
}

/// Runs `work` in its own task and returns its answer, or how it failed to give one: it threw, it
/// overran `timeout`, or the calling task was cancelled.
///
/// The work runs unstructured on purpose: a delegate that ignores cancellation and never returns must
/// not hold up the caller, who has a completion handler to call. When the gate settles any other way
/// the work is cancelled, and whatever it returns later is dropped.
func answer<Answer: Sendable>(
    within timeout: Duration,
    on clock: any Clock<Duration>,
    _ work: @escaping @Sendable () async throws -> Answer
) async -> Settlement<Answer> {
    let gate = OnceGate<Answer>()
    gate.attach(
        Task {
            do {
                gate.settle(.answered(try await work()))
            } catch {
                gate.settle(.failed(error))
            }
        }
    )
    gate.attach(
        Task {
            // A cancelled sleep means the gate settled some other way.
            guard (try? await sleep(on: clock, for: timeout)) != nil else { return }
            gate.settle(.timedOut)
        }
    )
    return await withTaskCancellationHandler {
        await gate.wait()
    } onCancel: {
        gate.settle(.cancelled)
    }
}

/// Asks every one of `askers` at once, each with ``answer(within:on:_:)``, and returns their settlements by key.
func answers<Key: Hashable & Sendable, Answer: Sendable>(
    within timeout: Duration,
    on clock: any Clock<Duration>,
    _ askers: [(Key, @Sendable () async throws -> Answer)]
) async -> [Key: Settlement<Answer>] {
    await withTaskGroup(of: (Key, Settlement<Answer>).self) { group in
        for (key, ask) in askers {
            group.addTask { (key, await answer(within: timeout, on: clock, ask)) }
        }
        return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
    }
}

/// Sleeps for `duration` on `clock` (an existential, opened here).
func sleep<C: Clock>(on clock: C, for duration: Duration) async throws where C.Duration == Duration {
    try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
}

/// A stopwatch started now on `clock`: each call returns the time since.
func stopwatch<C: Clock>(on clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
}
