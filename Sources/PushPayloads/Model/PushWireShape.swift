/// How a payload reached the device: the two transports have different JSON shapes.
public enum PushWireShape: String, Hashable, Sendable, CustomStringConvertible {
    /// An APNs payload: nested JSON, usually with an `aps` dictionary.
    case apns
    /// An FCM data message: a flat map of strings, nested values JSON-encoded as strings.
    case fcm

    /// `apns` or `fcm`.
    public var description: String { rawValue }
}
