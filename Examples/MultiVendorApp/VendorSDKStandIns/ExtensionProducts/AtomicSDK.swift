// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the part of Atomic's iOS SDK (module and product `AtomicSDK`, one binary framework for the app and its
// extensions) used for push notifications, as Swift imports the Objective-C headers of
// atomic-app/action-cards-ios-sdk-releases 25.2.0 @ 6f908eb91e9257c62e5c1a43c180704e31206f09,
// `iOS/AtomicSDK.xcframework/ios-arm64/AtomicSDK.framework/Headers/`: `AACSession.h`, `AACSessionDelegate.h`,
// `AACPushNotification.h`. Compiled with -swift-version 5.
import Foundation

/// `AACSession.h`: `typedef void(^AACSessionPushNotificationReceivedHandler)(NSError* __nullable error);`
public typealias AACSessionPushNotificationReceivedHandler = ((any Error)?) -> Void
/// `AACSession.h`: `typedef void(^AACSessionPushNotificationRegistrationHandler)(NSError* __nullable error);`
public typealias AACSessionPushNotificationRegistrationHandler = ((any Error)?) -> Void
/// `AACSessionDelegate.h`: `typedef void(^AACSessionAuthenticationTokenHandler)(NSString* __nullable authToken);`
public typealias AACSessionAuthenticationTokenHandler = (String?) -> Void

/// `@protocol AACSessionDelegate <NSObject>`: supplies the user's authentication token (a JWT) when the SDK asks.
public protocol AACSessionDelegate: NSObjectProtocol {
    /// `- (void)cardSessionDidRequestAuthenticationTokenWithHandler:(AACSessionAuthenticationTokenHandler __nonnull)handler;`
    func cardSessionDidRequestAuthenticationToken(handler: @escaping AACSessionAuthenticationTokenHandler)
}

/// `@interface AACPushNotification: NSObject`, `init` unavailable.
public class AACPushNotification: NSObject {
    public let cardInstanceId: String
    public let containerId: String
    public let detail: [AnyHashable: Any]

    init(cardInstanceId: String, containerId: String, detail: [AnyHashable: Any]) {
        self.cardInstanceId = cardInstanceId
        self.containerId = containerId
        self.detail = detail
    }
}

/// `@interface AACSession : NSObject`, class methods only.
public class AACSession: NSObject {
    /// `+ (void)loginWithEnvironmentId:(NSString *__nonnull)environmentId apiKey:(NSString *__nonnull)apiKey
    ///   sessionDelegate:(id<AACSessionDelegate> __nonnull)sessionDelegate apiBaseUrl:(NSURL* __nullable)baseUrl;`
    public class func login(
        withEnvironmentId environmentId: String,
        apiKey: String,
        sessionDelegate: any AACSessionDelegate,
        apiBaseUrl baseUrl: URL?
    ) {}

    /// `+ (void)registerDeviceForNotifications:(NSData* __nonnull)deviceToken
    ///   completionHandler:(AACSessionPushNotificationRegistrationHandler __nullable)completionHandler;`
    public class func registerDevice(
        forNotifications deviceToken: Data,
        completionHandler: AACSessionPushNotificationRegistrationHandler?
    ) {}

    /// `+ (AACPushNotification* __nullable)notificationFromPushPayload:(NSDictionary* __nonnull)payload;`
    public class func notification(fromPushPayload payload: [AnyHashable: Any]) -> AACPushNotification? {
        guard let atomic = payload["atomic"] as? [String: Any], atomic["source"] as? String == "io.atomic",
            let card = atomic["cardInstanceId"] as? String
        else { return nil }
        return AACPushNotification(
            cardInstanceId: card,
            containerId: "\(atomic["streamContainerId"] ?? "")",
            detail: atomic["detail"] as? [AnyHashable: Any] ?? [:]
        )
    }

    /// `+ (void)trackPushNotificationReceived:(NSDictionary* __nonnull)payload
    ///   completionHandler:(AACSessionPushNotificationReceivedHandler __nonnull)completionHandler;`
    public class func trackPushNotificationReceived(
        _ payload: [AnyHashable: Any],
        completionHandler: @escaping AACSessionPushNotificationReceivedHandler
    ) {
        completionHandler(nil)
    }
}
