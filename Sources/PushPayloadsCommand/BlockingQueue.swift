#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex and a condition variable: the one primitive the pipeline's hand-offs are built on.
///
/// Plain pthreads, because the pipeline's threads block (on `read(2)`, on each other) and blocking
/// inside Swift concurrency's cooperative pool would starve it.
final class ConditionLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        condition = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Waits for a broadcast; call with the lock held.
    func wait() { pthread_cond_wait(condition, mutex) }
    func broadcast() { pthread_cond_broadcast(condition) }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A one-shot event that one thread signals and another waits for; ``reset()`` re-arms it.
final class Signal: @unchecked Sendable {
    private let lock = ConditionLock()
    private var isSignalled = false

    func signal() {
        lock.withLock {
            isSignalled = true
            lock.broadcast()
        }
    }

    func wait() {
        lock.withLock {
            while !isSignalled { lock.wait() }
        }
    }

    func reset() { lock.withLock { isSignalled = false } }
}

/// A first-in, first-out queue whose ``pop()`` blocks until an element arrives or the queue is closed.
///
/// Unbounded by itself: the pipeline bounds its memory by circulating a fixed set of batches.
final class BlockingQueue<Element: Sendable>: @unchecked Sendable {
    private let lock = ConditionLock()
    private var elements: [Element] = []
    private var head = 0
    private var isClosed = false

    init(_ elements: [Element] = []) {
        self.elements = elements
    }

    func push(_ element: Element) {
        lock.withLock {
            elements.append(element)
            lock.broadcast()
        }
    }

    /// The oldest element; `nil` once the queue is closed and drained.
    func pop() -> Element? {
        lock.withLock {
            while head == elements.count && !isClosed { lock.wait() }
            guard head < elements.count else { return nil }
            let element = elements[head]
            head += 1
            // Compact now and then so the array does not grow with the number of pushes.
            if head > 64 && head * 2 > elements.count {
                elements.removeFirst(head)
                head = 0
            }
            return element
        }
    }

    /// Wakes every waiting ``pop()``; they return the remaining elements, then `nil`.
    func close() {
        lock.withLock {
            isClosed = true
            lock.broadcast()
        }
    }
}

/// A joinable thread running a Swift closure.
struct JoinableThread: ~Copyable {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif

    /// Starts `body` on a new thread.
    init(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let result = pthread_create(
            &thread,
            nil,
            { raw in
                #if canImport(Darwin)
                let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
                #else
                let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
                #endif
                body.run()
                return nil
            },
            context
        )
        precondition(result == 0, "pthread_create failed: \(result)")
    }

    /// Waits for the thread to finish.
    consuming func join() {
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }
}
