extension ExponeaDecoder: PushMessageIdentifying {
    /// `notification_id` (Android's duplicate check); without it, the campaign id together with
    /// `attributes.sent_timestamp`; without both, nothing (a campaign id alone is shared by every push of the
    /// campaign).
    public func messageKey(for notification: PushNotification) -> String? {
        guard let exponea = notification.exponea else { return nil }
        if let id = exponea.notificationID { return "notification_id:\(id)" }
        guard let campaign = exponea.campaignID, let sent = exponea.sentTimestamp else { return nil }
        return "campaign:\(campaign)@\(sent)"
    }
}
