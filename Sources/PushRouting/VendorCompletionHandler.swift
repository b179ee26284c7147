import PushPayloads

/// Runs a vendor SDK call that answers through a completion handler it calls itself, and returns the SDK's answer, for
/// delegates whose SDK wants the platform's completion handler (Cordial's
/// `processNotificationDeliveryInForeground(userInfo:completionHandler:)` and
/// `processAppOpenViaPushNotificationTap(userInfo:completionHandler:)`, Swrve's
/// `didReceiveRemoteNotification(_:withBackgroundCompletionHandler:)`).
///
/// The router owns the platform's completion handler and calls it exactly once, with the delegate's answer. Give the
/// SDK the handler `body` receives instead: the delegate then returns the SDK's answer, and the router passes it on.
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
/// - The first call of the handler answers; the SDK may call it from any thread, before or after `body` returns. Later
///   calls are ignored, so an SDK that calls it twice cannot make the router answer twice.
/// - It never hangs the router: when the router's timeout for the event runs out (or the routing task is cancelled),
///   this throws `CancellationError` at once, even if the SDK never calls the handler, and the router answers the
///   platform itself. An SDK that ignores the push never calls its handler, so check
///   `PushNotification.vendorSDKIgnoresPush` first rather than wait for the timeout.
/// - If `body` throws before the handler is called, this throws the same error.
/// - `body` runs at once, on the caller's actor (`isolation`): a `@MainActor` delegate method calls its SDK on the main
///   thread.
public func withVendorCompletionHandler<Answer: Sendable>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (@escaping @Sendable (Answer) -> Void) throws -> Void
) async throws -> Answer {
    let gate = OnceGate<Answer>()
    let settlement = await withTaskCancellationHandler {
        do {
            try body { answer in gate.settle(.answered(answer)) }
        } catch {
            gate.settle(.failed(error))
        }
        return await gate.wait()
    } onCancel: {
        gate.settle(.cancelled)
    }
    switch settlement {
    case .answered(let answer): return answer
    case .failed(let error): throw error
    case .cancelled, .timedOut: throw CancellationError()
    }
}
