extension CordialDecoder: PushMessageIdentifying {
    /// `mcID`, the message-contact id, when it is not empty.
    public func messageKey(for notification: PushNotification) -> String? {
        guard let mcID = notification.cordial?.mcID, !mcID.isEmpty else { return nil }
        return mcID
    }
}
