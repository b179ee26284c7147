#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#elseif os(Windows)
import WinSDK
#endif

/// A value that many tasks read and change under a lock: the router's state, its duplicate filter and
/// once-gates, and PushRoutingTesting's recorders.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15 and iOS 18, which is more than an app that
/// routes pushes should have to require; a pthread mutex (an SRW lock on Windows) works everywhere.
/// `package`, not public API: PushRoutingTesting shares it.
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, which holds `lock` for the whole
    // access, and the lock itself is never moved (it lives in its own allocation).
    private var value: Value
    #if os(Windows)
    private let lock: UnsafeMutablePointer<SRWLOCK>
    #else
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    package init(_ value: Value) {
        self.value = value
        #if os(Windows)
        lock = UnsafeMutablePointer.allocate(capacity: 1)
        InitializeSRWLock(lock)
        #else
        lock = UnsafeMutablePointer.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        #endif
    }

    deinit {
        #if !os(Windows)
        pthread_mutex_destroy(lock)
        lock.deinitialize(count: 1)
        #endif
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        #if os(Windows)
        AcquireSRWLockExclusive(lock)
        defer { ReleaseSRWLockExclusive(lock) }
        #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        #endif
        return try body(&value)
    }

    package var current: Value { withLock { $0 } }

    /// What `ready` reads from the value, waiting for it if there is nothing yet: `park` stores the continuation in
    /// the value for the code that changes the value to resume. Both run in one critical section, so no change falls
    /// between the check and the parking; a ready answer resumes outside the lock.
    package func wait<Result: Sendable>(
        for ready: (Value) -> Result?,
        parking park: (inout Value, CheckedContinuation<Result, Never>) -> Void
    ) async -> Result {
        await withCheckedContinuation { continuation in
            let result = withLock { value -> Result? in
                if let result = ready(value) { return result }
                park(&value, continuation)
                return nil
            }
            if let result { continuation.resume(returning: result) }
        }
    }
}
