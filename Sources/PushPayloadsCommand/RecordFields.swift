import PushPayloads

/// The summary fields every format shows for a decoded payload.
enum RecordFields {
    /// `cordial`, `exponea`, `swrve`, `atomic` or `unknown`; with `--senders all`, also the other senders'
    /// names (`braze`, `onesignal`, …).
    static func vendorName(_ notification: PushNotification) -> String {
        notification.vendor?.name ?? Tally.unknownVendor
    }

    /// The default action's URL: the deep link or web page a tap opens (`nil` for open-app and cards).
    static func actionURL(_ notification: PushNotification) -> String? {
        notification.defaultAction.url
    }
}
