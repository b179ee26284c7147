/// How much a finding matters. The set is closed: a push is rejected, probably not what was meant, or worth knowing.
public enum PushSeverity: String, Hashable, Sendable, Comparable, CaseIterable, Encodable {
    /// Worth knowing: a default, a deprecation, a convention.
    case info
    /// Accepted, but probably not what the sender meant: dropped, ignored, overwritten, or read
    /// differently by a vendor's SDK or on another platform.
    case warning
    /// Rejected by APNs or FCM, or never claimed by the vendor's SDK it is meant for.
    case error

    /// `info` < `warning` < `error`.
    public static func < (lhs: PushSeverity, rhs: PushSeverity) -> Bool {
        lhs.rank < rhs.rank
    }

    /// The order of the cases, without building ``allCases`` for every comparison.
    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }
}
