public import PushPayloads

extension CordialDecoder: PushTapHandling {
    /// An identifier ending in `.next` or `.previous` (see ``PushCarouselStep``) on a push with a carousel steps through
    /// it; Cordial's content extension handles these on screen (`.doNotDismiss`), so the router never hands them to the
    /// app. Any other identifier is the main action: Cordial's SDK never reads the identifier and treats every tap that
    /// reaches the app as a tap on the notification.
    public func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
        if let carousel = notification.cordial?.carousel, !carousel.isEmpty {
            let reversed = actionIdentifier.utf8.reversed()
            if reversed.starts(with: ".next".utf8.reversed()) { return .carousel(.next) }
            if reversed.starts(with: ".previous".utf8.reversed()) { return .carousel(.previous) }
        }
        return .defaultAction(notification.defaultAction)
    }

    /// `true`: `processAppOpenViaPushNotificationTap` records the open for attribution and opens the deep link through
    /// the app's `CordialApiConfiguration.shared.cordialDeepLinksDelegate`, which the app must set: without it the link
    /// opens nowhere.
    public var opensTapTarget: Bool { true }
}
