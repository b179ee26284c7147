// The app owns both delegate slots and hands every event to the router; no vendor SDK swizzles.
// (`@main` and `UIApplicationMain` are left out: the stand-in UIKit has no run loop to start.)
import CordialSDK
import Foundation
import PushPayloads
import PushPayloadsFoundation
import PushRouting
import UIKit
import UserNotifications

@MainActor
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // Cordial: the app, not the SDK, owns the notification delegate and forwards events.
        CordialApiConfiguration.shared.pushesConfiguration = .APP
        UNUserNotificationCenter.current().delegate = self
        application.registerForRemoteNotifications()
        return true
    }

    // The token goes to every vendor delegate (`PushRouterConfiguration.deviceTokenVendors`).
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        let token = PushDeviceToken(data: deviceToken)
        Task { await Push.router.routeDeviceToken(token) }
    }

    // Silent pushes: answered within the router's 25 seconds, whatever the delegate does.
    func application(
        _ application: UIApplication,
        didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping UIFetchHandler
    ) {
        Push.router.routeSilentDelivery(userInfo: userInfo) { completionHandler($0.backgroundFetchResult) }
    }

    // `UNUserNotificationCenterDelegate` has no actor isolation and `UNNotification` is not `Sendable`:
    // the callbacks are `nonisolated`, and the router takes the objects on the caller's executor.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping UNPresentationHandler
    ) {
        Push.router.routeForegroundDelivery(of: notification, completionHandler: completionHandler)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter,
        didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping UNResponseHandler
    ) {
        Push.router.routeTap(response, completionHandler: completionHandler)
    }
}
