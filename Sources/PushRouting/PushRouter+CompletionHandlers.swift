public import PushPayloads
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
    /// A `userInfo` that JSON can't hold (see `PushPayload.init(userInfo:limits:)`) is no vendor's push and
    /// can't be routed: the router logs it and answers ``PushFetchResult/noData`` at once.
    public func routeSilentDelivery(
        userInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable (PushFetchResult) -> Void
    ) {
        guard let payload = payload(userInfo: userInfo, kind: .silentDelivery) else {
            return completionHandler(.noData)
        }
        routeSilentDelivery(of: payload, completionHandler: completionHandler)
    }

    /// Routes a foreground push delivered as a `userInfo` dictionary and calls `completionHandler` exactly
    /// once; an unreadable `userInfo` is answered `[]` at once.
    public func routeForegroundDelivery(
        userInfo: [AnyHashable: Any],
        completionHandler: @escaping @Sendable (PushPresentation) -> Void
    ) {
        guard let payload = payload(userInfo: userInfo, kind: .foregroundDelivery) else { return completionHandler([]) }
        routeForegroundDelivery(of: payload, completionHandler: completionHandler)
    }

    /// Routes a tap on a push delivered as a `userInfo` dictionary and calls `completionHandler` exactly
    /// once; an unreadable `userInfo` is answered at once.
    public func routeTap(
        userInfo: [AnyHashable: Any],
        actionIdentifier: String = PushTapResolver.defaultActionIdentifier,
        userText: String? = nil,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        guard let payload = payload(userInfo: userInfo, kind: .tap) else { return completionHandler() }
        routeTap(
            on: payload,
            actionIdentifier: actionIdentifier,
            userText: userText,
            completionHandler: completionHandler
        )
    }

    #if compiler(>=6.2)
    /// Routes a silent push delivered as a `userInfo` dictionary and returns the result for the platform,
    /// for `application(_:didReceiveRemoteNotification:) async -> UIBackgroundFetchResult`.
    ///
    /// It runs on the caller's actor until the dictionary is converted, so a main-actor app delegate can
    /// pass its non-`Sendable` `userInfo`. An unreadable `userInfo` gives ``PushFetchResult/noData``.
    nonisolated(nonsending)
        public func routeSilentDelivery(userInfo: [AnyHashable: Any]) async -> PushFetchResult
    {
        guard let payload = payload(userInfo: userInfo, kind: .silentDelivery) else { return .noData }
        return await routeSilentDelivery(of: payload).fetchResult ?? .failed
    }
    #endif

    /// Converts `userInfo`, or logs why it can't.
    func payload(userInfo: [AnyHashable: Any], kind: PushRoutedEvent.Kind) -> PushPayload? {
        do {
            return try PushPayload(userInfo: userInfo, limits: configuration.payloadLimits)
        } catch {
            configuration.logger.debug(
                "Can't route a push whose userInfo is not JSON",
                metadata: ["push.event": "\(kind)", "push.error": "\(error)"]
            )
            return nil
        }
    }
}
