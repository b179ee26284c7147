public import PushPayloads

extension AtomicDecoder: PushTapHandling {
    /// The card (``PushTapResolution/card(_:)``), which the app opens in its stream container.
    public func resolveDefaultTap(on notification: PushNotification) -> PushTapResolution {
        if let card = notification.atomic { return .card(card) }
        return .defaultAction(notification.defaultAction)
    }

    /// Unknown: Atomic's pushes have no buttons.
    public func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
        .unresolved(actionIdentifier: actionIdentifier, reason: .unknownIdentifier)
    }

    // `opensTapTarget` keeps its default, `false`: Atomic's SDK opens nothing; the app opens the card's stream
    // container.
}
