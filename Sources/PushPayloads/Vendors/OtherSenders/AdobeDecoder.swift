/// Adobe Journey Optimizer (AEP Messaging) pushes, recognised as Adobe's SDKs do, on the platform the payload's shape
/// names:
///
/// - APNs (iOS): `_xdm` is a non-empty dictionary (the guard of `Messaging.handleNotificationResponse`,
///   ``PushMarker/adobeXDM``); an empty one, or a JSON string, is not Adobe's.
/// - FCM (Android): `_xdm` or `adb_title` is present (`MessagingService.isAJONotification`, ``PushMarker/adobeAJO``).
///
/// Silent on Android: neither `adb_title` nor `adb_body` is present (`MessagingPushPayload.isSilentPushMessage`). On
/// iOS the APNs rule. Neither SDK keeps a message id in the payload (iOS uses the request identifier, Android the FCM
/// message id). A tap follows `adb_uri`: on Android as `adb_a_type` says (`DEEPLINK`, `WEBURL`, `DISMISS`, `OPENAPP`;
/// absent opens the app), on iOS as a deep link. Android shows `adb_title` and `adb_body`.
public struct AdobeDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/adobe``.
    public var vendor: PushVendor { .adobe }

    /// `_xdm` and `adb_title`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["_xdm", "adb_title"]) }

    /// ``PushMarker/adobeXDM`` (APNs) or ``PushMarker/adobeAJO`` (FCM).
    public func match(_ payload: PushPayload) -> PushMatch? {
        switch payload.shape {
        case .apns:
            guard let xdm = payload["_xdm"]?.objectValue, !xdm.isEmpty else { return nil }
            return PushMatch(payload, marker: .adobeXDM)
        case .fcm:
            return payload.object.contains("_xdm") || payload.object.contains("adb_title")
                ? PushMatch(payload, marker: .adobeAJO) : nil
        }
    }

    /// Android: `adb_title` and `adb_body` are both absent. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        return payload.isSilent(
            onAndroid: !payload.object.contains("adb_title") && !payload.object.contains("adb_body")
        )
    }

    /// The click-through action; on Android also `adb_title` and `adb_body`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        let uri = payload["adb_uri"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        switch payload.shape {
        case .apns:
            if let uri { notification.defaultAction = .deepLink(uri) }
        case .fcm:
            notification.setAndroidText(from: payload, title: "adb_title", body: "adb_body")
            switch payload["adb_a_type"]?.stringValue {
            case "DEEPLINK": notification.defaultAction = uri.map { .deepLink($0) } ?? .openApp
            case "WEBURL": notification.defaultAction = uri.map(PushAction.openURL) ?? .openApp
            case "DISMISS": notification.defaultAction = .dismiss
            default: notification.defaultAction = .openApp
            }
        }
    }
}
