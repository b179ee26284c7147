extension SwrveDecoder: PushMessageIdentifying {
    /// On Android (FCM shape): `_sid`, the only key `SwrvePushSidDeDuper` compares; without it, nothing (Android shows
    /// every copy). On iOS (APNs shape): `_sp` for a silent push, else `_p`, the ids `SwrvePush` and
    /// `SwrveNotificationManager` compare; a QA push (`"0"`) is never dropped.
    public func messageKey(for notification: PushNotification) -> String? {
        guard let swrve = notification.swrve else { return nil }
        if notification.shape == .fcm { return swrve.uniqueMessageID.map { "_sid:\($0)" } }
        guard let id = swrve.silentPushID ?? swrve.pushID, id != "0" else { return nil }
        return id
    }
}
