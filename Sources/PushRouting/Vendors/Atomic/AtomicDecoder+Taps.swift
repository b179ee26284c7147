public import PushPayloads

extension AtomicDecoder: PushTapHandling {
    /// The card (``PushTapResolution/card(_:)``), which the app opens in its stream container.
    public func resolveDefaultTap(on notification: PushNotification) -> PushTapResolution {
        if let atomic = notification.atomic { return .card(PushCard(atomic: atomic)) }
        return .defaultAction(notification.defaultAction)
    }

    /// Unknown: Atomic's pushes have no buttons.
    public func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
        .unresolved(actionIdentifier: actionIdentifier, reason: .unknownIdentifier)
    }

    // `opensTapTarget` keeps its default, `false`: Atomic's SDK opens nothing; the app opens the card's stream
    // container.
}

extension PushCard {
    /// Atomic's card: `AACPushNotification`'s container, card instance and custom data.
    public init(atomic notification: AtomicPushNotification) {
        self.init(
            vendor: .atomic,
            containerID: notification.containerID,
            cardInstanceID: notification.cardInstanceID,
            detail: notification.detail
        )
    }
}
