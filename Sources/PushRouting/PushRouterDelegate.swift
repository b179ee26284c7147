public import PushPayloads

/// Handles the pushes of one vendor (or, as the fallback, the pushes no decoder recognises and those of
/// the configuration's fallback vendors), one method per event the platform reports.
///
/// The events mirror the vendors' own entry points: silent delivery (Cordial's
/// `processSilentPushDelivery`, Exponea's `silentPushNotificationReceived(extraData:)`, Swrve's silent
/// listener), foreground delivery (Cordial's `processNotificationDeliveryInForeground`) and tap
/// (Cordial's `processAppOpenViaPushNotificationTap`, Exponea's `pushNotificationOpened(with:value:extraData:)`,
/// Atomic's `notificationFromPushPayload` in `didReceive`, Swrve's engagement).
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
/// Requirements: the router calls each method once per event, from any task, possibly for several events
/// at once. A method that throws or overruns the router's timeout for the event is cancelled and its
/// answer replaced (see ``PushRouterConfiguration``), so check `Task.isCancelled` in long work.
public protocol PushRouterDelegate: Sendable {
    /// A push arrived in the background (`application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`).
    ///
    /// The router reports the event the platform reports: a visible push that also sets
    /// `content-available` arrives here too, with `PushNotification.isSilent` false.
    /// The default returns ``PushFetchResult/noData``.
    func didReceiveSilentPush(_ notification: PushNotification) async throws -> PushFetchResult

    /// A push arrived while the app is in the foreground (`userNotificationCenter(_:willPresent:…)`): how
    /// should it be presented? The answer is merged with the presentation observers' answers.
    /// The default returns `[]`: not presented, as the OS does when nobody answers.
    func willPresentPush(_ notification: PushNotification) async throws -> PushPresentation

    /// The user tapped the notification or one of its buttons (`userNotificationCenter(_:didReceive:…)`).
    /// The default does nothing.
    func didTapPush(_ tap: PushTap) async throws
}

extension PushRouterDelegate {
    /// Returns ``PushFetchResult/noData``.
    public func didReceiveSilentPush(_ notification: PushNotification) async throws -> PushFetchResult { .noData }

    /// Returns `[]`.
    public func willPresentPush(_ notification: PushNotification) async throws -> PushPresentation { [] }

    /// Does nothing.
    public func didTapPush(_ tap: PushTap) async throws {}
}
