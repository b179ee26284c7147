// Exponea's calls in the app, from Exponea's (Bloomreach Engagement's) `ExponeaAppDelegate.swift`, which makes exactly
// these calls when the app lets the SDK own the delegates, and its push guide's checklist (exponea-ios-sdk 4.0.1).
// Delivery is tracked by the extension (`ExponeaExtensionPushes`). `@preconcurrency`: `Exponea.shared` is a
// `public internal(set) static var`, which Swift 6 refuses to read from another isolation otherwise.
@preconcurrency import ExponeaSDK
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import UserNotifications

struct ExponeaPushes: PushRouterDelegate {
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
    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
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
}
