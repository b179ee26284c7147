// Atomic's calls, from Atomic's iOS SDK guide ("Push notifications": send the token from
// `didRegisterForRemoteNotificationsWithDeviceToken`, ask `notificationFromPushPayload` on a tap, track
// delivery from a notification service extension) and `AACSession.h`.
import AtomicSDK
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import UserNotifications

struct AtomicPushes: PushRouterDelegate {
    // `AACSession.registerDevice(forNotifications:)`.
    @MainActor
    func didRegisterDeviceToken(_ token: PushDeviceToken) async throws {
        AACSession.registerDevice(forNotifications: token.data)
    }

    func willPresentPush(_ notification: PushNotification) async throws -> PushPresentation {
        [.banner, .list]
    }

    // `AACSession.notification(fromPushPayload:)` on a tap on the notification: the SDK opens nothing, the
    // app opens the card's stream container (so `vendorSDKOpensTarget` is false for Atomic).
    @MainActor
    func didTapPush(_ tap: PushTap) async throws {
        guard tap.actionIdentifier == UNNotificationDefaultActionIdentifier,
            let push = AACSession.notification(fromPushPayload: tap.origin.userInfo)
        else { return }
        DeepLinks.shared.openStreamContainer(push.containerId, card: push.cardInstanceId)
    }

    // `AACSession.trackPushNotificationReceived(_:completionHandler:)`, then the content unchanged.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        try await withVendorCompletionHandler { done in
            AACSession.trackPushNotificationReceived(request.origin.userInfo) { _ in done(()) }
        }
        request.deliver(.original)
    }
}
