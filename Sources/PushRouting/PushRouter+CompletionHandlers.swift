public import PushPayloads
import PushPayloadsFoundation

// Entry points for callbacks that hand in a completion handler, or a `userInfo` dictionary, rather than awaiting: app
// delegates, Objective-C bridges, notification service extensions.
//
// The handlers need not be `@Sendable`: SDKs before iOS 18 import UserNotifications' and UIKit's completion handlers
// without it, and Swift 6 refuses to pass such a closure where `@Sendable` is required. Each method takes the caller's
// isolation instead (`#isolation` by default) and calls the handler there, exactly once.
extension PushRouter {
    /// Routes a silent push (see ``routeSilentDelivery(of:)``) and calls `completionHandler` exactly once, on the
    /// caller's actor, with the result for the platform, at the latest when the silent-delivery timeout runs out.
    public func routeSilentDelivery(
        of payload: PushPayload,
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping (PushFetchResult) -> Void
    ) {
        complete(isolation, completionHandler) { await routeSilentDelivery(of: payload).fetchResult ?? .failed }
    }

    /// Routes a foreground push (see ``routeForegroundDelivery(of:)``) and calls `completionHandler` exactly once, on
    /// the caller's actor, with the presentation, at the latest when the foreground-delivery timeout runs out.
    public func routeForegroundDelivery(
        of payload: PushPayload,
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping (PushPresentation) -> Void
    ) {
        complete(isolation, completionHandler) { await routeForegroundDelivery(of: payload).presentation }
    }

    /// Routes a tap (see ``routeTap(on:actionIdentifier:userText:)``) and calls `completionHandler` exactly once, on
    /// the caller's actor, at the latest when the tap timeout runs out.
    public func routeTap(
        on payload: PushPayload,
        actionIdentifier: String = PushTapResolver.defaultActionIdentifier,
        userText: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping () -> Void
    ) {
        tap(RoutingInput(payload: payload), actionIdentifier, userText, isolation, completionHandler)
    }

    /// Routes a silent push delivered as a `userInfo` dictionary
    /// (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`) and calls `completionHandler` exactly
    /// once, on the caller's actor. A `userInfo` that JSON can't fully hold (an app's own local notification carrying a
    /// `Date`, say) goes to the fallback delegate (see ``PushRoutedEvent/unrepresentableValues``).
    public func routeSilentDelivery(
        userInfo: [AnyHashable: Any],
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping (PushFetchResult) -> Void
    ) {
        let input = input(userInfo: userInfo)
        complete(isolation, completionHandler) { await routeSilentDelivery(of: input).fetchResult ?? .failed }
    }

    /// Routes a foreground push delivered as a `userInfo` dictionary and calls `completionHandler` exactly once, on the
    /// caller's actor; a `userInfo` JSON can't hold goes to the fallback delegate, as for silent delivery.
    public func routeForegroundDelivery(
        userInfo: [AnyHashable: Any],
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping (PushPresentation) -> Void
    ) {
        let input = input(userInfo: userInfo)
        complete(isolation, completionHandler) { await routeForegroundDelivery(of: input).presentation }
    }

    /// Routes a tap on a push delivered as a `userInfo` dictionary and calls `completionHandler` exactly once, on the
    /// caller's actor; a `userInfo` JSON can't hold goes to the fallback delegate, as for silent delivery.
    public func routeTap(
        userInfo: [AnyHashable: Any],
        actionIdentifier: String = PushTapResolver.defaultActionIdentifier,
        userText: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping () -> Void
    ) {
        tap(input(userInfo: userInfo), actionIdentifier, userText, isolation, completionHandler)
    }

    /// Routes a silent push delivered as a `userInfo` dictionary and returns the result for the platform, for
    /// `application(_:didReceiveRemoteNotification:) async -> UIBackgroundFetchResult`.
    ///
    /// It runs on the caller's actor (`isolation`, the caller's by default) until the dictionary is converted, so a
    /// main-actor app delegate can pass its non-`Sendable` `userInfo`. A `userInfo` JSON can't hold goes to the
    /// fallback delegate, as for the completion-handler variant.
    public func routeSilentDelivery(
        userInfo: [AnyHashable: Any],
        isolation: isolated (any Actor)? = #isolation
    ) async -> PushFetchResult {
        let input = input(userInfo: userInfo)
        return await routeSilentDelivery(of: input).fetchResult ?? .failed
    }

    /// Converts `userInfo`: strictly when it is JSON, otherwise what can be read of it. `platformObject` is the Apple
    /// object the dictionary was read from, handed to the delegate with it.
    func input(userInfo: [AnyHashable: Any], platformObject: AnyObject? = nil) -> RoutingInput {
        let object = platformObject.map(PlatformObject.init)
        if let payload = try? PushPayload(userInfo: userInfo, limits: configuration.payloadLimits) {
            return RoutingInput(payload: payload, platformObject: object)
        }
        let (payload, unrepresentable) = PushPayload.readable(userInfo: userInfo, limits: configuration.payloadLimits)
        return RoutingInput(payload: payload, unrepresentable: unrepresentable, platformObject: object)
    }

    /// Calls `handler` with what `route` returns. The task captures `isolation`, so it runs on the caller's actor,
    /// where the handler may be called.
    func complete<Result: Sendable>(
        _ isolation: isolated (any Actor)?,
        _ handler: @escaping (Result) -> Void,
        with route: @escaping @Sendable () async -> Result
    ) {
        Task {
            _ = isolation
            handler(await route())
        }
    }

    func tap(
        _ input: RoutingInput,
        _ actionIdentifier: String,
        _ userText: String?,
        _ isolation: isolated (any Actor)?,
        _ completionHandler: @escaping () -> Void
    ) {
        complete(isolation, completionHandler) {
            _ = await routeTap(on: input, actionIdentifier: actionIdentifier, userText: userText)
        }
    }
}
