// Atomic's calls in the app, as Swift imports them from `AACSession.h` (action-cards-ios-sdk-releases 25.2.0): send
// the token from `didRegisterForRemoteNotificationsWithDeviceToken`, ask `notificationFromPushPayload` on a tap. The
// session is logged in at launch (`AtomicTokens.login()`); delivery is tracked by the extension.
import AtomicSDK
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import UserNotifications

struct AtomicPushes: PushRouterDelegate {
    // `+[AACSession registerDeviceForNotifications:completionHandler:]`: the request's error, if any, is the delegate's.
    @MainActor
    func didRegisterDeviceToken(_ token: PushDeviceToken) async throws {
        let error: (any Error)? = try await withVendorCompletionHandler { done in
            AACSession.registerDevice(forNotifications: token.data) { done($0) }
        }
        if let error { throw error }
    }

    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        [.banner, .list]
    }

    // `+[AACSession notificationFromPushPayload:]` on a tap on the notification: the SDK opens nothing, the app opens
    // the card's stream container (so `vendorSDKOpensTarget` is false for Atomic).
    @MainActor
    func didTapPush(_ tap: PushTap) async throws {
        guard tap.actionIdentifier == UNNotificationDefaultActionIdentifier,
            let push = AACSession.notification(fromPushPayload: tap.origin.userInfo)
        else { return }
        DeepLinks.shared.openStreamContainer(push.containerId, card: push.cardInstanceId)
    }
}
