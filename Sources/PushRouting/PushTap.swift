public import PushPayloads

/// A tap on a notification or one of its buttons, as the router hands it to a delegate: the normalised
/// notification, what the OS reported, and what that points at.
public struct PushTap: Sendable {
    /// The notification that was tapped.
    public var notification: PushNotification
    /// The action identifier the OS reported, unchanged (``PushTapResolver/defaultActionIdentifier`` for a
    /// tap on the notification itself).
    public var actionIdentifier: String
    /// The text the user typed, for a text-input action.
    public var userText: String?
    /// What ``actionIdentifier`` points at in the payload.
    public var resolution: PushTapResolution

    /// Creates a tap.
    public init(
        notification: PushNotification,
        actionIdentifier: String,
        userText: String? = nil,
        resolution: PushTapResolution
    ) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
        self.resolution = resolution
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
}
