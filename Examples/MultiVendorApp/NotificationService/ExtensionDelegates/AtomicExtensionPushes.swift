// Atomic's delivery tracking, from `AACSession.h` (action-cards-ios-sdk-releases 25.2.0): the extension is a process of
// its own, so the session is logged in here before `trackPushNotificationReceived` (without a session the SDK has no
// user to track for); then the content unchanged.
import AtomicSDK
import PushRouting

struct AtomicExtensionPushes: PushRouterDelegate {
    /// Logs in once per extension process, on first use.
    private static let session: Void = AtomicTokens.login()

    // `+[AACSession trackPushNotificationReceived:completionHandler:]`.
    func didReceiveServiceExtensionRequest(_ request: PushServiceExtensionRequest) async throws {
        Self.session
        try await withVendorCompletionHandler { done in
            AACSession.trackPushNotificationReceived(request.origin.userInfo) { _ in done(()) }
        }
        request.deliver(.original)
    }
}
