/// CleverTap pushes, recognised as CleverTap's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): some top-level key starts with `W$` or `wzrk_`, case-sensitive, whatever its value
///   (`CleverTap isCleverTapNotification:` → `_isCTPushNotification:`, ``PushMarker/cleverTapKeyPrefix``). Only
///   top-level keys count.
/// - FCM (Android): `wzrk_pn` is present (`CleverTapAPI.getNotificationInfo`'s `fromCleverTap`,
///   ``PushMarker/cleverTapPushFlag``); other `wzrk_` keys alone do not count there.
///
/// The iOS rule is the broadest of all: any `wzrk_` key claims the push, so CleverTap comes after every sender with
/// exact keys in ``PushDecoderRegistry/extended``.
///
/// Silent on Android: no `nm`, so `shouldRender` is false. On iOS the APNs rule. The message id is `wzrk_id` (Android:
/// the push id `wzrk_pid`, else `wzrk_id`); a tap opens the deep link `wzrk_dl`; Android shows `nt` and `nm`.
public struct CleverTapDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/clevertap``.
    public var vendor: PushVendor { .clevertap }

    /// The prefixes `W$` and `wzrk_` (which cover `wzrk_pn`).
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: [], prefixes: ["W$", "wzrk_"]) }

    /// ``PushMarker/cleverTapKeyPrefix`` (APNs) or ``PushMarker/cleverTapPushFlag`` (FCM).
    public func match(_ payload: PushPayload) -> PushMatch? {
        switch payload.shape {
        case .apns:
            return payload.object.containsKey(where: Self.hasCleverTapPrefix)
                ? PushMatch(payload, marker: .cleverTapKeyPrefix) : nil
        case .fcm: return payload.object.contains("wzrk_pn") ? PushMatch(payload, marker: .cleverTapPushFlag) : nil
        }
    }

    /// `CTUtils doesString:startWith:` for `W$` and `wzrk_`: an exact, case-sensitive prefix.
    static func hasCleverTapPrefix(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count >= 2 else { return false }
        if key[0] == UInt8(ascii: "W") { return key[1] == UInt8(ascii: "$") }
        return key.count >= 5 && key[0] == UInt8(ascii: "w") && key[1] == UInt8(ascii: "z")
            && key[2] == UInt8(ascii: "r") && key[3] == UInt8(ascii: "k") && key[4] == UInt8(ascii: "_")
    }

    /// Android: `nm` is missing. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        match.payload.isSilent(onAndroid: !match.payload.object.contains("nm"))
    }

    /// The notification id, the deep link; on Android also `nt` and `nm`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        switch payload.shape {
        case .apns:
            notification.messageID = payload["wzrk_id"]?.stringValue
        case .fcm:
            notification.messageID = payload["wzrk_pid"]?.stringValue ?? payload["wzrk_id"]?.stringValue
            notification.setAndroidText(from: payload, title: "nt", body: "nm")
        }
        if let link = payload["wzrk_dl"]?.stringValue, !link.isEmpty { notification.defaultAction = .deepLink(link) }
    }
}
