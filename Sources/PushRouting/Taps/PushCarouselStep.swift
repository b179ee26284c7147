/// A step through a Cordial carousel, as its content extension's buttons request it.
///
/// Cordial registers the action identifiers `carouselNotificationCategory.next` and
/// `carouselNotificationCategory.previous`; the router matches the `.next` and `.previous` suffixes.
/// The set is closed by design: a carousel goes forward or back.
public enum PushCarouselStep: String, Hashable, Sendable, CustomStringConvertible {
    /// Show the next item.
    case next
    /// Show the previous item.
    case previous

    /// `next` or `previous`.
    public var description: String { rawValue }
}
