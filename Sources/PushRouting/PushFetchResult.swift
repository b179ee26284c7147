/// The result of handling a silent (background) push, as the platform's completion handler wants it.
///
/// It mirrors `UIBackgroundFetchResult`, a set that is closed by design: the OS uses it to budget the
/// app's background time.
public enum PushFetchResult: String, Hashable, Sendable, CustomStringConvertible {
    /// New data was downloaded.
    case newData = "new_data"
    /// There was nothing new.
    case noData = "no_data"
    /// Handling failed (the router also answers this when a delegate throws or overruns its timeout).
    case failed

    /// `new_data`, `no_data` or `failed`.
    public var description: String { rawValue }
}
