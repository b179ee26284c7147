// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for Apple's UserNotifications with the same Swift signatures, so the router's adapter
// (`Sources/PushRouting/UserNotifications/`) is type-checked on Linux (`scripts/check-apple-adapters.sh`).
// Compiled twice: as SDKs before iOS 18 import the completion handlers (not `@Sendable`), and with
// `-D SENDABLE_HANDLERS` as the iOS 18 SDK does. Only what the adapter and a typical delegate touch.
import Foundation

open class UNNotificationContent: NSObject, @unchecked Sendable {
    open var userInfo: [AnyHashable: Any] { [:] }
    open var title: String { "" }
    open var body: String { "" }
}

open class UNNotificationRequest: NSObject, @unchecked Sendable {
    open var identifier: String { "" }
    open var content: UNNotificationContent { UNNotificationContent() }
}

open class UNNotification: NSObject, @unchecked Sendable {
    open var date: Date { Date() }
    open var request: UNNotificationRequest { UNNotificationRequest() }
}

open class UNNotificationResponse: NSObject, @unchecked Sendable {
    open var notification: UNNotification { UNNotification() }
    open var actionIdentifier: String { "" }
}

open class UNTextInputNotificationResponse: UNNotificationResponse, @unchecked Sendable {
    open var userText: String { "" }
}

public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1 << 0)
    public static let sound = UNNotificationPresentationOptions(rawValue: 1 << 1)
    @available(*, deprecated, message: "Use .list and .banner")
    public static let alert = UNNotificationPresentationOptions(rawValue: 1 << 2)
    public static let list = UNNotificationPresentationOptions(rawValue: 1 << 3)
    public static let banner = UNNotificationPresentationOptions(rawValue: 1 << 4)
}

open class UNUserNotificationCenter: NSObject, @unchecked Sendable {
    open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }
    open weak var delegate: (any UNUserNotificationCenterDelegate)?
}

#if SENDABLE_HANDLERS
public typealias UNPresentationHandler = @Sendable (UNNotificationPresentationOptions) -> Void
public typealias UNResponseHandler = @Sendable () -> Void
#else
public typealias UNPresentationHandler = (UNNotificationPresentationOptions) -> Void
public typealias UNResponseHandler = () -> Void
#endif

/// The delegate's callbacks as the SDK declares them (optional requirements in Objective-C; here a
/// protocol with the same signatures, which is what an app's conformance must match).
@MainActor
public protocol UNUserNotificationCenterDelegate: AnyObject {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping UNPresentationHandler
    )
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping UNResponseHandler
    )
}
