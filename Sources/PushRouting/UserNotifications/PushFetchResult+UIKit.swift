// UIKit's answer type for background pushes; the mapping is all there is, so it is kept this thin.
#if canImport(UIKit) && !os(watchOS)
public import UIKit

extension PushFetchResult {
    /// The same result, as `UIBackgroundFetchResult`, for
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    public var backgroundFetchResult: UIBackgroundFetchResult {
        switch self {
        case .newData: return .newData
        case .noData: return .noData
        case .failed: return .failed
        }
    }

    /// The result `backgroundFetchResult` stands for.
    public init(_ backgroundFetchResult: UIBackgroundFetchResult) {
        switch backgroundFetchResult {
        case .newData: self = .newData
        case .noData: self = .noData
        default: self = .failed
        }
    }
}
#endif
