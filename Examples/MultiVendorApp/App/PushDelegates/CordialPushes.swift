// Cordial's calls, from Cordial's iOS SDK documents ("Push notifications": with
// `pushesConfiguration = .APP` the app forwards each event to `CordialPushNotificationHandler`; its
// README's "Notification Service Extension" for attachments).
import CordialSDK
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import UserNotifications

struct CordialPushes: PushRouterDelegate {
    private let extensionSlot = ServiceSlot<CordialNotificationServiceExtension>()

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

    // `processAppOpenViaPushNotificationTap(userInfo:completionHandler:)`: the SDK opens the deep link
    // itself ("should open it via Cordial SDK", or revenue attribution may be lost), so the app does not.
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

    // `CordialNotificationServiceExtension` (attachments from `imageURL`): Cordial's documents make it the
    // extension's superclass; beside other vendors the extension makes one and forwards to it.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        guard let original = request.origin.request else { return }
        let service = extensionSlot.fill(CordialNotificationServiceExtension())
        try await withVendorCompletionHandler { done in
            service.didReceive(original) { content in
                request.contentHandler(content)
                done(())
            }
        }
    }

    func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
        extensionSlot.take()?.serviceExtensionTimeWillExpire()
    }
}
