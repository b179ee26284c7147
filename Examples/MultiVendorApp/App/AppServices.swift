// The app's own services the push delegates call: where deep links and Atomic stream containers open.
import PushPayloads

/// Opens what a tap points at, on the main actor.
@MainActor
final class DeepLinks {
    static let shared = DeepLinks()

    private(set) var opened: [String] = []

    /// Opens a deep link, URL or campaign the SDK did not open itself.
    func open(_ action: PushAction?) {
        guard let action, let url = action.url ?? action.campaignID else { return }
        opened.append(url)
    }

    /// Opens a link an SDK hands over (Cordial's deep-link delegate); returns whether the app handles it.
    func open(url: String) -> Bool {
        opened.append(url)
        return true
    }

    /// Shows an Atomic stream container, scrolled to the card.
    func openStreamContainer(_ containerID: String, card cardInstanceID: String) {
        opened.append("atomic://\(containerID)/\(cardInstanceID)")
    }
}
