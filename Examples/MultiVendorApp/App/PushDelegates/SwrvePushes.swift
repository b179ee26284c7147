// Swrve's calls in the app, as Swift imports them from `SwrveSDK.h` (swrve-ios-sdk 8.13.0): the token, silent pushes
// and taps ("Should be included to a push response if not using SwrvePushResponseDelegate"). Rich content is the
// extension's (`SwrveExtensionPushes`).
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
    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        [.banner, .list]
    }

    // `SwrveSDK.processNotificationResponse(_:)` tracks the engagement and opens the deep link or campaign.
    @MainActor
    func didTapPush(_ tap: PushTap) async throws {
        if let response = tap.origin.response { SwrveSDK.processNotificationResponse(response) }
        if !tap.vendorSDKOpensTarget { DeepLinks.shared.open(tap.action) }
    }
}
