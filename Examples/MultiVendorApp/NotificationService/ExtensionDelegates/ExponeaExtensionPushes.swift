// Exponea's delivery tracking and rich content, from `ExponeaSDK_Notifications` (exponea-ios-sdk 4.0.1,
// `ExponeaNotificationService.swift`, and its example extension `ExampleNotificationService/NotificationService.swift`,
// which makes the same two calls).
import ExponeaSDK_Notifications
import PushRouting
import UserNotifications

struct ExponeaExtensionPushes: PushRouterDelegate {
    // `ExponeaNotificationService(appGroup:).process(request:contentHandler:)`: it calls the handler when tracking and
    // content are done.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        guard let original = request.origin.request else { return }
        let service = request.vendorObject { ExponeaNotificationService(appGroup: AppGroup.identifier) }
        try await withVendorCompletionHandler { done in
            service.process(request: original) { content in
                request.contentHandler(content)
                done(())
            }
        }
    }

    // The same request's service: it saves the delivery for later tracking and hands over its best attempt.
    func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
        request.vendorObject(ExponeaNotificationService.self)?.serviceExtensionTimeWillExpire()
    }
}
