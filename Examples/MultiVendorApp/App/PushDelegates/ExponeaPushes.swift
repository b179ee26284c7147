// Exponea's calls, from Exponea's (Bloomreach Engagement's) iOS SDK documents and `ExponeaAppDelegate`,
// which makes exactly these calls when the app lets the SDK own the delegates ("Push notifications",
// "Notification Service Extension is required for tracking push notification delivery").
import ExponeaSDK
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import UserNotifications

struct ExponeaPushes: PushRouterDelegate {
    private let extensionSlot = ServiceSlot<ExponeaNotificationService>()

    // `Exponea.shared.handlePushNotificationToken(deviceToken:)`.
    @MainActor
    func didRegisterDeviceToken(_ token: PushDeviceToken) async throws {
        Exponea.shared.handlePushNotificationToken(deviceToken: token.data)
    }

    // `handlePushNotificationOpened(userInfo:)` from `didReceiveRemoteNotification`: the SDK tracks a
    // silent push as delivered and calls its `silentPushNotificationReceived(extraData:)`.
    @MainActor
    func didReceiveSilentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushFetchResult {
        Exponea.shared.handlePushNotificationOpened(userInfo: origin.userInfo)
        return .newData
    }

    // No SDK call: the documents leave foreground presentation to the app.
    func willPresentPush(_ notification: PushNotification) async throws -> PushPresentation {
        [.banner, .list, .sound]
    }

    // `handlePushNotificationOpened(response:)`, or with the `userInfo` and action identifier when the tap
    // came without a response. The SDK opens deep links and browser actions itself.
    @MainActor
    func didTapPush(_ tap: PushTap) async throws {
        if let response = tap.origin.response {
            Exponea.shared.handlePushNotificationOpened(response: response)
        } else {
            Exponea.shared.handlePushNotificationOpened(
                userInfo: tap.origin.userInfo,
                actionIdentifier: tap.actionIdentifier
            )
        }
        if !tap.vendorSDKOpensTarget { DeepLinks.shared.open(tap.action) }
    }

    // `ExponeaNotificationService(appGroup:).process(request:contentHandler:)`, and its
    // `serviceExtensionTimeWillExpire()` when time runs out (it then delivers its best attempt).
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        guard let original = request.origin.request else { return }
        let service = extensionSlot.fill(ExponeaNotificationService(appGroup: Push.appGroup))
        try await withVendorCompletionHandler { done in
            service.process(request: original) { content in
                request.contentHandler(content)
                done(())
            }
        }
    }

    func serviceExtensionTimeWillExpire(_ request: PushServiceExtensionRequest) {
        extensionSlot.take()?.serviceExtensionTimeWillExpire()
    }
}
