/// The APNs `interruption-level`: how urgently the system presents the notification.
public struct PushInterruptionLevel: Hashable, Sendable, PushNamedValue {
    /// The value as sent, such as `time-sensitive`.
    public let name: String

    /// Creates a level from the payload's value.
    public init(name: String) { self.name = name }

    /// Added to the list without lighting the screen or playing a sound.
    public static let passive = PushInterruptionLevel(name: "passive")
    /// The default: presented immediately.
    public static let active = PushInterruptionLevel(name: "active")
    /// Breaks through Focus.
    public static let timeSensitive = PushInterruptionLevel(name: "time-sensitive")
    /// Breaks through Focus and the mute switch; needs an entitlement.
    public static let critical = PushInterruptionLevel(name: "critical")
}
