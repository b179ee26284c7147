/// Customer.io pushes, recognised as Customer.io's SDKs do: `CIO-Delivery-ID` and `CIO-Delivery-Token` are both strings
/// (``PushMarker/customerIODelivery``). iOS casts both with `as? String` (`PushNotification.isPushSentFromCio`), so a
/// number fails; Android's `CustomerIOPushNotificationHandler.handleMessage` needs both from `getString`, and FCM data
/// holds only strings, so the one rule serves both shapes.
///
/// Neither SDK has a silent rule: silence is the APNs rule. The message id is `CIO-Delivery-ID`. A tap opens the deep
/// link, `CIO.push.link` on iOS and `link` on Android, where the notification shows `title` and `body`.
public struct CustomerIODecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/customerio``.
    public var vendor: PushVendor { .customerio }

    /// `CIO-Delivery-ID`, which every Customer.io push has.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["CIO-Delivery-ID"]) }

    /// ``PushMarker/customerIODelivery`` when both delivery keys are strings.
    public func match(_ payload: PushPayload) -> PushMatch? {
        payload["CIO-Delivery-ID"]?.kind == .string && payload["CIO-Delivery-Token"]?.kind == .string
            ? PushMatch(payload, marker: .customerIODelivery) : nil
    }

    /// The delivery id and the deep link; on Android also `title` and `body`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        notification.messageID = payload["CIO-Delivery-ID"]?.stringValue
        let link: String?
        switch payload.shape {
        case .apns:
            link = payload["CIO"]?["push"]?["link"]?.stringValue
        case .fcm:
            link = payload["link"]?.stringValue
            notification.setAndroidText(from: payload, body: "body")
        }
        if let link, !link.isEmpty { notification.defaultAction = .deepLink(link) }
    }
}
