/// Pushwoosh pushes: `pw_msg` is present, of any type (iOS `PWMessage isPushwooshMessage:`, Android
/// `PushwooshFcmHelper.isPushwooshMessage` → `RemoteMessageUtils`; ``PushMarker/pushwooshMessage``). The one rule
/// serves both shapes. Pushwoosh is never recognised by its hash `p`, which Braze's Android payloads also use (for
/// priority).
///
/// Silent on Android: `silent` or `pw_silent` is a true "string Boolean" (`PushBundleDataProvider.isSilent`: exactly
/// `"true"`, or an integer above 0 by `Integer.parseInt`). On iOS the APNs rule: the SDK's `contentAvailable` flag
/// (`aps.content-available` present) does not keep iOS from showing an alert. The message id is the hash `p`; a tap
/// opens the link `l`. Android shows `header` as the title and, as `getMessage` reads it, `title` as the body.
public struct PushwooshDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/pushwoosh``.
    public var vendor: PushVendor { .pushwoosh }

    /// `pw_msg`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["pw_msg"]) }

    /// ``PushMarker/pushwooshMessage`` when `pw_msg` is present.
    public func match(_ payload: PushPayload) -> PushMatch? {
        payload.object.contains("pw_msg") ? PushMatch(payload, marker: .pushwooshMessage) : nil
    }

    /// Android: `silent` or `pw_silent` is a true string Boolean. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        return payload.isSilent(
            onAndroid: Self.isStringTrue(payload["silent"]) || Self.isStringTrue(payload["pw_silent"])
        )
    }

    /// `PushBundleDataProvider.getStringBoolean`: `"true"` exactly, or a string `Integer.parseInt` reads as more than
    /// 0.
    static func isStringTrue(_ value: JSONValue?) -> Bool {
        guard let text = value?.stringValue else { return false }
        return text == "true" || SDKConversions.javaParseInt(text).map { $0 > 0 } ?? false
    }

    /// The hash and the link; on Android also the header and the message.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        notification.messageID = payload["p"]?.stringValue
        if payload.shape == .fcm {
            notification.setAndroidText(from: payload, title: "header", body: "title")
        }
        if let link = payload["l"]?.stringValue, !link.isEmpty { notification.defaultAction = .openURL(link) }
    }
}
