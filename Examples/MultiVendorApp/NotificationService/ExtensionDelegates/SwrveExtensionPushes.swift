// Swrve's rich media and buttons, from `SwrveSDKCommon`'s `SwrvePush.h` (swrve-ios-sdk 8.13.0): the one call Swrve's
// extension makes, with the app group in which it records influence for the app SDK.
import PushRouting
import SwrveSDKCommon
import UserNotifications

struct SwrveExtensionPushes: PushRouterDelegate {
    // `+[SwrvePush handleNotificationContent:withAppGroupIdentifier:withCompletedContentCallback:]`. It keeps no
    // per-request object and has no expiry call: the router hands over the original content if time runs out.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        guard let original = request.origin.request else { return }
        try await withVendorCompletionHandler { done in
            SwrvePush.handle(original.content, withAppGroupIdentifier: AppGroup.identifier) { content in
                request.contentHandler(content)
                done(())
            }
        }
    }
}
