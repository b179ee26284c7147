import PushPayloads

/// Runs a vendor SDK call that answers through a completion handler it calls itself, and returns the SDK's
/// answer, for delegates whose SDK wants the platform's completion handler (Cordial's
/// `processNotificationDeliveryInForeground(userInfo:completionHandler:)` and
/// `processAppOpenViaPushNotificationTap(userInfo:completionHandler:)`, Swrve's
/// `didReceiveRemoteNotification(_:withBackgroundCompletionHandler:)`).
///
/// The router owns the platform's completion handler and calls it exactly once, with the delegate's
/// answer. Give the SDK the handler `body` receives instead: the delegate then returns the SDK's answer,
/// and the router passes it on.
///
/// ```swift
/// func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
///     guard !notification.vendorSDKIgnoresPush else { return [.banner, .list] }  // it would never answer
///     let options = try await withVendorCompletionHandler { done in
///         CordialPushNotificationHandler().processNotificationDeliveryInForeground(
///             userInfo: origin.userInfo, completionHandler: done)
///     }
///     return PushPresentation(options)
/// }
/// ```
///
/// - The first call of the handler answers; the SDK may call it from any thread, before or after `body`
///   returns. Later calls are ignored, so an SDK that calls it twice cannot make the router answer twice.
/// - It never hangs the router: when the router's timeout for the event runs out (or the routing task is
///   cancelled), this throws `CancellationError` at once, even if the SDK never calls the handler, and the
///   router answers the platform itself. An SDK that ignores the push never calls its handler, so check
///   `PushNotification.vendorSDKIgnoresPush` first rather than wait for the timeout.
/// - If `body` throws before the handler is called, this throws the same error.
/// - `body` runs at once, on the caller's actor (`isolation`): a `@MainActor` delegate method calls its
///   SDK on the main thread.
public func withVendorCompletionHandler<Answer: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (@escaping @Sendable (Answer) -> Void) throws -> Void
) async throws -> Answer {
    let gate = VendorAnswerGate<Answer>()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
            gate.wait(continuation)
            do {
                try body { answer in gate.settle(.success(answer)) }
            } catch {
                gate.settle(.failure(error))
            }
        }
    } onCancel: {
        gate.settle(.failure(CancellationError()))
    }
}

/// The first of the SDK's answer, `body`'s error and cancellation resumes the waiter; the rest are ignored.
final class VendorAnswerGate<Answer: Sendable>: Sendable {
    private struct State: Sendable {
        var result: Result<Answer, any Error>?
        var continuation: CheckedContinuation<Answer, any Error>?
        var calls = 0
    }

    private let state = LockedValue(State())

    /// How many times anyone tried to settle the gate (the SDK's handler calls included).
    var attempts: Int { state.withLock { $0.calls } }

    func wait(_ continuation: CheckedContinuation<Answer, any Error>) {
        let result = state.withLock { state -> Result<Answer, any Error>? in
            if let result = state.result { return result }
            state.continuation = continuation
            return nil
        }
        if let result { continuation.resume(with: result) }
    }

    func settle(_ result: Result<Answer, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Answer, any Error>? in
            state.calls += 1
            guard case .none = state.result else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        // Resumed outside the lock: resuming can run arbitrary code.
        continuation?.resume(with: result)
    }
}
