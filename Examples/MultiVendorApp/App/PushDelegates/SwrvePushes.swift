// Swrve's calls, from Swrve's iOS SDK headers and integration guide (`SwrveSDK.h`: "Should be included
// to a push response if not using SwrvePushResponseDelegate"; `SwrvePush.h` for the service extension).
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import SwrveSDK
import UIKit
import UserNotifications

struct SwrvePushes: PushRouterDelegate {
    // `SwrveSDK.setDeviceToken(_:)`.
    @MainActor
    func didRegisterDeviceToken(_ token: PushDeviceToken) async throws {
        SwrveSDK.setDeviceToken(token.data)
    }

    // `didReceiveRemoteNotification(_:withBackgroundCompletionHandler:)`: the SDK calls the handler itself,
    // and only for its silent pushes (it returns whether it handled one).
    @MainActor
    func didReceiveSilentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushFetchResult {
        try await withVendorCompletionHandler { done in
            let handled = SwrveSDK.didReceiveRemoteNotification(origin.userInfo) { result, _ in
                done(PushFetchResult(result))
            }
            if !handled { done(.noData) }
        }
    }

    // No SDK call: the guide leaves foreground presentation to the app.
    func willPresentPush(_ notification: PushNotification) async throws -> PushPresentation {
        [.banner, .list]
    }

    // `SwrveSDK.processNotificationResponse(_:)` tracks the engagement and opens the deep link or campaign.
    @MainActor
    func didTapPush(_ tap: PushTap) async throws {
        if let response = tap.origin.response { SwrveSDK.processNotificationResponse(response) }
        if !tap.vendorSDKOpensTarget { DeepLinks.shared.open(tap.action) }
    }

    // `SwrvePush.handle(_:withAppGroupIdentifier:withCompletedContentCallback:)`: rich media and buttons.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        guard let original = request.origin.request else { return }
        try await withVendorCompletionHandler { done in
            SwrvePush.handle(original.content, withAppGroupIdentifier: Push.appGroup) { content in
                request.contentHandler(content)
                done(())
            }
        }
    }
}
