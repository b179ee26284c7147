import PushPayloadsJSON

extension PushPayload {
    /// Whether iOS hands the push to the app's notification service extension, which is where Exponea's and
    /// Swrve's SDKs replace the text the device shows.
    ///
    /// Apple's rule ("Generating a remote notification", the `aps` key table; "Modifying content in newly
    /// delivered notifications"): `mutable-content` is the number 1, and the extension only runs for a push
    /// the system displays as an alert, not for one that only plays a sound or sets a badge. So:
    ///
    /// - `mutable-content` is a JSON number whose value is 1 (`1`, `1.0`); `0`, `true` and `"1"` are not the
    ///   number 1 (a Boolean and a string), and absent means no extension. The value test is the one
    ///   ``PushNotification/isMutableContent`` and ``PushNotification/isContentAvailable`` use.
    /// - `aps.alert` shows something: a non-empty string, or a dictionary with a non-empty `title`,
    ///   `subtitle` or `body` string or a localisation key (`title-loc-key`, `subtitle-loc-key`,
    ///   `loc-key`). `""` and `{}` show nothing, so the extension does not run.
    public var runsServiceExtension: Bool {
        guard let aps, aps["mutable-content"]?.numberValue?.int64Value == 1, let alert = aps["alert"] else {
            return false
        }
        return Self.showsAlert(alert)
    }

    /// Whether an `aps.alert` value gives iOS something to display.
    package static func showsAlert(_ alert: JSONValue) -> Bool {
        // Read in place: whether a string is empty needs no String built.
        if alert.kind == .string { return !alert.isEmptyString }
        guard let alert = alert.objectValue else { return false }
        for key: StaticString in ["title", "subtitle", "body", "title-loc-key", "subtitle-loc-key", "loc-key"] {
            let text = key.withUTF8Buffer { alert[unsafeUTF8: $0] }
            if let text, text.kind == .string, !text.isEmptyString { return true }
        }
        return false
    }
}
