/// Expo pushes, recognised by the fields Expo's documentation requires in a push sent to an Expo app
/// (``PushMarker/expoScopeKeys``): `experienceId` and `scopeKey`, both strings, on either wire shape ("Send
/// notifications with FCM and APNs": "The `experienceId` and `scopeKey` fields are required").
///
/// This is a payload format the vendor documents, not a rule of its SDK: expo-notifications has no "is this ours" check
/// (`FirebaseMessagingDelegate.onMessageReceived` turns every message into an Expo notification, and iOS hands every
/// push to it). So the marker is not an entry point's rule, and Expo is one of the weakest claims: it comes after
/// Klaviyo, whose iOS marker lives in `body`, which Expo pushes carry too (the app's data: an object on iOS, a string
/// holding a JSON object in FCM data). `body` is not part of the rule: the documentation's APNs example has none.
///
/// There is no silent rule: silence is the APNs rule. On Android the notification shows `title`, `subtitle` and
/// `message` (`body` is the app's data, not text) and its identifier is `tag` when present.
public struct ExpoDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/expo``.
    public var vendor: PushVendor { .expo }

    /// `experienceId` and `scopeKey`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["experienceId", "scopeKey"]) }

    /// ``PushMarker/expoScopeKeys`` when the payload carries it.
    public func match(_ payload: PushPayload) -> PushMatch? {
        payload["experienceId"]?.kind == .string && payload["scopeKey"]?.kind == .string
            ? PushMatch(payload, marker: .expoScopeKeys) : nil
    }

    /// On Android: `title`, `subtitle`, `message` and the identifier `tag`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        guard payload.shape == .fcm else { return }
        // The neutral FCM reading already holds `title` and `subtitle`, which Expo shows too.
        notification.body = payload["message"]?.stringValue
        notification.messageID = payload["tag"]?.stringValue
    }
}
