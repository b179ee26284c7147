/// Airship (Urban Airship) pushes, recognised as Airship's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): `_` (the send id), `com.urbanairship.metadata` or `com.urbanairship.media_attachment` is
///   present, of any type (``PushMarker/airshipNotificationKeys``): `UNNotificationRequest.isAirship` in the
///   notification service extension module. AirshipCore handles every push it is given without a check of
///   its own, so the marker is not an entry point's rule. The key `_` is matched exactly, never as a prefix.
/// - FCM (Android): `com.urbanairship.push.PUSH_ID`, `com.urbanairship.push.CANONICAL_PUSH_ID` or
///   `com.urbanairship.metadata` is present (`PushMessage.isAirshipPush`, ``PushMarker/airshipPushID``).
///   Keys that merely start with `com.urbanairship` do not count (`containsAirshipKeys()` is not the gate),
///   and Accengage's `a4sid`, which `IncomingPushRunnable` also takes, is Accengage's, not an Airship push.
///
/// Silent on Android: `com.urbanairship.push.PING` is present (an internal push), or
/// `com.urbanairship.push.ALERT` is absent or empty (`AirshipNotificationProvider` posts nothing). On iOS
/// the APNs rule. The message id is the send id (`_`, Android `PUSH_ID`, else `CANONICAL_PUSH_ID`); Android
/// shows `com.urbanairship.title` and `com.urbanairship.push.ALERT`, and a tap runs the deep-link action
/// `^d` (or `deep_link_action`) of `com.urbanairship.actions`.
public struct AirshipDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/airship``.
    public var vendor: PushVendor { .airship }

    /// The id and metadata keys of both platforms.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: Self.appleKeys + Self.androidKeys) }
    static let appleKeys = ["_", "com.urbanairship.metadata", "com.urbanairship.media_attachment"]
    static let androidKeys = [
        "com.urbanairship.push.PUSH_ID", "com.urbanairship.push.CANONICAL_PUSH_ID", "com.urbanairship.metadata",
    ]

    /// ``PushMarker/airshipNotificationKeys`` (APNs) or ``PushMarker/airshipPushID`` (FCM).
    public func match(_ payload: PushPayload) -> PushMatch? {
        let object = payload.object
        switch payload.shape {
        case .apns:
            return Self.appleKeys.contains { object.contains($0) }
                ? PushMatch(payload, marker: .airshipNotificationKeys) : nil
        case .fcm:
            return Self.androidKeys.contains { object.contains($0) } ? PushMatch(payload, marker: .airshipPushID) : nil
        }
    }

    /// Android: a ping, or no alert to post. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        return payload.isSilent(
            onAndroid: payload.object.contains("com.urbanairship.push.PING")
                || SDKConversions.isJavaEmpty(payload["com.urbanairship.push.ALERT"])
        )
    }

    /// The send id; on Android also the title, the alert and the deep-link action.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        switch payload.shape {
        case .apns:
            notification.messageID = payload["_"]?.stringValue
        case .fcm:
            notification.messageID =
                payload["com.urbanairship.push.PUSH_ID"]?.stringValue
                ?? payload["com.urbanairship.push.CANONICAL_PUSH_ID"]?.stringValue
            notification.setAndroidText(
                from: payload,
                title: "com.urbanairship.title",
                body: "com.urbanairship.push.ALERT"
            )
            let actions = payload.nestedJSON("com.urbanairship.actions")?.objectValue
            if let link = (actions?["^d"] ?? actions?["deep_link_action"])?.stringValue, !link.isEmpty {
                notification.defaultAction = .deepLink(link)
            }
        }
    }
}
