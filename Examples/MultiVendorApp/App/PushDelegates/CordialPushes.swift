// Cordial's calls in the app, as `CordialPushNotificationHandler.swift` declares them (cordial-ios-sdk 4.5.0): with
// `pushesConfiguration = .APP` the app forwards each event. The deep link a tap carries opens through
// `CordialDeepLinks`, the SDK's deep-link delegate; attachments are the extension's (`CordialExtensionPushes`).
import CordialSDK
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import UserNotifications

struct CordialPushes: PushRouterDelegate {
    // `processNewPushNotificationToken(deviceToken:)`: "it is really important to pass the token
    // otherwise the SDK will not be tracking any user behaviour".
    @MainActor
    func didRegisterDeviceToken(_ token: PushDeviceToken) async throws {
        CordialPushNotificationHandler().processNewPushNotificationToken(deviceToken: token.data)
    }

    // `processSilentPushDelivery(userInfo:)` from `didReceiveRemoteNotification` (in-app messages, inbox).
    @MainActor
    func didReceiveSilentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushFetchResult {
        guard !notification.vendorSDKIgnoresPush else { return .noData }
        CordialPushNotificationHandler().processSilentPushDelivery(userInfo: origin.userInfo)
        return .newData
    }

    // `processNotificationDeliveryInForeground(userInfo:completionHandler:)`: the SDK answers the
    // presentation itself, and that answer is the platform's.
    @MainActor
    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        // A push in the 2020 attribution layout: the SDK ignores it and would never call its handler.
        guard !notification.vendorSDKIgnoresPush else { return [.banner, .list] }
        return try await withVendorCompletionHandler { done in
            CordialPushNotificationHandler().processNotificationDeliveryInForeground(userInfo: origin.userInfo) {
                done(PushPresentation($0))
            }
        }
    }

    // `processAppOpenViaPushNotificationTap(userInfo:completionHandler:)`: the SDK records the tap and opens the deep
    // link through its deep-link delegate (`CordialDeepLinks`, set at launch), which records the link's open event for
    // attribution; so the app does not open it here. A push the SDK ignores (the 2020 layout) the app opens itself.
    @MainActor
    func didTapPush(_ tap: PushTap) async throws {
        if !tap.vendorSDKIgnoresPush {
            try await withVendorCompletionHandler { done in
                CordialPushNotificationHandler().processAppOpenViaPushNotificationTap(userInfo: tap.origin.userInfo) {
                    done(())
                }
            }
        }
        if !tap.vendorSDKOpensTarget { DeepLinks.shared.open(tap.action) }
    }
}
