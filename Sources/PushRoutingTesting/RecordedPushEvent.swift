public import PushPayloads
public import PushRouting

/// One event a ``RecordingPushDelegate`` received: which event, for which notification, the event it came
/// from, and for a tap, the identifier, typed text and resolution.
public struct RecordedPushEvent: Sendable, CustomStringConvertible {
    /// The event.
    public var kind: PushRoutedEvent.Kind
    /// The notification the event was for.
    public var notification: PushNotification
    /// The tap, for `PushRoutedEvent.Kind.tap` events.
    public var tap: PushTap?
    /// The event the notification came from, as the router handed it over.
    public var origin: PushOrigin

    /// Creates a record; `origin` defaults to the tap's, or else to the notification's payload alone.
    public init(
        kind: PushRoutedEvent.Kind,
        notification: PushNotification,
        tap: PushTap? = nil,
        origin: PushOrigin? = nil
    ) {
        self.kind = kind
        self.notification = notification
        self.tap = tap
        self.origin =
            origin ?? tap?.origin
            ?? PushOrigin(payload: PushPayload(document: notification.document, shape: notification.shape))
    }

    /// The vendor of the notification.
    public var vendor: PushVendor? { notification.vendor }

    /// The resolved action, for a tap.
    public var action: PushAction? { tap?.action }

    /// One line, such as `tap exponea: button 1 (open_url)`.
    public var description: String {
        var text = "\(kind) \(vendor?.name ?? "unknown")"
        if let tap { text += ": \(tap.resolution)" }
        return text
    }
}
