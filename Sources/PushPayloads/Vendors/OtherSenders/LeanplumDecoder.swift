/// Leanplum pushes, recognised as Leanplum's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): `_lpm`, `_lpu`, `_lpn` or `_lpv` is present, of any type: `Utilities.messageIdFromUserInfo` returns
///   the first of them, and `nil` means the push is not Leanplum's (``PushMarker/leanplumMessageID``). `_lpx`, the
///   action, does not count on its own.
/// - FCM (Android): `lp_message` is present (`LeanplumFirebaseServiceHandler.onMessageReceived`,
///   ``PushMarker/leanplumMessage``): without it Leanplum builds no notification.
///
/// Silent on Android: `lp_silent_track` is present (the silent-track channel, never displayed). On iOS the APNs rule.
/// The message id is the first of `_lpm`, `_lpu`, `_lpn`, `_lpv` (iOS prints a number as `NSNumber` does; Android reads
/// strings only). A tap runs `_lpx` when it is the `Open URL` action. Android shows `lp_message` as the body; no title
/// key of Leanplum's own was found, so the title is the vendor-neutral reading.
public struct LeanplumDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/leanplum``.
    public var vendor: PushVendor { .leanplum }

    /// The four message id keys and `lp_message`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: Self.messageIDKeys + ["lp_message"]) }
    static let messageIDKeys = ["_lpm", "_lpu", "_lpn", "_lpv"]

    /// ``PushMarker/leanplumMessageID`` (APNs) or ``PushMarker/leanplumMessage`` (FCM).
    public func match(_ payload: PushPayload) -> PushMatch? {
        switch payload.shape {
        case .apns:
            return Self.messageIDKeys.contains { payload.object.contains($0) }
                ? PushMatch(payload, marker: .leanplumMessageID) : nil
        case .fcm:
            return payload.object.contains("lp_message") ? PushMatch(payload, marker: .leanplumMessage) : nil
        }
    }

    /// Android: `lp_silent_track` is present. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        match.payload.isSilent(onAndroid: match.payload.object.contains("lp_silent_track"))
    }

    /// The message id and the `Open URL` action; on Android also the body `lp_message`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        switch payload.shape {
        case .apns:
            // The first key present wins, whatever its type.
            if let value = Self.messageIDKeys.lazy.compactMap({ payload[$0] }).first {
                notification.messageID = SDKConversions.appleStringValue(value)
            }
        case .fcm:
            notification.messageID = Self.messageIDKeys.lazy.compactMap { payload[$0]?.stringValue }.first
            notification.body = payload["lp_message"]?.stringValue
        }
        if let action = payload.nestedJSON("_lpx")?.objectValue, action["__name__"]?.isString("Open URL") == true,
            let url = action["URL"]?.stringValue, !url.isEmpty
        {
            notification.defaultAction = .openURL(url)
        }
    }
}
