public import PushPayloads

/// Handles the pushes of one vendor (or, as the fallback, the pushes no decoder recognises and those of the
/// configuration's fallback vendors), one method per event the platform reports.
///
/// The events mirror the vendors' own entry points: silent delivery (Cordial's `processSilentPushDelivery`, Exponea's
/// `silentPushNotificationReceived(extraData:)`, Swrve's silent listener), foreground delivery (Cordial's
/// `processNotificationDeliveryInForeground`) and tap (Cordial's `processAppOpenViaPushNotificationTap`, Exponea's
/// `pushNotificationOpened(with:value:extraData:)`, Atomic's `notificationFromPushPayload` in `didReceive`, Swrve's
/// engagement).
///
/// Every method has a default that does nothing, so implement only the events you care about:
///
/// ```swift
/// struct SwrveHandler: PushRouterDelegate {
///     func didTapPush(_ tap: PushTap) async throws {
///         if let url = tap.action?.url { await DeepLinks.shared.open(url) }
///     }
/// }
/// ```
///
/// Requirements: the router calls each method once per event, from any task, possibly for several events at once. A
/// method that throws or overruns the router's timeout for the event is cancelled and its answer replaced (see
/// ``PushRouterConfiguration``), so check `Task.isCancelled` in long work.
///
/// A delegate that must still call its vendor's SDK gets the original event, a ``PushOrigin``: silent and foreground
/// deliveries through ``didReceiveSilentPush(_:origin:)`` and ``willPresentPush(_:origin:)``, taps as
/// ``PushTap/origin``. An SDK that calls the completion handler itself is bridged with
/// ``withVendorCompletionHandler(isolation:_:)``, which hands the SDK's answer back as the delegate's.
public protocol PushRouterDelegate: Sendable {
    /// A push arrived in the background (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`), with
    /// the event it came from, for a delegate that hands it on to its vendor's SDK.
    ///
    /// The router reports the event the platform reports: a visible push that also sets `content-available` arrives
    /// here too, with `PushNotification.isSilent` false. The default returns ``PushFetchResult/noData``.
    func didReceiveSilentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushFetchResult

    /// A push arrived while the app is in the foreground (`userNotificationCenter(_:willPresent:…)`), with the event it
    /// came from: how should it be presented? The answer is merged with the presentation observers' answers. The
    /// default returns `[]`: not presented, as the OS does when nobody answers.
    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation

    /// The user tapped the notification or one of its buttons (`userNotificationCenter(_:didReceive:…)`). The default
    /// does nothing.
    func didTapPush(_ tap: PushTap) async throws

    /// The app registered for remote notifications and got its device token
    /// (`application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`), for the vendor SDK that needs it
    /// (Cordial's `processNewPushNotificationToken(deviceToken:)`, Exponea's
    /// `handlePushNotificationToken(deviceToken:)`, Swrve's `setDeviceToken(_:)`, Atomic's
    /// `registerDevice(forNotifications:)`). The router calls it for the vendors in
    /// ``PushRouterConfiguration/deviceTokenVendors``. The default does nothing.
    func didRegisterDeviceToken(_ token: PushDeviceToken) async throws

    /// A push of this vendor reached the app's notification service extension
    /// (`UNNotificationServiceExtension.didReceive(_:withContentHandler:)`). Deliver the content with
    /// ``PushServiceExtensionRequest/deliver(_:)`` (on Apple platforms, `deliver(_: UNNotificationContent)`) before
    /// returning; if the method returns, throws or runs out of time without delivering, the router delivers the
    /// request's original content. The content handler is called exactly once either way. The default delivers nothing,
    /// so the original content is shown.
    ///
    /// The delegate is shared by every request, and requests may overlap: keep a vendor SDK's object for this request in
    /// the request (``PushServiceExtensionRequest/vendorObject(make:)``), not in the delegate.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws

    /// The service extension is about to run out of time (`serviceExtensionTimeWillExpire()`, or the router's
    /// ``PushRouterConfiguration/serviceExtensionTimeout``) before this vendor's
    /// ``didReceiveServiceExtensionRequest(_:)`` delivered: pass it on to the SDK, which delivers its best attempt, or
    /// deliver one here (find this request's vendor object with ``PushServiceExtensionRequest/vendorObject(_:)``).
    /// Synchronous, and called on the thread that calls ``PushServiceExtensionSession/timeWillExpire()``, as the
    /// platform's callback is: a delivery made here reaches the content handler before it returns; then the router
    /// delivers the original content if nothing was delivered, and cancels the request's task. The default does
    /// nothing.
    func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest)
}

extension PushRouterDelegate {
    /// Does nothing.
    public func didTapPush(_ tap: PushTap) async throws {}

    /// Returns ``PushFetchResult/noData``.
    public func didReceiveSilentPush(
        _ notification: PushNotification,
        origin: PushOrigin
    ) async throws -> PushFetchResult {
        .noData
    }

    /// Returns `[]`.
    public func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        []
    }

    /// Does nothing.
    public func didRegisterDeviceToken(_ token: PushDeviceToken) async throws {}

    /// Delivers nothing: the router shows the original content.
    public func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {}

    /// Does nothing.
    public func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {}
}
