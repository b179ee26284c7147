// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// A stand-in for Cordial's extension module `CordialAppExtensions` (Swift package products `NotificationServiceExtension`
// and `NotificationContentExtension`, CocoaPods `CordialAppExtensions`), which a notification service extension links
// instead of the app SDK. Source: mihaicris-adoreme/cordial-ios-sdk @ e05e7a82b2c6437b8452215cec93a96eb220a541,
// `Sources/CordialAppExtensions/NotificationServiceExtension/CordialNotificationServiceExtension.swift`. Compiled with
// -swift-version 5.
import Foundation
import UserNotifications

/// `open class CordialNotificationServiceExtension: UNNotificationServiceExtension`: keeps the content handler and a
/// mutable copy of the content, downloads `imageURL` synchronously (`NSData(contentsOf:)`) inside `didReceive`, and
/// calls the handler before returning; `serviceExtensionTimeWillExpire()` calls the kept handler with the copy.
open class CordialNotificationServiceExtension: UNNotificationServiceExtension {
    var contentHandler: ((UNNotificationContent) -> Void)?
    var bestAttemptContent: UNMutableNotificationContent?

    override open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        self.contentHandler = contentHandler
        bestAttemptContent = request.content.mutableCopy() as? UNMutableNotificationContent
        if let bestAttemptContent { contentHandler(bestAttemptContent) }
    }

    override open func serviceExtensionTimeWillExpire() {
        if let contentHandler, let bestAttemptContent { contentHandler(bestAttemptContent) }
    }
}
