import Dispatch
import PushPayloads

/// A first-in, first-out queue whose ``pop()`` blocks until an element arrives or the queue is closed.
///
/// The package's ``LockedValue`` guards the elements and a `DispatchSemaphore` counts them, so a
/// thread waiting in ``pop()`` sleeps in the kernel, not in a spin. Unbounded by itself: the pipeline
/// bounds its memory by circulating a fixed set of batches.
final class BlockingQueue<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var elements: [Element] = []
        var head = 0
        var isClosed = false
    }

    private let state = LockedValue(State())
    /// One permit per element pushed, and one for ``close()``.
    private let permits = DispatchSemaphore(value: 0)

    init(_ elements: [Element] = []) {
        for element in elements { push(element) }
    }

    func push(_ element: Element) {
        state.withLock { state in
            precondition(!state.isClosed, "push after close")
            state.elements.append(element)
        }
        permits.signal()
    }

    /// The oldest element; `nil` once the queue is closed and drained.
    func pop() -> Element? {
        permits.wait()
        let element = state.withLock { state -> Element? in
            guard state.head < state.elements.count else { return nil }
            let element = state.elements[state.head]
            state.head += 1
            // Compact now and then so the array does not grow with the number of pushes.
            if state.head > 64 && state.head * 2 > state.elements.count {
                state.elements.removeFirst(state.head)
                state.head = 0
            }
            return element
        }
        // Closed and drained: pass the close permit on, so every other waiting pop returns too.
        if element == nil { permits.signal() }
        return element
    }

    /// Wakes every waiting ``pop()``; they return the remaining elements, then `nil`.
    func close() {
        state.withLock { $0.isClosed = true }
        permits.signal()
    }
}
