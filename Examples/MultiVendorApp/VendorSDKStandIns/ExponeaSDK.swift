// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the calls of Exponea's (Bloomreach Engagement's) iOS SDK that an app with its own
// notification delegate makes, with the signatures the SDK declares (exponea/exponea-ios-sdk:
// `ExponeaSDK/ExponeaSDK/Classes/ExponeaAppDelegate.swift`, `ExponeaType.swift`, and
// `ExponeaSDKNotifications/ExponeaNotificationService.swift`, module `ExponeaSDK_Notifications` in the
// extension). Bodies do nothing: only the shapes matter. Compiled with -swift-version 5, as the SDK is.
import Foundation
import UserNotifications

public final class Exponea {
    public static let shared = Exponea()

    public func handlePushNotificationToken(deviceToken: Data) {}
    public func handlePushNotificationOpened(userInfo: [AnyHashable: Any], actionIdentifier: String? = nil) {}
    public func handlePushNotificationOpened(response: UNNotificationResponse) {}
    public static func isExponeaNotification(userInfo: [AnyHashable: Any]) -> Bool {
        userInfo["source"] as? String == "xnpe_platform"
    }
}

/// Tracks delivery and builds the rich content in the notification service extension.
public final class ExponeaNotificationService {
    public init(appGroup: String? = nil) {}

    public func process(request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(request.content)
    }

    public func serviceExtensionTimeWillExpire() {}
}
