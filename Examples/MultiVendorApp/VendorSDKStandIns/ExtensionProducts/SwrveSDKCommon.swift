// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for Swrve's `SwrveSDKCommon` module (its own Swift package product), which holds `SwrvePush` and which a
// notification service extension links without the app SDK. As Swift imports the Objective-C header
// `SwrveSDKCommon/Common/Push/SwrvePush.h` of Swrve/swrve-ios-sdk 8.13.0 @ 7cba8abef42d0c6f2ab3d3c72917d7960a94291c
// (`NS_ASSUME_NONNULL`). Compiled with -swift-version 5.
import Foundation
import UserNotifications

/// `@interface SwrvePush : NSObject <UNUserNotificationCenterDelegate>`: with push enabled, the app SDK makes its
/// shared instance the notification centre's delegate (`Swrve.m`, `center.delegate = push`).
public class SwrvePush: NSObject, UNUserNotificationCenterDelegate {
    /// `+ (void)handleNotificationContent:(UNNotificationContent *)notificationContent
    ///   withAppGroupIdentifier:(nullable NSString *)appGroupIdentifier
    ///   withCompletedContentCallback:(void (^)(UNMutableNotificationContent *content))callback`
    public class func handle(
        _ notificationContent: UNNotificationContent,
        withAppGroupIdentifier appGroupIdentifier: String?,
        withCompletedContentCallback callback: @escaping (UNMutableNotificationContent) -> Void
    ) {
        if let content = notificationContent.mutableCopy() as? UNMutableNotificationContent { callback(content) }
    }
}
