// The delegate patterns `Examples/MultiVendorApp` does not show (it uses the async forms of the notification centre's
// callbacks): the completion-handler forms, spelled as each SDK declares them, a delegate reading every part of the
// original event, and a caller off the main actor; type-checked against the stand-ins of the iOS 17 and the iOS 18 SDK
// (`scripts/check-apple-adapters.sh`). `UNUserNotificationCenterDelegate` has no actor isolation and `UNNotification`
// is not `Sendable`, so a main-actor app delegate implements its callbacks `nonisolated`.
import Foundation
import PushPayloads
import PushRouting
import UIKit
import UserNotifications

enum Push {
    static let router = PushRouter(configuration: PushRouterConfiguration())
}

/// The completion-handler forms, as each SDK declares them: `@Sendable` from the iOS 18 SDK. The router takes either.
@MainActor
final class CompletionHandlerAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        Push.router.routeSilentDelivery(userInfo: userInfo) { completionHandler($0.backgroundFetchResult) }
    }

    #if IOS18_SDK
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        Push.router.routeForegroundDelivery(of: notification, completionHandler: completionHandler)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        Push.router.routeTap(response, completionHandler: completionHandler)
    }
    #else
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        Push.router.routeForegroundDelivery(of: notification, completionHandler: completionHandler)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        Push.router.routeTap(response, completionHandler: completionHandler)
    }
    #endif
}

/// A delegate reading the original event: the `userInfo`, the response, the request and its content.
struct OriginReader: PushRouterDelegate {
    func didTapPush(_ tap: PushTap) async throws {
        let userInfo: [AnyHashable: Any] = tap.origin.userInfo
        let identifier = tap.origin.response?.actionIdentifier
        _ = (userInfo, identifier, tap.origin.notification?.date, tap.vendorSDKOpensTarget, tap.vendorSDKIgnoresPush)
    }

    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        origin.notification?.request.content.title.isEmpty == false ? [.banner, .list] : []
    }

    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        guard let content = request.origin.request?.content.mutableCopy() as? UNMutableNotificationContent else {
            return
        }
        content.title = "[\(request.notification.vendor?.name ?? "push")] \(content.title)"
        request.deliver(content)
    }
}

/// A delegate that is not on the main actor (a notification service, say) can use the same calls.
final class BackgroundHandler {
    func handle(_ userInfo: [AnyHashable: Any], completionHandler: @escaping (UIBackgroundFetchResult) -> Void) {
        Push.router.routeSilentDelivery(userInfo: userInfo) { completionHandler($0.backgroundFetchResult) }
    }
}
