/// A decoder's own typed fields for a push, beyond the vendor-neutral model, encoded in the notification's
/// JSON under ``name`` (use snake_case keys, as the built-in extras do): ``CordialExtras``,
/// ``ExponeaExtras``, ``SwrveExtras``, ``AtomicPushNotification``, or a type of a custom decoder's.
///
/// A decoder stores its extras in ``PushNotification/extras``; each vendor gives them a typed accessor,
/// such as ``PushNotification/cordial``, and a custom decoder can do the same:
///
/// ```swift
/// struct AcmeExtras: PushNotificationExtras {
///     static let name = "acme"
///     var campaign: String
/// }
///
/// extension PushNotification {
///     var acme: AcmeExtras? {
///         get { extras[AcmeExtras.self] }
///         set { extras[AcmeExtras.self] = newValue }
///     }
/// }
/// ```
public protocol PushNotificationExtras: Hashable, Sendable, Encodable {
    /// A stable lower-case name for the extras in logs and output, such as `cordial`.
    static var name: String { get }
}
