// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for Exponea's extension module `ExponeaSDK_Notifications` (Swift package product
// `ExponeaSDK-Notifications`), which a notification service extension links instead of the app SDK. Source:
// exponea/exponea-ios-sdk 4.0.1 @ f76c0c213671839475217a572d640106c1fbc434,
// `ExponeaSDK/ExponeaSDK-Notifications/Classes/ExponeaNotificationService.swift`. Compiled with -swift-version 5.
import Foundation
import UserNotifications

/// `public class ExponeaNotificationService`: not `Sendable`; keeps the request, its content handler and a best
/// attempt; `process` calls the handler itself when its work is done (and never for a push that is not Exponea's),
/// `serviceExtensionTimeWillExpire()` with the best attempt, synchronously.
public class ExponeaNotificationService {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    public init(appGroup: String? = nil) {}

    public func process(request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard request.content.userInfo["source"] as? String == "xnpe_platform" else { return }
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
    }

    public func serviceExtensionTimeWillExpire() {
        defer { contentHandler = nil }
        if let contentHandler, let bestAttemptContent { contentHandler(bestAttemptContent) }
    }
}
