/// Braze pushes, recognised as Braze's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): `ab` is a non-empty dictionary (``PushMarker/brazeAB``). BrazeKit's own
///   `Braze.Notifications.isBrazeNotification(_:)` is closed source; this is the open-source compatibility layer's
///   `ABKPushUtils isAppboyRemoteNotification:` in braze-swift-sdk. An empty dictionary, or a string or array under
///   `ab`, is not Braze's.
/// - FCM (Android): `_ab` is exactly the string `"true"` (``PushMarker/brazeABFlag``):
///   `BrazeFirebaseMessagingService.isBrazePushNotification`'s Kotlin `==`, so `"True"` and `"1"` fail.
///
/// Silent: on iOS `ABKPushUtils isAppboySilentRemoteNotification:` (a non-empty `aps` whose `content-available` has an
/// `intValue` of 1); on Android a push without both `t` and `a` is not a notification message
/// (`isNotificationMessage`), only broadcast to the app. Braze's keys `t` (title), `a` (body), `uri` (deep link), `cid`
/// (campaign) and `br_p_id` (push id) were read from a decompiled `com.braze.Constants`; on iOS the device shows the
/// APNs alert and no message id or link is read.
public struct BrazeDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/braze``.
    public var vendor: PushVendor { .braze }

    /// `ab` and `_ab`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["ab", "_ab"]) }

    /// ``PushMarker/brazeAB`` for an APNs payload whose `ab` is a non-empty dictionary; ``PushMarker/brazeABFlag`` for
    /// FCM data whose `_ab` is `"true"`.
    public func match(_ payload: PushPayload) -> PushMatch? {
        switch payload.shape {
        case .apns:
            guard let ab = payload["ab"]?.objectValue, !ab.isEmpty else { return nil }
            return PushMatch(payload, marker: .brazeAB)
        case .fcm:
            return payload["_ab"]?.isString("true") == true ? PushMatch(payload, marker: .brazeABFlag) : nil
        }
    }

    /// iOS: a non-empty `aps` whose `content-available` reads as 1 through `intValue`. Android: `t` or `a` is missing.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        switch payload.shape {
        case .apns:
            guard let aps = payload.aps, !aps.isEmpty, let flag = aps["content-available"] else { return false }
            return SDKConversions.objectiveCIntValue(flag) == 1
        case .fcm:
            return !(payload.object.contains("t") && payload.object.contains("a"))
        }
    }

    /// On Android: title `t`, body `a`, message id `br_p_id` (else campaign `cid`), deep link `uri`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        guard payload.shape == .fcm else { return }
        notification.setAndroidText(from: payload, title: "t", body: "a")
        notification.messageID = payload["br_p_id"]?.stringValue ?? payload["cid"]?.stringValue
        if let uri = payload["uri"]?.stringValue, !uri.isEmpty { notification.defaultAction = .deepLink(uri) }
    }
}
