// The app owns both delegate slots and hands every event to the router. Each SDK is set up at launch so that none
// keeps the notification delegate or swizzles the token callback (the per-vendor checklist, with sources, is in
// PushRouting's "Wiring the router" article). `@main` and `UIApplicationMain` are left out: the stand-in UIKit has no
// run loop to start.
import AtomicSDK
import CordialSDK
@preconcurrency import ExponeaSDK  // `Exponea.shared` is a mutable static var (exponea-ios-sdk issues #74, #98).
import Foundation
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import SwrveSDK
import UIKit
import UserNotifications

@MainActor
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Cordial, before `initialize`, which with `.SDK` takes the notification delegate and swizzles the token and
        // silent-push callbacks: the app forwards them instead. Its deep-link delegate is how a tap's link opens.
        let cordial = CordialApiConfiguration.shared
        cordial.pushesConfiguration = .APP
        cordial.deepLinksConfiguration = .APP
        cordial.cordialDeepLinksDelegate = CordialDeepLinks()
        cordial.initialize(
            accountKey: "example",
            channelKey: "app",
            eventsStreamURL: "https://events-stream-svc.cordial.com/"
        )

        // Exponea: manual push tracking (no swizzling); the app group its extension writes delivery data to.
        Exponea.shared.configure(
            Exponea.ProjectSettings(projectToken: "example-token", authorization: .token("example-key")),
            pushNotificationTracking: .enabled(appGroup: AppGroup.identifier)
        )

        // Swrve: push on (or its token and push calls do nothing), the token handed over by the app, not swizzled.
        // With push on, `sharedInstance` makes Swrve's `SwrvePush` the notification delegate: taken back below.
        let swrve = SwrveConfig()
        swrve.pushEnabled = true
        swrve.autoCollectDeviceToken = false
        SwrveSDK.sharedInstance(withAppID: 0, apiKey: "example-key", config: swrve)

        // Atomic: the session that registers the token and resolves taps.
        AtomicTokens.login()

        // After every SDK: the app is the one notification delegate. A debug build stops here if an SDK kept it.
        UNUserNotificationCenter.current().delegate = self
        let ownsDelegate = Push.router.verifyNotificationCenterDelegate(self)
        assert(ownsDelegate, "a push SDK holds UNUserNotificationCenter.delegate")

        // Permission before the token: Exponea tracks a token only once notifications are allowed, and Cordial's own
        // permission request does nothing with `.APP`.
        Task {
            _ = try? await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound])
            application.registerForRemoteNotifications()
        }
        return true
    }

    // The token goes to every vendor delegate (`PushRouterConfiguration.deviceTokenVendors`). By now every SDK has
    // run its deferred set-up too (Cordial's swizzling runs on the main queue after `initialize`): check again.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        Push.router.verifyNotificationCenterDelegate(self)
        let token = PushDeviceToken(data: deviceToken)
        Task { await Push.router.routeDeviceToken(token) }
    }

    // Silent pushes: answered within the router's 25 seconds, whatever the delegate does. The handler is not
    // `@Sendable` in any SDK; the router calls it on this actor.
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        Push.router.routeSilentDelivery(userInfo: userInfo) { completionHandler($0.backgroundFetchResult) }
    }

    // `UNUserNotificationCenterDelegate` has no actor isolation and `UNNotification` is not `Sendable`: the callbacks
    // are `nonisolated`, and the router takes the objects on the caller's executor. The async forms are declared the
    // same by every SDK (the completion-handler forms gained `@Sendable` with iOS 18).
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        await Push.router.presentationOptions(for: notification)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse
    ) async {
        await Push.router.routeTap(response)
    }
}
