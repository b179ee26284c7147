/// Salesforce Marketing Cloud MobilePush pushes, recognised by `_sid`, on the platform the payload's shape
/// names. Both SDKs are closed source (`docs/other-senders.md`):
///
/// - FCM (Android): `_sid` is `SFMC`, ignoring case as Java's `equalsIgnoreCase` does
///   (``PushMarker/salesforceSID``): `PushMessageManager.isMarketingCloudPush`, read from decompiled copies
///   of the SDK, which agree.
/// - APNs (iOS): `_sid` is the string `SFMC` exactly (``PushMarker/salesforceSIDWrapper``). No copy of the
///   iOS SDK's check could be read; this is a third-party wrapper's `isMarketingCloudNotification`, so the
///   marker is not an entry point's rule.
///
/// No silent rule could be confirmed: silence is the APNs rule. On Android the decompiled key constants give
/// the message id `_m`, the title `title`, subtitle `subtitle`, body `alert` and open-direct URL `_od`; on
/// iOS none of them is confirmed, so only the APNs alert is read.
public struct SalesforceDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/salesforce``.
    public var vendor: PushVendor { .salesforce }

    /// `_sid`.
    public var markerKeys: PushMarkerKeys? { Self.markerKeys }

    static let markerKeys = PushMarkerKeys(keys: ["_sid"])

    /// Whether `_sid` is `SFMC` by the shape's rule.
    public func recognizes(_ payload: PushPayload) -> Bool { marker(in: payload) != nil }

    /// ``PushMarker/salesforceSID`` (FCM) or ``PushMarker/salesforceSIDWrapper`` (APNs).
    public func marker(in payload: PushPayload) -> PushMarker? {
        guard let sid = payload["_sid"] else { return nil }
        switch payload.shape {
        case .apns: return sid.isString("SFMC") ? .salesforceSIDWrapper : nil
        case .fcm: return SDKConversions.javaEqualsIgnoringCase(sid, "SFMC") ? .salesforceSID : nil
        }
    }

    /// On Android: the message id, title, subtitle, body and open-direct URL.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        guard payload.shape == .fcm else { return }
        notification.messageID = payload["_m"]?.stringValue
        notification.setAndroidText(from: payload, body: "alert", keepsSubtitle: true)
        if let url = payload["_od"]?.stringValue, !url.isEmpty { notification.defaultAction = .deepLink(url) }
    }
}
