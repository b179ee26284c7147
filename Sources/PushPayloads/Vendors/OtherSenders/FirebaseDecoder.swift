/// Pushes that carry Firebase Messaging's analytics flag (``PushMarker/firebaseAnalytics``): `google.c.a.e` is the
/// string `"1"` (the number 1 fails), the one test of a push's origin the SDKs make (iOS
/// `FIRMessagingAnalytics canLogNotification:`, Android `MessagingAnalytics.shouldUploadScionMetrics`); the composer
/// id `google.c.a.c_id` is read for the analytics event but not required. Firebase Messaging itself takes any non-empty dictionary
/// (`FIRMessaging appDidReceiveMessage:`), and any server using FCM (Customer.io, Expo, the Admin SDK) adds
/// `gcm.message_id` and other `google.c.*` keys: so the marker is not an entry point's rule, and Firebase comes last
/// in ``PushDecoderRegistry/extended``, claimed only when no other sender's marker is there.
///
/// On Android, `RemoteMessage.getData()` drops every `google.*` and `gcm.*` key, so an app's data map never matches; an
/// FCM-shaped payload that has these keys is a capture of the raw intent extras, the bundle the analytics gate reads.
/// There a push is shown only when `gcm.n.e` (or the legacy `gcm.notification.e`) is `"1"`
/// (`NotificationParams.isNotification`), so anything else is silent; the notification shows `gcm.n.title` and
/// `gcm.n.body` (or their `gcm.notification.*` forms) and the message id is `google.message_id`, else `message_id`. On
/// iOS silence is the APNs rule, the message id is `gcm.message_id`, and `gcm.app_link` is opened as a deep link.
public struct FirebaseDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/firebase``.
    public var vendor: PushVendor { .firebase }

    /// `google.c.a.e`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["google.c.a.e"]) }

    /// ``PushMarker/firebaseAnalytics`` when the payload carries it.
    public func match(_ payload: PushPayload) -> PushMatch? {
        payload["google.c.a.e"]?.isString("1") == true ? PushMatch(payload, marker: .firebaseAnalytics) : nil
    }

    /// Raw Android extras: not a display notification. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        return payload.isSilent(
            onAndroid:
                !(payload["gcm.n.e"]?.isString("1") == true || payload["gcm.notification.e"]?.isString("1") == true)
        )
    }

    /// The message id; on Android the notification's title and body, on iOS the app link.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        switch payload.shape {
        case .apns:
            notification.messageID = payload["gcm.message_id"]?.stringValue
            if let link = payload["gcm.app_link"]?.stringValue, !link.isEmpty {
                notification.defaultAction = .deepLink(link)
            }
        case .fcm:
            notification.messageID = payload["google.message_id"]?.stringValue ?? payload["message_id"]?.stringValue
            notification.title = Self.notificationField(payload, "title")
            notification.subtitle = nil
            notification.body = Self.notificationField(payload, "body")
        }
    }

    /// `NotificationParams.getString`: `gcm.n.<key>`, else the legacy `gcm.notification.<key>`.
    static func notificationField(_ payload: PushPayload, _ key: String) -> String? {
        payload["gcm.n." + key]?.stringValue ?? payload["gcm.notification." + key]?.stringValue
    }
}
