// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the part of Cordial's app SDK (module `CordialSDK`, product `CordialSDK`) that an app with its own
// notification delegate uses, declared as the SDK's Swift source declares it. Source: cordial iOS SDK 4.5.0, public
// mirror mihaicris-adoreme/cordial-ios-sdk @ e05e7a82b2c6437b8452215cec93a96eb220a541 (each declaration's file is named
// beside it; VENDORS.md lists them). Bodies do nothing or the least the SDK does. Compiled with -swift-version 5, as
// the SDK is. Not linked by the extension: its service-extension class is in `CordialAppExtensions`.
import Foundation
import UIKit
import UserNotifications

/// `Sources/CordialSDK/PushNotification/Configuration/CordialPushNotificationConfigurationType.swift`:
/// `@objc public enum CordialPushNotificationConfigurationType: Int { case SDK; case APP }`. With `.SDK` (the
/// default) `initialize` makes the SDK the `UNUserNotificationCenter` delegate and swizzles the app delegate's token
/// and silent-push methods (`CordialPushNotification.setupPushNotifications`, `CordialSwizzler`).
public enum CordialPushNotificationConfigurationType: Int {
    case SDK
    case APP
}

/// `Sources/CordialSDK/DeepLinks/UIKit/CordialDeepLinksConfigurationType.swift`: with `.SDK` and a deep-links delegate
/// set, the SDK swizzles the app's URL-opening and user-activity methods.
public enum CordialDeepLinksConfigurationType: Int {
    case SDK
    case APP
}

/// `Sources/CordialSDK/DeepLinks/CordialDeepLinkActionType.swift`.
public enum CordialDeepLinkActionType: Int {
    case NO_ACTION
    case OPEN_IN_BROWSER
}

/// `Sources/CordialSDK/DeepLinks/CordialDeepLink.swift`: `@objc public class CordialDeepLink: NSObject`; its `init`
/// is internal (the SDK makes it).
public class CordialDeepLink: NSObject {
    public let url: URL
    public let vanityURL: URL?

    init(url: URL, vanityURL: URL?) {
        self.url = url
        self.vanityURL = vanityURL
    }
}

/// `Sources/CordialSDK/DeepLinks/UIKit/CordialDeepLinksDelegate.swift`: `@objc public protocol`, both methods
/// required, no actor isolation. The only way a tapped push's deep link is opened
/// (`InternalCordialAPI.processPushNotificationDeepLink`, which calls it on the main queue).
public protocol CordialDeepLinksDelegate: AnyObject {
    func openDeepLink(
        deepLink: CordialDeepLink,
        fallbackURL: URL?,
        completionHandler: @escaping (CordialDeepLinkActionType) -> Void
    )
    func openDeepLink(
        deepLink: CordialDeepLink,
        fallbackURL: URL?,
        scene: UIScene,
        completionHandler: @escaping (CordialDeepLinkActionType) -> Void
    )
}

/// `Sources/CordialSDK/API/CordialApiConfiguration.swift`: `@objcMembers public class CordialApiConfiguration:
/// NSObject`, `public static let shared`, `private override init()`.
public class CordialApiConfiguration: NSObject {
    public static let shared = CordialApiConfiguration()

    override private init() {}

    public var cordialDeepLinksDelegate: CordialDeepLinksDelegate?
    public var pushesConfiguration: CordialPushNotificationConfigurationType = .SDK
    public var deepLinksConfiguration: CordialDeepLinksConfigurationType = .SDK

    /// Sets the SDK up; with `pushesConfiguration == .SDK` it takes the notification delegate here.
    public func initialize(accountKey: String, channelKey: String, eventsStreamURL: String, messageHubURL: String = "")
    {
        if pushesConfiguration == .SDK { UNUserNotificationCenter.current().delegate = CordialPushNotification.shared }
    }
}

/// `Sources/CordialSDK/PushNotification/CordialPushNotification.swift`: internal, the delegate the SDK installs.
final class CordialPushNotification: NSObject, UNUserNotificationCenterDelegate {
    static let shared = CordialPushNotification()
}

/// `Sources/CordialSDK/PushNotification/Configuration/CordialPushNotificationHandler.swift`: `@objcMembers public
/// class CordialPushNotificationHandler: NSObject`. The tap and foreground handlers are not `@escaping`: the SDK calls
/// them before returning, and only for a Cordial message (`isCordialMessage`).
public class CordialPushNotificationHandler: NSObject {
    public func isCordialMessage(userInfo: [AnyHashable: Any]) -> Bool { userInfo["mcID"] is String }

    public func processNewPushNotificationToken(deviceToken: Data) {}

    public func processAppOpenViaPushNotificationTap(userInfo: [AnyHashable: Any], completionHandler: () -> Void) {
        if isCordialMessage(userInfo: userInfo) { completionHandler() }
    }

    public func processNotificationDeliveryInForeground(
        userInfo: [AnyHashable: Any],
        completionHandler: (UNNotificationPresentationOptions) -> Void
    ) {
        if isCordialMessage(userInfo: userInfo) { completionHandler([.list, .banner]) }
    }

    public func processSilentPushDelivery(userInfo: [AnyHashable: Any]) {}
}
