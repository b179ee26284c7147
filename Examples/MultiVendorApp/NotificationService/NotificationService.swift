// The notification service extension: the router hands the request to its owner's delegate (Exponea's
// delivery tracking, Swrve's rich content, Atomic's delivery tracking, Cordial's attachments), and calls
// the content handler exactly once, even when time runs out. In a real app this is its own target,
// linking the delegates from a framework shared with the app.
import PushRouting
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    private var session: PushServiceExtensionSession?

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping UNContentHandler
    ) {
        session = Push.router.routeServiceExtensionRequest(request, contentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        session?.timeWillExpire()
    }
}
