public import PushPayloads

/// A tap on a notification or one of its buttons, as the router hands it to a delegate: the normalised notification,
/// what the OS reported, what that points at, and the event it came from.
///
/// A delegate that forwards the tap to its vendor's SDK must not open the target too when ``vendorSDKOpensTarget`` is
/// true: the SDK opens it (see ``PushRouterConfiguration/standardVendorsOpeningTapTargets``; Cordial's through the
/// deep-link delegate the app sets), and opening it again shows it twice (and, for Cordial, loses the revenue
/// attribution the SDK records when it opens the link).
///
/// ```swift
/// func didTapPush(_ tap: PushTap) async throws {
///     guard !tap.vendorSDKIgnoresPush else { return open(tap.action) }  // the SDK would do nothing
///     try await withVendorCompletionHandler { done in
///         CordialPushNotificationHandler().processAppOpenViaPushNotificationTap(
///             userInfo: tap.origin.userInfo, completionHandler: { done(()) })
///     }
///     if !tap.vendorSDKOpensTarget { open(tap.action) }
/// }
/// ```
public struct PushTap: Sendable {
    /// The notification that was tapped.
    public var notification: PushNotification
    /// The action identifier the OS reported, unchanged (``PushTapResolver/defaultActionIdentifier`` for a tap on the
    /// notification itself).
    public var actionIdentifier: String
    /// The text the user typed, for a text-input action.
    public var userText: String?
    /// What ``actionIdentifier`` points at in the payload.
    public var resolution: PushTapResolution
    /// The event the tap came from: its `userInfo`, and on Apple platforms the `UNNotificationResponse`.
    public var origin: PushOrigin
    /// Whether the vendor's SDK opens the tap's target itself when the tap is forwarded to it (see
    /// ``opensTarget(resolution:notification:vendorsOpeningTargets:)``); the router asks with
    /// ``PushRouterConfiguration/vendorsOpeningTapTargets``.
    public var vendorSDKOpensTarget: Bool

    /// Creates a tap.
    ///
    /// - Parameters:
    ///   - notification: The tapped push, decoded.
    ///   - actionIdentifier: The identifier the system reported: a button's, or the default or dismiss action's.
    ///   - userText: The text the user typed, for a text-input action.
    ///   - resolution: What `actionIdentifier` points at in the payload.
    ///   - origin: The event the tap came from; by default, the notification's payload alone.
    ///   - vendorSDKOpensTarget: Whether the vendor's SDK opens the target itself; by default, by
    ///     ``opensTarget(resolution:notification:vendorsOpeningTargets:)`` with the standard set.
    public init(
        notification: PushNotification,
        actionIdentifier: String,
        userText: String? = nil,
        resolution: PushTapResolution,
        origin: PushOrigin? = nil,
        vendorSDKOpensTarget: Bool? = nil
    ) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.resolution = resolution
        self.origin =
            origin ?? PushOrigin(payload: PushPayload(document: notification.document, shape: notification.shape))
        self.vendorSDKOpensTarget =
            vendorSDKOpensTarget
            ?? Self.opensTarget(
                resolution: resolution,
                notification: notification,
                vendorsOpeningTargets: PushRouterConfiguration.standardVendorsOpeningTapTargets
            )
    }

    /// Creates a tap, resolving `actionIdentifier` with ``PushTapResolver``.
    public init(notification: PushNotification, actionIdentifier: String, userText: String? = nil) {
        self.init(
            notification: notification,
            actionIdentifier: actionIdentifier,
            userText: userText,
            resolution: PushTapResolver().resolve(actionIdentifier: actionIdentifier, for: notification)
        )
    }

    /// What the tap does (see ``PushTapResolution/action``): `nil` when there is nothing to open.
    public var action: PushAction? { resolution.action }

    /// Whether the vendor's SDK would ignore this push if the tap were forwarded to it (see
    /// `PushNotification.vendorSDKIgnoresPush`).
    public var vendorSDKIgnoresPush: Bool { notification.vendorSDKIgnoresPush }

    /// Whether a vendor's SDK, given the tap, opens its target itself: the vendor is one of `vendorsOpeningTargets`,
    /// its SDK claims the push, and the tap resolves to a deep link, a URL or a campaign (a dismissal, "open the app",
    /// a carousel step and an unresolved identifier open nothing).
    public static func opensTarget(
        resolution: PushTapResolution,
        notification: PushNotification,
        vendorsOpeningTargets: Set<PushVendor>
    ) -> Bool {
        guard let vendor = notification.vendor, vendorsOpeningTargets.contains(vendor),
            !notification.vendorSDKIgnoresPush
        else { return false }
        // Only a main action or a button has one of these kinds (a card's is `openCard`, a dismissal's `dismiss`).
        guard let kind = resolution.action?.kind else { return false }
        return kind == .deepLink || kind == .openURL || kind == .openCampaign
    }
}

extension PushNotification {
    /// Whether the vendor's own SDK would ignore this push although its decoder recognised it: the rule that matched is
    /// not one the SDK's entry point applies (`PushMarker.isEntryPointRule` is false), as for Cordial's 2020
    /// attribution layout, which `isCordialMessage(userInfo:)` rejects, so Cordial's `process…` calls do nothing with
    /// it (and never call their completion handlers). A delegate handles such a push itself rather than forwarding it.
    /// False for pushes no decoder recognised.
    public var vendorSDKIgnoresPush: Bool {
        guard vendor != nil, let marker else { return false }
        return !marker.isEntryPointRule
    }
}
