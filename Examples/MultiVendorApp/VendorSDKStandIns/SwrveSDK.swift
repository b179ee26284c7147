// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the calls of Swrve's iOS SDK that an app with its own notification delegate makes, as
// Swift imports them from the SDK's headers (Swrve/swrve-ios-sdk: `SwrveSDK/SDK/SwrveSDK.h`,
// `SwrveSDKCommon/Push/SwrvePush.h`). Bodies do nothing: only the shapes matter. Compiled with
// -swift-version 5, as Objective-C headers are imported.
import Foundation
import UIKit
import UserNotifications

public final class SwrveSDK {
    /// `+ (void)setDeviceToken:(NSData *)deviceToken`
    public static func setDeviceToken(_ deviceToken: Data) {}

    /// `+ (BOOL)didReceiveRemoteNotification:(NSDictionary *)userInfo
    ///   withBackgroundCompletionHandler:(void (^)(UIBackgroundFetchResult, NSDictionary *))completionHandler`:
    /// returns whether it was a Swrve silent push, and calls the handler only then.
    public static func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any],
        withBackgroundCompletionHandler completionHandler:
            @escaping (UIBackgroundFetchResult, [AnyHashable: Any]?) -> Void
    ) -> Bool {
        guard userInfo["_sp"] != nil else { return false }
        completionHandler(.newData, nil)
        return true
    }

    /// `+ (void)processNotificationResponse:(UNNotificationResponse *)response`: tracks the engagement and
    /// opens the button's or the push's deep link or campaign.
    public static func processNotificationResponse(_ response: UNNotificationResponse) {}
}

public final class SwrvePush {
    /// `+ (void)handleNotificationContent:withAppGroupIdentifier:withCompletedContentCallback:`
    public static func handle(
        _ notificationContent: UNNotificationContent,
        withAppGroupIdentifier appGroupIdentifier: String?,
        withCompletedContentCallback callback: @escaping (UNMutableNotificationContent) -> Void
    ) {
        if let content = notificationContent.mutableCopy() as? UNMutableNotificationContent { callback(content) }
    }
}
