/// A decoder's own typed fields for a push, beyond the vendor-neutral model, encoded in the notification's
/// JSON under ``name`` (use snake_case keys, as the built-in extras do): ``CordialExtras``,
/// ``ExponeaExtras``, ``SwrveExtras``, ``AtomicPushNotification``, or a type of a custom decoder's.
///
/// A decoder stores its extras in ``PushNotification/extras`` (<doc:WritingADecoder>); each vendor gives them a
/// typed accessor over `extras[Type.self]`, such as ``PushNotification/cordial``, and a custom decoder can do the same.
public protocol PushNotificationExtras: Hashable, Sendable, Encodable {
    /// A stable lower-case name for the extras in logs and output, such as `cordial`.
    static var name: String { get }
}
