/// How to present a push that arrives while the app is in the foreground: the router's answer to the
/// platform, built from the vendor delegate's and the observers' answers.
///
/// The raw values match the bits of `UNNotificationPresentationOptions`, so nothing is lost either way.
/// An empty set means "don't present it", which is also what the OS does when nobody answers.
///
/// ```swift
/// let presentation: PushPresentation = [.banner, .list, .sound]
/// ```
public struct PushPresentation: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The bits, laid out as `UNNotificationPresentationOptions` lays them out.
    public let rawValue: UInt

    /// Creates a presentation from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Update the app icon's badge from the payload.
    public static let badge = PushPresentation(rawValue: 1 << 0)
    /// Play the payload's sound.
    public static let sound = PushPresentation(rawValue: 1 << 1)
    /// Add the notification to Notification Center.
    public static let list = PushPresentation(rawValue: 1 << 3)
    /// Show the notification as a banner.
    public static let banner = PushPresentation(rawValue: 1 << 4)

    /// Banner, list, sound and badge: present the push as if the app were in the background.
    public static let all: PushPresentation = [.banner, .list, .sound, .badge]

    /// The options by name, such as `[banner, sound]`.
    public var description: String {
        let names: [(PushPresentation, String)] = [
            (.banner, "banner"), (.list, "list"), (.sound, "sound"), (.badge, "badge"),
        ]
        var parts = names.filter { contains($0.0) }.map(\.1)
        let unknown = rawValue & ~PushPresentation.all.rawValue
        if unknown != 0 { parts.append("0x" + String(unknown, radix: 16)) }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
