// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the calls of Cordial's iOS SDK that an app with its own notification delegate makes, with
// the signatures Cordial declares them with (cordial iOS SDK, `CordialPushNotificationHandler.swift` and
// `CordialAppExtensions/NotificationServiceExtension/CordialNotificationServiceExtension.swift`; public
// mirror mihaicris-adoreme/cordial-ios-sdk @ e05e7a82b2c6). Bodies do nothing: only the shapes matter.
// Compiled with -swift-version 5, as the SDK is.
import Foundation
import UserNotifications

public enum CordialPushNotificationConfigurationType {
    /// The SDK swizzles the app delegate and takes the notification delegate.
    case SDK
    /// The app owns the delegate and forwards events to `CordialPushNotificationHandler`.
    case APP
}

public final class CordialApiConfiguration {
    public static let shared = CordialApiConfiguration()
    public var pushesConfiguration: CordialPushNotificationConfigurationType = .SDK
}

public final class CordialPushNotificationHandler {
    public init() {}

    public func isCordialMessage(userInfo: [AnyHashable: Any]) -> Bool { userInfo["mcID"] is String }

    public func processNewPushNotificationToken(deviceToken: Data) {}

    /// Calls `completionHandler` only for a Cordial message (`isCordialMessage`).
    public func processAppOpenViaPushNotificationTap(userInfo: [AnyHashable: Any], completionHandler: () -> Void) {
        if isCordialMessage(userInfo: userInfo) { completionHandler() }
    }

    /// Calls `completionHandler` only for a Cordial message (`isCordialMessage`).
    public func processNotificationDeliveryInForeground(
        userInfo: [AnyHashable: Any],
        completionHandler: (UNNotificationPresentationOptions) -> Void
    ) {
        if isCordialMessage(userInfo: userInfo) { completionHandler([.banner, .list]) }
    }

    public func processSilentPushDelivery(userInfo: [AnyHashable: Any]) {}
}

/// Cordial's service extension (attachments from `imageURL`); an app subclasses it, or, with several
/// vendors, makes one and forwards to it.
open class CordialNotificationServiceExtension: UNNotificationServiceExtension {
    override public init() { super.init() }

    override open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping UNContentHandler
    ) {
        contentHandler(request.content)
    }

    override open func serviceExtensionTimeWillExpire() {}
}
