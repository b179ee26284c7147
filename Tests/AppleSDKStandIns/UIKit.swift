// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the part of UIKit an app's push wiring touches, shaped as Swift imports it: `UIApplication` and
// `UIApplicationDelegate` are `@MainActor`. As in UserNotifications.swift beside it, `-D IOS18_SDK` selects the iOS 18
// SDK's declarations (the fetch completion handler is not `@Sendable` in either; `open(_:options:completionHandler:)`'s
// is `@MainActor @Sendable` from iOS 18); MIRRORS.md quotes each. The same Objective-C limits on Linux apply.
@_exported import Foundation

public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData = 0
    case noData = 1
    case failed = 2
}

@MainActor
open class UIResponder: NSObject {}

@MainActor
open class UIScene: UIResponder {}

@MainActor
open class UIApplication: UIResponder {
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let remoteNotification = LaunchOptionsKey(
            rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey"
        )
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    open class var shared: UIApplication { UIApplication() }
    open func registerForRemoteNotifications() {}
    #if IOS18_SDK
    open func open(
        _ url: URL,
        options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {}
    #else
    open func open(
        _ url: URL,
        options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: ((Bool) -> Void)? = nil
    ) {}
    #endif
}

/// `@protocol UIApplicationDelegate <NSObject>`, every method `@optional`, `NS_SWIFT_UI_ACTOR` (`@MainActor`).
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    )
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult
}

// `@optional`.
extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(
        _ application: UIApplication,
        didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) {}
    public func application(
        _ application: UIApplication,
        didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) {}
    public func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {}
    public func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult { .noData }
}
