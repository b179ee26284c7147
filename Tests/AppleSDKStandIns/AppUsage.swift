// An app's notification delegate wired to the router, as `WiringTheRouter.md` shows, type-checked against
// both SDK stand-ins: every call must compile whether the SDK's handlers are `@Sendable` or not.
import PushPayloads
import PushRouting
import UIKit
import UserNotifications

enum Push {
    static let router = PushRouter(configuration: PushRouterConfiguration())
}

@MainActor
final class AppDelegate: UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping UNPresentationHandler
    ) {
        Push.router.routeForegroundDelivery(of: notification, completionHandler: completionHandler)
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping UNResponseHandler
    ) {
        Push.router.routeTap(response, completionHandler: completionHandler)
    }

    // The async forms.
    func willPresent(_ notification: UNNotification) async -> UNNotificationPresentationOptions {
        await Push.router.presentationOptions(for: notification)
    }

    func didReceive(_ response: UNNotificationResponse) async {
        await Push.router.routeTap(response)
    }

    // `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)` and its async form.
    func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping UIFetchHandler
    ) {
        Push.router.routeSilentDelivery(userInfo: userInfo) { result in
            completionHandler(result.backgroundFetchResult)
        }
    }

    func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
        await Push.router.routeSilentDelivery(userInfo: userInfo).backgroundFetchResult
    }
}

/// A delegate that is not on the main actor (a notification service, say) can use the same calls.
final class BackgroundHandler {
    func handle(_ userInfo: [AnyHashable: Any], completionHandler: @escaping UIFetchHandler) {
        Push.router.routeSilentDelivery(userInfo: userInfo) { completionHandler($0.backgroundFetchResult) }
    }
}
