// The notification service extension target: its principal class routes each request to its owner's delegate, over
// the vendors' extension products only (`ExtensionPush.router`), and the content handler is called exactly once. When
// the system's time runs out, the best attempt (or the original content) is handed over before
// `serviceExtensionTimeWillExpire()` returns.
import PushRouting
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    // The system may give one instance more than one request over its life; the session is the latest's, and each
    // request's vendor objects live in its own session.
    private var session: PushServiceExtensionSession?

    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        session = ExtensionPush.router.routeServiceExtensionRequest(request, contentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        session?.timeWillExpire()
    }
}
