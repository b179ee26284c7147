public import PushPayloads

/// A kind of device a push reaches: an open set, so adding one breaks no one.
public struct PushPlatform: Hashable, Sendable, PushNamedValue {
    /// A stable lower-case name, such as `ios`.
    public let name: String

    /// Creates a platform; use a name no built-in platform uses.
    public init(name: String) { self.name = name }

    /// iOS and Apple's other platforms, through APNs.
    public static let ios = PushPlatform(name: "ios")
    /// Android, through FCM.
    public static let android = PushPlatform(name: "android")
    /// Browsers, through FCM's Web Push.
    public static let web = PushPlatform(name: "web")
}
