/// The result of handling a silent (background) push, as the platform's completion handler wants it.
///
/// It mirrors `UIBackgroundFetchResult`, a set that is closed by design: the OS uses it to budget the
/// app's background time.
public enum PushFetchResult: Hashable, Sendable, CustomStringConvertible {
    /// New data was downloaded.
    case newData
    /// There was nothing new.
    case noData
    /// Handling failed (the router also answers this when a delegate throws or overruns its timeout).
    case failed

    /// `new_data`, `no_data` or `failed`.
    public var description: String {
        switch self {
        case .newData: return "new_data"
        case .noData: return "no_data"
        case .failed: return "failed"
        }
    }
}
