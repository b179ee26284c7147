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
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/batch``.
    public var vendor: PushVendor { .batch }

    /// `com.batch`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["com.batch"]) }

    /// ``PushMarker/batchPayload`` when `com.batch` is a non-empty dictionary (iOS) or there at all
    /// (Android), with `com.batch` read (on Android, parsed) for silence and decoding.
    public func match(_ payload: PushPayload) -> PushMatch? {
        guard let batch = payload["com.batch"] else { return nil }
        switch payload.shape {
        case .apns:
            guard let object = batch.objectValue, !object.isEmpty else { return nil }
            return PushMatch(payload, marker: .batchPayload, reading: batch)
        case .fcm:
            return PushMatch(payload, marker: .batchPayload, reading: payload.embeddedJSON(batch))
        }
    }

    /// Android: `com.batch`'s `s` is true. iOS: the APNs rule.
    public func isSilent(_ match: PushMatch) -> Bool {
        match.payload.isSilent(onAndroid: SDKConversions.orgJSONBoolean(match.reading?["s"]))
    }

    /// The push id and deep link; on Android also `title` and `msg`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        let batch = match.reading?.objectValue
        notification.messageID = batch?["i"]?.stringValue
        if payload.shape == .fcm { notification.setAndroidText(from: payload, body: "msg") }
        // `InternalPushData.isSchemeEmpty`: a link of only whitespace is no link.
        if let link = batch?["l"]?.stringValue, !link.allSatisfy(\.isWhitespace) {
            notification.defaultAction = .deepLink(link)
        }
    }
}
