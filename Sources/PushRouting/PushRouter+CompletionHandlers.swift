public import PushPayloads
import PushPayloadsFoundation
import Logging

// Entry points for callbacks that hand in a completion handler, or a `userInfo` dictionary, rather than
// awaiting: app delegates, Objective-C bridges, notification service extensions.
extension PushRouter {
    /// Routes a silent push (see ``routeSilentDelivery(of:)``) and calls `completionHandler` exactly once
    /// with the result for the platform, at the latest when the silent-delivery timeout runs out.
    public func routeSilentDelivery(
        of payload: PushPayload,
        completionHandler: @escaping @Sendable (PushFetchResult) -> Void
    ) {
        Task { completionHandler(await routeSilentDelivery(of: payload).fetchResult ?? .failed) }
    }

    /// Routes a foreground push (see ``routeForegroundDelivery(of:)``) and calls `completionHandler`
    /// exactly once with the presentation, at the latest when the foreground-delivery timeout runs out.
    public func routeForegroundDelivery(
        of payload: PushPayload,
        completionHandler: @escaping @Sendable (PushPresentation) -> Void
    ) {
        Task { completionHandler(await routeForegroundDelivery(of: payload).presentation) }
    }

    /// Routes a tap (see ``routeTap(on:actionIdentifier:userText:)``) and calls `completionHandler`
    /// exactly once, at the latest when the tap timeout runs out.
    public func routeTap(
        on payload: PushPayload,
        actionIdentifier: String = PushTapResolver.defaultActionIdentifier,
        userText: String? = nil,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        Task {
            await routeTap(on: payload, actionIdentifier: actionIdentifier, userText: userText)
            completionHandler()
        }
    }

    /// Routes a silent push delivered as a `userInfo` dictionary
    /// (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`) and calls `completionHandler`
    /// exactly once.
    ///
    /// A `userInfo` that JSON can't fully hold (an app's own local notification carrying a `Date`, say) is
    /// no remote push: it goes to the fallback delegate with what could be read of it (see
    /// ``PushRoutedEvent/unrepresentableValues``), never to a vendor's delegate, and is never dropped.
    public func routeSilentDelivery(
        userInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable (PushFetchResult) -> Void
    ) {
        let input = input(userInfo: userInfo)
        Task { completionHandler(await routeSilentDelivery(of: input).fetchResult ?? .failed) }
    }

    /// Routes a foreground push delivered as a `userInfo` dictionary and calls `completionHandler` exactly
    /// once; a `userInfo` JSON can't hold goes to the fallback delegate, as for silent delivery.
    public func routeForegroundDelivery(
        userInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable (PushPresentation) -> Void
    ) {
        let input = input(userInfo: userInfo)
        Task { completionHandler(await routeForegroundDelivery(of: input).presentation) }
    }

    /// Routes a tap on a push delivered as a `userInfo` dictionary and calls `completionHandler` exactly
    /// once; a `userInfo` JSON can't hold goes to the fallback delegate, as for silent delivery.
    public func routeTap(
        userInfo: [AnyHashable: Any],
        actionIdentifier: String = PushTapResolver.defaultActionIdentifier,
        userText: String? = nil,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        let input = input(userInfo: userInfo)
        Task {
            _ = await routeTap(on: input, actionIdentifier: actionIdentifier, userText: userText)
            completionHandler()
        }
    }

    /// Routes a silent push delivered as a `userInfo` dictionary and returns the result for the platform,
    /// for `application(_:didReceiveRemoteNotification:) async -> UIBackgroundFetchResult`.
    ///
    /// It runs on the caller's actor (`isolation`, the caller's by default) until the dictionary is
    /// converted, so a main-actor app delegate can pass its non-`Sendable` `userInfo`. A `userInfo` JSON
    /// can't hold goes to the fallback delegate, as for the completion-handler variant.
    public func routeSilentDelivery(
        userInfo: [AnyHashable: Any],
        isolation: isolated (any Actor)? = #isolation
    ) async -> PushFetchResult {
        let input = input(userInfo: userInfo)
        return await routeSilentDelivery(of: input).fetchResult ?? .failed
    }

    /// Converts `userInfo`: strictly when it is JSON, otherwise what can be read of it.
    func input(userInfo: [AnyHashable: Any]) -> RoutingInput {
        if let payload = try? PushPayload(userInfo: userInfo, limits: configuration.payloadLimits) {
            return RoutingInput(payload)
        }
        let (payload, unrepresentable) = PushPayload.readable(userInfo: userInfo, limits: configuration.payloadLimits)
        return RoutingInput(payload, unrepresentable: unrepresentable)
    }
}
