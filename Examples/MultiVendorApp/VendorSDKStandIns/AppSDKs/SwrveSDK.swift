// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the part of Swrve's app SDK (module and product `SwrveSDK`) that an app with its own notification
// delegate uses, as Swift imports the headers of Swrve/swrve-ios-sdk 8.13.0 @ 7cba8abef42d0c6f2ab3d3c72917d7960a94291c:
// `SwrveSDK/SDK/SwrveSDK.h` (`NS_ASSUME_NONNULL`) and `SwrveSDK/SDK/SwrveConfig.h` (no nullability: implicitly
// unwrapped). Compiled with -swift-version 5. Not linked by the extension.
@_exported import SwrveSDKCommon  // SwrveConfig.h imports <SwrveSDKCommon/SwrvePush.h>: the Clang module re-exports it.
import Foundation
import UIKit
import UserNotifications

/// `@interface SwrveConfig : NSObject` (`SwrveConfig.m` sets the defaults).
public class SwrveConfig: NSObject {
    /// `@property (nonatomic) BOOL pushEnabled;`, `NO` by default. With it on, `sharedInstance(withAppID:apiKey:config:)`
    /// makes Swrve's `SwrvePush` the `UNUserNotificationCenter` delegate (`Swrve.m`); with it off, `setDeviceToken(_:)`
    /// and `didReceiveRemoteNotification(_:withBackgroundCompletionHandler:)` do nothing.
    public var pushEnabled = false
    /// `@property (nonatomic) BOOL autoCollectDeviceToken;`, `YES` by default: swizzles the app delegate's
    /// `didRegisterForRemoteNotificationsWithDeviceToken` (`SwrvePush.observeSwizzling`).
    public var autoCollectDeviceToken = true
    /// `@property (nonatomic, retain) NSSet *pushNotificationPermissionEvents;`: the events that make Swrve ask for
    /// notification permission; none by default.
    public var pushNotificationPermissionEvents: Set<AnyHashable>! = []
}

/// `@interface SwrveSDK : NSObject`, class methods only.
public class SwrveSDK: NSObject {
    /// `+ (void)sharedInstanceWithAppID:(int)swrveAppID apiKey:(NSString *)swrveAPIKey config:(SwrveConfig *)swrveConfig;`
    public class func sharedInstance(
        withAppID swrveAppID: Int32,
        apiKey swrveAPIKey: String,
        config swrveConfig: SwrveConfig
    ) {
        if swrveConfig.pushEnabled { UNUserNotificationCenter.current().delegate = push }
    }

    /// `[SwrvePush sharedInstanceWithPushDelegate:andCommonDelegate:]`, kept by the SDK.
    static let push = SwrvePush()

    /// `+ (void)setDeviceToken:(NSData *)deviceToken;`
    public class func setDeviceToken(_ deviceToken: Data) {}

    /// `+ (BOOL)didReceiveRemoteNotification:(NSDictionary *)userInfo
    ///   withBackgroundCompletionHandler:(void (^)(UIBackgroundFetchResult, NSDictionary *))completionHandler;`:
    /// returns whether it was a Swrve silent push, and calls the handler only then.
    public class func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any],
        withBackgroundCompletionHandler completionHandler:
            @escaping (UIBackgroundFetchResult, [AnyHashable: Any]) -> Void
    ) -> Bool {
        guard userInfo["_sp"] != nil else { return false }
        completionHandler(.newData, userInfo)
        return true
    }

    /// `+ (void)processNotificationResponse:(UNNotificationResponse *)response;`: "Should be included to a push response
    /// if not using SwrvePushResponseDelegate"; tracks the engagement and opens the deep link or campaign.
    public class func processNotificationResponse(_ response: UNNotificationResponse) {}
}
