// Cordial's attachments (`imageURL`), from `CordialAppExtensions`'s `CordialNotificationServiceExtension` (cordial-ios-sdk
// 4.5.0): Cordial's README makes it the extension's superclass; beside other vendors the delegate makes one per
// request and forwards to it.
import CordialAppExtensions
import PushRouting
import UserNotifications

struct CordialExtensionPushes: PushRouterDelegate {
    // `didReceive(_:withContentHandler:)` downloads the image synchronously (blocking this task's thread, as it blocks
    // the extension's own when subclassed) and calls the handler before returning.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        guard let original = request.origin.request else { return }
        let service = request.vendorObject { CordialNotificationServiceExtension() }
        service.didReceive(original, withContentHandler: request.contentHandler)
    }

    // Its `serviceExtensionTimeWillExpire()` hands over the content without the image.
    func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
        request.vendorObject(CordialNotificationServiceExtension.self)?.serviceExtensionTimeWillExpire()
    }
}
