// Cordial opens a tapped push's deep link only through this delegate: `processAppOpenViaPushNotificationTap` records
// the tap and the link's open event, then calls `CordialApiConfiguration.shared.cordialDeepLinksDelegate` on the main
// queue (cordial-ios-sdk `InternalCordialAPI.processPushNotificationDeepLink`). Without it set, the link opens
// nowhere. The app opens it here, and only here, which is why `PushTap.vendorSDKOpensTarget` is true for Cordial.
import CordialSDK
import Foundation
import UIKit

final class CordialDeepLinks: CordialDeepLinksDelegate {
    func openDeepLink(
        deepLink: CordialDeepLink,
        fallbackURL: URL?,
        completionHandler: @escaping (CordialDeepLinkActionType) -> Void
    ) {
        open(deepLink, fallbackURL: fallbackURL, completionHandler: completionHandler)
    }

    func openDeepLink(
        deepLink: CordialDeepLink,
        fallbackURL: URL?,
        scene: UIScene,
        completionHandler: @escaping (CordialDeepLinkActionType) -> Void
    ) {
        open(deepLink, fallbackURL: fallbackURL, completionHandler: completionHandler)
    }

    private func open(
        _ deepLink: CordialDeepLink,
        fallbackURL: URL?,
        completionHandler: (CordialDeepLinkActionType) -> Void
    ) {
        let url = deepLink.url.absoluteString
        // Cordial calls its deep-link delegate on the main queue.
        let opened = MainActor.assumeIsolated { DeepLinks.shared.open(url: url) }
        // A link the app cannot open goes to the browser (Cordial opens the fallback URL, or the link itself).
        completionHandler(opened ? .NO_ACTION : .OPEN_IN_BROWSER)
    }
}
