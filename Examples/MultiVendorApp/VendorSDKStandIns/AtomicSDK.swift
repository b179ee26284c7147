// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for the calls of Atomic's iOS SDK that an app makes for push notifications, as Swift imports
// them from `AACSession.h` and `AACPushNotification.h` (atomic-app/action-cards-ios-sdk-releases, and the
// iOS SDK guide's "Push notifications" section: `registerDevice(forNotifications:)`,
// `notification(fromPushPayload:)`, `trackPushNotificationReceived(_:completionHandler:)`, the session
// delegate configured once with `setSessionDelegate`). Bodies do nothing: only the shapes matter.
import Foundation

public final class AACPushNotification {
    public let containerId: String
    public let cardInstanceId: String
    public let detail: [AnyHashable: Any]

    init(containerId: String, cardInstanceId: String, detail: [AnyHashable: Any]) {
        self.containerId = containerId
        self.cardInstanceId = cardInstanceId
        self.detail = detail
    }
}

public final class AACSession {
    /// `+ (void)registerDeviceForNotifications:(NSData *)deviceToken`
    public static func registerDevice(forNotifications deviceToken: Data) {}

    /// `+ (nullable AACPushNotification *)notificationFromPushPayload:(NSDictionary *)payload`
    public static func notification(fromPushPayload payload: [AnyHashable: Any]) -> AACPushNotification? {
        guard let atomic = payload["atomic"] as? [String: Any], atomic["source"] as? String == "io.atomic",
            let card = atomic["cardInstanceId"] as? String
        else { return nil }
        return AACPushNotification(
            containerId: "\(atomic["streamContainerId"] ?? "")",
            cardInstanceId: card,
            detail: atomic["detail"] as? [AnyHashable: Any] ?? [:]
        )
    }

    /// `+ (void)trackPushNotificationReceived:(NSDictionary *)payload
    ///   completionHandler:(void (^)(NSError * _Nullable))completionHandler`
    public static func trackPushNotificationReceived(
        _ payload: [AnyHashable: Any],
        completionHandler: @escaping ((any Error)?) -> Void
    ) {
        completionHandler(nil)
    }
}
