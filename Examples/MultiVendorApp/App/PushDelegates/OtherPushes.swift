// The fallback: pushes of senders this app recognises but runs no SDK for (the fifth sender, Braze,
// named by the extended registry) and pushes no decoder recognises.
import PushPayloads
import PushRouting

struct OtherPushes: PushRouterDelegate {
    func willPresentPush(_ notification: PushNotification, origin: PushOrigin) async throws -> PushPresentation {
        notification.vendor == .braze ? [.banner, .list, .sound] : [.list]
    }

    // No SDK opens anything here: the app opens the push's own target.
    @MainActor
    func didTapPush(_ tap: PushTap) async throws {
        DeepLinks.shared.open(tap.action)
    }
}
