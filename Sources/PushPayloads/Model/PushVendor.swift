/// A sender of push notifications, such as ``cordial`` or ``exponea``.
///
/// Vendors are an open set: a decoder for another sender (an in-house service, a fifth vendor) declares its own,
/// `PushVendor(name: "acme")`. Names are stable, lowercase identifiers used in command output and logs.
public struct PushVendor: Hashable, Sendable, PushNamedValue {
    /// The vendor's identifier, such as `cordial`.
    public let name: String

    /// Creates a vendor with a lowercase identifier that no other decoder uses.
    public init(name: String) { self.name = name }

    /// Cordial: top-level `mcID` is a string.
    public static let cordial = PushVendor(name: "cordial")
    /// Exponea (Bloomreach Engagement): top-level `source` is `xnpe_platform`.
    public static let exponea = PushVendor(name: "exponea")
    /// Swrve: top-level `_p` or `_sp` is a non-empty string or a number.
    public static let swrve = PushVendor(name: "swrve")
    /// Atomic: `atomic` is an object with `source` `io.atomic` and typed card and container ids.
    public static let atomic = PushVendor(name: "atomic")
}
