/// MoEngage pushes on Android: `push_from` is exactly the string `moengage`
/// (``PushMarker/moEngagePushFrom``).
///
/// MoEngage's SDKs are closed source. The rule is `MoEPushHelper.isFromMoEngagePlatform` as a decompiled
/// PushBase 6.6.0 has it (`containsKey("push_from")` and `getString("push_from")` equal to `moengage`,
/// case-sensitive), which MoEngage's public React Native wrapper repeats (`data.push_from === 'moengage'`).
/// The iOS check, `MoEngageSDKMessaging.isPushFromMoEngage(withPayload:)`, could not be read at all, so an
/// APNs payload is never MoEngage's here (`docs/other-senders.md`).
///
/// No silent rule and no title or body keys could be confirmed: silence and text are the vendor-neutral
/// reading. The message id is `gcm_campaign_id`, which the decompiled caller reads after the check.
public struct MoEngageDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/moengage``.
    public var vendor: PushVendor { .moengage }

    /// `push_from`.
    public var markerKeys: PushMarkerKeys? { Self.markerKeys }

    static let markerKeys = PushMarkerKeys(keys: ["push_from"])

    /// Whether the payload is FCM data whose `push_from` is `moengage`.
    public func recognizes(_ payload: PushPayload) -> Bool {
        payload.shape == .fcm && payload["push_from"]?.isString("moengage") == true
    }

    /// ``PushMarker/moEngagePushFrom`` when ``recognizes(_:)`` is true.
    public func marker(in payload: PushPayload) -> PushMarker? {
        recognizes(payload) ? .moEngagePushFrom : nil
    }

    /// The campaign id `gcm_campaign_id`.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        notification.messageID = payload["gcm_campaign_id"]?.stringValue
    }
}
