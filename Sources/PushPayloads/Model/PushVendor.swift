/// A sender of push notifications, such as ``cordial`` or ``exponea``.
///
/// Vendors are an open set: a decoder for another sender (an in-house service, a fifth vendor) declares its own,
/// `PushVendor(name: "acme")`. Names are stable, lowercase identifiers used in command output and logs.
public struct PushVendor: Hashable, Sendable, PushNamedValue {
    /// The vendor's identifier, such as `cordial`.
    public let name: String

    /// Creates a vendor with a lowercase identifier that no other decoder uses.
    public init(name: String) { self.name = name }
}
