import PushPayloads

/// Hands every routed event to every subscriber's stream.
///
/// `AsyncStream` has one consumer, so each subscriber gets its own stream and continuation.
final class EventBroadcaster: Sendable {
    private struct State: Sendable {
        var next: UInt64 = 0
        var subscribers: [UInt64: AsyncStream<PushRoutedEvent>.Continuation] = [:]
    }

    private let state = LockedValue(State())
    private let bufferSize: Int

    init(bufferSize: Int) {
        self.bufferSize = max(bufferSize, 1)
    }

    deinit {
        for continuation in state.withLock({ $0.subscribers.values }) { continuation.finish() }
    }

    /// A new subscriber's stream, which keeps the newest ``bufferSize`` events its consumer hasn't read.
    func subscribe() -> AsyncStream<PushRoutedEvent> {
        let (stream, continuation) = AsyncStream<PushRoutedEvent>.makeStream(
            bufferingPolicy: .bufferingNewest(bufferSize)
        )
        let id = state.withLock { state in
            defer { state.next += 1 }
            state.subscribers[state.next] = continuation
            return state.next
        }
        // Weak: the broadcaster holds the continuation, which holds this closure.
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ event: PushRoutedEvent) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for continuation in subscribers { continuation.yield(event) }
    }
}
