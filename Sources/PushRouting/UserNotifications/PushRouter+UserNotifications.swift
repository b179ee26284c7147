// The adapter for Apple's notification types: it maps them to the router's inputs and the router's answers back, and
// attaches the object it was handed to the event (see `PushOrigin` for why these immutable objects may cross to the
// delegate). The async forms run on the caller's actor (`isolation`, the caller's by default) until the object is read,
// so a main-actor delegate can pass it. tvOS has no notification responses or banners, so it is left out.
#if canImport(UserNotifications) && !os(tvOS)
public import PushPayloads
import PushPayloadsFoundation
public import UserNotifications

extension PushPayload {
    /// The payload of a delivered notification (its `request.content.userInfo`).
    public init(notification: UNNotification, limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        try self.init(userInfo: notification.request.content.userInfo, limits: limits)
    }
}

@available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
extension PushPresentation {
    /// The same options, as `UNNotificationPresentationOptions`. The bits are Apple's (see `PushPresentation`), so both
    /// ways are a mask that drops unknown bits and `alert`.
    public var notificationPresentationOptions: UNNotificationPresentationOptions {
        UNNotificationPresentationOptions(rawValue: rawValue & Self.all.rawValue)
    }

    /// The presentation `options` ask for (the deprecated `alert` option is not read).
    public init(_ options: UNNotificationPresentationOptions) {
        self.init(rawValue: options.rawValue & Self.all.rawValue)
    }
}

@available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
extension PushRouter {
    /// Routes a foreground push for `userNotificationCenter(_:willPresent:withCompletionHandler:)` and calls
    /// `completionHandler` exactly once, on the caller's actor, with the merged presentation.
    public func routeForegroundDelivery(
        of notification: UNNotification,
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        let input = input(userInfo: notification.request.content.userInfo, platformObject: notification)
        complete(isolation, completionHandler) {
            await routeForegroundDelivery(of: input).presentation.notificationPresentationOptions
        }
    }

    /// Routes a tap for `userNotificationCenter(_:didReceive:withCompletionHandler:)`, with the response's action
    /// identifier and typed text, and calls `completionHandler` exactly once, on the caller's actor.
    public func routeTap(
        _ response: UNNotificationResponse,
        isolation: isolated (any Actor)? = #isolation,
        completionHandler: @escaping () -> Void
    ) {
        let input = input(userInfo: response.notification.request.content.userInfo, platformObject: response)
        let userText = (response as? UNTextInputNotificationResponse)?.userText
        tap(input, response.actionIdentifier, userText, isolation, completionHandler)
    }

    /// Routes a foreground push for `userNotificationCenter(_:willPresent:) async` and returns the merged presentation.
    public func presentationOptions(
        for notification: UNNotification,
        isolation: isolated (any Actor)? = #isolation
    ) async -> UNNotificationPresentationOptions {
        let input = input(userInfo: notification.request.content.userInfo, platformObject: notification)
        return await routeForegroundDelivery(of: input).presentation.notificationPresentationOptions
    }

    /// Routes a tap for `userNotificationCenter(_:didReceive:) async`.
    @discardableResult
    public func routeTap(
        _ response: UNNotificationResponse,
        isolation: isolated (any Actor)? = #isolation
    ) async -> PushRoutedEvent {
        let input = input(userInfo: response.notification.request.content.userInfo, platformObject: response)
        let actionIdentifier = response.actionIdentifier
        let userText = (response as? UNTextInputNotificationResponse)?.userText
        return await routeTap(on: input, actionIdentifier: actionIdentifier, userText: userText)
    }
}

@available(iOS 14.0, macOS 11.0, watchOS 7.0, *)
extension PushRouter {
    /// Routes a request that reached the app's notification service extension
    /// (`UNNotificationServiceExtension.didReceive(_:withContentHandler:)`) to its owner's delegate, and calls
    /// `contentHandler` exactly once: with the content the delegate delivered, or with `request.content` when it
    /// delivered nothing in time (see ``routeServiceExtensionRequest(on:contentHandler:)``). Keep the session and call
    /// its ``PushServiceExtensionSession/timeWillExpire()`` from `serviceExtensionTimeWillExpire()`: the best attempt,
    /// or the original content, is handed to `contentHandler` before that returns.
    ///
    /// `contentHandler` is called on the thread that delivers, as the system's handler may be; pass the handler the
    /// system gave, not a closure that must run on an actor.
    @discardableResult
    public func routeServiceExtensionRequest(
        _ request: UNNotificationRequest,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) -> PushServiceExtensionSession {
        let original = request.content
        let handler = ContentHandler { contentHandler($0.platformObject(as: UNNotificationContent.self) ?? original) }
        return routeServiceExtensionRequest(input(userInfo: request.content.userInfo, platformObject: request), handler)
    }

    /// Whether `expected` is still `center`'s delegate. A vendor SDK that sets the delegate after the app did (Swrve's,
    /// when its push support is on, at its initialisation; Cordial's with `pushesConfiguration = .SDK`) takes every
    /// foreground push and tap away from the router without an error. Call this once every SDK is initialised (and in a
    /// debug build, assert on it); when the delegate moved, the router logs at `info` which class holds it.
    @discardableResult
    public func verifyNotificationCenterDelegate(
        _ expected: any UNUserNotificationCenterDelegate,
        of center: UNUserNotificationCenter = .current()
    ) -> Bool {
        verifyDelegate(center.delegate, is: expected, slot: "UNUserNotificationCenter.delegate")
    }
}

extension PushOrigin {
    /// The notification the event came from: the one a foreground delivery was handed, or a tapped response's.
    public var notification: UNNotification? {
        platformObject(as: UNNotification.self) ?? response?.notification
    }

    /// The response a tap came from (`userNotificationCenter(_:didReceive:…)`), for the SDK calls that take it (Swrve's
    /// `processNotificationResponse(_:)`, Exponea's `handlePushNotificationOpened(response:)`).
    public var response: UNNotificationResponse? { platformObject(as: UNNotificationResponse.self) }

    /// The request the event came from: a service extension's, or the notification's.
    public var request: UNNotificationRequest? {
        platformObject(as: UNNotificationRequest.self) ?? notification?.request
    }
}

extension PushServiceExtensionRequest {
    /// Hands `content` to the extension's content handler, unless something was delivered already; returns whether this
    /// call delivered. `sending`: the delegate gives the content up, so the mutable content it built in its own task
    /// crosses to the platform's handler without a race.
    @discardableResult
    public func deliver(_ content: sending UNNotificationContent) -> Bool {
        deliver(PushServiceExtensionContent(content))
    }

    /// A content handler for the vendor SDK call that takes one (Exponea's
    /// `ExponeaNotificationService.process(request:contentHandler:)`, Swrve's
    /// `SwrvePush.handle(_:withAppGroupIdentifier:withCompletedContentCallback:)`): the first call delivers.
    ///
    /// The content an SDK passes to a content handler is handed over with the call, as to the platform's own handler
    /// (the SDK neither keeps nor changes it afterwards), so it crosses to the platform's handler as delivered content
    /// does.
    public var contentHandler: @Sendable (UNNotificationContent) -> Void {
        { content in _ = deliver(PushServiceExtensionContent(object: PlatformObject(content))) }
    }
}
#endif
