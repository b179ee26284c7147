// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the part of UIKit the router's adapter uses (`PushFetchResult+UIKit.swift`), with
// Apple's Swift signatures; see UserNotifications.swift beside it.
public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData = 0
    case noData = 1
    case failed = 2
}

#if SENDABLE_HANDLERS
public typealias UIFetchHandler = @Sendable (UIBackgroundFetchResult) -> Void
#else
public typealias UIFetchHandler = (UIBackgroundFetchResult) -> Void
#endif
