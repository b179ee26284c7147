/// Expo pushes, recognised by the envelope Expo's push service sends (``PushMarker/expoPushService``): a
/// string `experienceId` or `scopeKey`, and `body` an object (iOS, read as `userInfo["body"] as? [String:
/// Any]`) or a string holding a JSON object (FCM data, parsed with `JSONObject(…)`).
///
/// This is a convention of Expo's server, not a rule of its SDK: expo-notifications has no "is this ours"
/// check (`FirebaseMessagingDelegate.onMessageReceived` turns every message into an Expo notification, and
/// iOS hands every push to it). So the marker is not an entry point's rule, and Expo is the weakest claim
/// after Firebase's: it comes after Klaviyo, whose iOS marker also lives in `body`.
///
/// There is no silent rule: silence is the APNs rule. On Android the notification shows `title`, `subtitle`
/// and `message` (`body` is the app's data, not text) and its identifier is `tag` when present.
public struct ExpoDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/expo``.
    public var vendor: PushVendor { .expo }

    /// `experienceId` and `scopeKey`.
    public var markerKeys: PushMarkerKeys? { Self.markerKeys }

    static let markerKeys = PushMarkerKeys(keys: ["experienceId", "scopeKey"])

    /// Whether the payload has the Expo push service's envelope.
    public func recognizes(_ payload: PushPayload) -> Bool {
        guard payload["experienceId"]?.kind == .string || payload["scopeKey"]?.kind == .string,
            let body = payload["body"]
        else { return false }
        switch payload.shape {
        case .apns: return body.kind == .object
        case .fcm: return payload.embeddedJSON(body)?.kind == .object
        }
    }

    /// ``PushMarker/expoPushService`` when ``recognizes(_:)`` is true.
    public func marker(in payload: PushPayload) -> PushMarker? {
        recognizes(payload) ? .expoPushService : nil
    }

    /// On Android: `title`, `subtitle`, `message` and the identifier `tag`.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        guard payload.shape == .fcm else { return }
        notification.setAndroidText(from: payload, body: "message", keepsSubtitle: true)
        notification.messageID = payload["tag"]?.stringValue
    }
}
