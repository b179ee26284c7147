extension PushNotification {
    /// Sets the text an Android SDK shows when it builds its notification from the data keys `titleKey` and
    /// `bodyKey`, without a subtitle.
    ///
    /// The vendor-neutral FCM reading already holds `title`, `subtitle`, and `body` (else `text`), so only
    /// what differs is read again: decoding a string allocates, and this runs for every such push.
    mutating func setAndroidText(from payload: PushPayload, title titleKey: String = "title", body bodyKey: String) {
        if titleKey != "title" { title = payload[titleKey]?.stringValue }
        subtitle = nil
        if bodyKey == "body" {
            // The neutral reading falls back to `text`; these SDKs don't.
            if payload.object["body"] == nil { body = nil }
        } else {
            body = payload[bodyKey]?.stringValue
        }
    }
}
