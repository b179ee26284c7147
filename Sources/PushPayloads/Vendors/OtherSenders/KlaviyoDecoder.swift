/// Klaviyo pushes, recognised as Klaviyo's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): `body` is a dictionary holding `_k`, of any type (`Dictionary.isKlaviyoNotification()`,
///   ``PushMarker/klaviyoBodyK``). A top-level `_k`, or a `body` that is a JSON string, is not Klaviyo's.
/// - FCM (Android): `_k` is present (`RemoteMessage.isKlaviyoMessage`, ``PushMarker/klaviyoK``).
///
/// `body` is a generic word (Expo puts an app's data there), so Klaviyo comes after every sender with exact
/// keys, and before Expo, in ``PushDecoderRegistry/extended``.
///
/// Silent on Android: a Klaviyo message with neither `title` nor `body` is not a notification
/// (`isKlaviyoNotification`). On iOS the APNs rule. There is no message id; a tap opens the top-level `url`
/// (on iOS too: not inside `body`); Android shows `title` and `body`.
public struct KlaviyoDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/klaviyo``.
    public var vendor: PushVendor { .klaviyo }

    /// `body` and `_k`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["body", "_k"]) }

    /// ``PushMarker/klaviyoBodyK`` (APNs) or ``PushMarker/klaviyoK`` (FCM).
    public func match(_ payload: PushPayload) -> PushMatch? {
        switch payload.shape {
        case .apns:
            return payload["body"]?.objectValue?.contains("_k") == true
                ? PushMatch(payload, marker: .klaviyoBodyK) : nil
        case .fcm: return payload.object.contains("_k") ? PushMatch(payload, marker: .klaviyoK) : nil
        }
    }

    /// Android: neither `title` nor `body` is present. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        return payload.isSilent(onAndroid: !payload.object.contains("title") && !payload.object.contains("body"))
    }

    /// The deep link `url`; on Android also `title` and `body`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        if payload.shape == .fcm { notification.setAndroidText(from: payload, body: "body") }
        if let url = payload["url"]?.stringValue, !url.isEmpty { notification.defaultAction = .deepLink(url) }
    }
}
