/// Batch pushes, recognised as Batch's SDKs do, on the platform the payload's shape names
/// (``PushMarker/batchPayload``):
///
/// - APNs (iOS): `com.batch` is a non-empty dictionary (`BatchPush isBatchPush:` → `BAPushCenter
///   isBatchPush:`); an empty one, or a JSON string, is not Batch's.
/// - FCM (Android): `com.batch` is present (`Batch.Push.isBatchPush` → `PushModule.isBatchPush`). Its value
///   is parsed as a JSON object only later (`InternalPushData`), not for the check.
///
/// Silent on Android: the `com.batch` object's `s` is true (`InternalPushData.isSilent`, whose `getBoolean`
/// also takes the string `"true"`, ignoring case). No iOS rule was found: there, the APNs rule. The message
/// id is `com.batch`'s `i`; a tap opens its deep link `l`. Android shows `title` and `msg`.
public struct BatchDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/batch``.
    public var vendor: PushVendor { .batch }

    /// `com.batch`.
    public var markerKeys: PushMarkerKeys? { Self.markerKeys }

    static let markerKeys = PushMarkerKeys(keys: ["com.batch"])

    /// Whether the payload carries Batch's marker for its shape.
    public func recognizes(_ payload: PushPayload) -> Bool {
        guard let batch = payload["com.batch"] else { return false }
        switch payload.shape {
        case .apns: return batch.objectValue.map { !$0.isEmpty } ?? false
        case .fcm: return true
        }
    }

    /// ``PushMarker/batchPayload`` when ``recognizes(_:)`` is true.
    public func marker(in payload: PushPayload) -> PushMarker? {
        recognizes(payload) ? .batchPayload : nil
    }

    /// Android: `com.batch`'s `s` is true. iOS: the APNs rule.
    public func isSilent(_ payload: PushPayload) -> Bool {
        switch payload.shape {
        case .apns: return payload.isBackgroundPush
        case .fcm: return SDKConversions.orgJSONBoolean(payload.nestedJSON("com.batch")?["s"])
        }
    }

    /// The push id and deep link; on Android also `title` and `msg`.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        let batch = payload.nestedJSON("com.batch")?.objectValue
        notification.messageID = batch?["i"]?.stringValue
        if payload.shape == .fcm { notification.setAndroidText(from: payload, body: "msg") }
        // `InternalPushData.isSchemeEmpty`: a link of only whitespace is no link.
        if let link = batch?["l"]?.stringValue, !link.allSatisfy(\.isWhitespace) {
            notification.defaultAction = .deepLink(link)
        }
    }
}
