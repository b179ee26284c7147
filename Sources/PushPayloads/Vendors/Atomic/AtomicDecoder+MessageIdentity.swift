extension AtomicDecoder: PushMessageIdentifying {
    /// The card instance id.
    public func messageKey(for notification: PushNotification) -> String? { notification.atomic?.cardInstanceID }
}
