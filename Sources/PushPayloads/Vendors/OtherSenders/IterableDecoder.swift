/// Iterable pushes, recognised as Iterable's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): `NotificationHelper.inspect(notification:)` answers `.silentPush` or `.iterable`, not `.other`
///   (``PushMarker/iterableMetadata``): `itbl` is a dictionary whose `isGhostPush` is a Boolean (`as? Bool`: `true`,
///   `false`, or a number equal to 1 or 0; never a string), and either a ghost push names a top-level
///   `notificationType` of `InAppUpdate`, `InAppRemove` or `UpdateEmbedded`, or `itbl` has a number `templateId`
///   (`as? NSNumber`), a string `messageId`, and a `campaignId` that is absent or a number.
/// - FCM (Android): `itbl` is present (`IterableNotificationHelper.isIterablePush`, ``PushMarker/iterableKey``); its
///   value is not read for the check.
///
/// Silent: on iOS the `.silentPush` answer (a ghost push that syncs in-app or embedded messages); on Android a ghost
/// push (`isGhostPush` by org.json's `optBoolean`: `true` or `"true"`), or a push with an empty `body`, which Iterable
/// leaves unrendered. The message id is `itbl.messageId` (a ghost push's top-level `messageId` on iOS). A tap runs
/// `itbl.defaultAction`: its `openUrl` type hands `data` to the app's URL delegate first (a deep link); iOS also reads
/// the legacy top-level `url`.
public struct IterableDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/iterable``.
    public var vendor: PushVendor { .iterable }

    /// `itbl`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["itbl"]) }

    /// What `NotificationHelper.inspect(notification:)` answers on iOS.
    enum Inspection: Hashable, Sendable {
        /// A ghost push that syncs in-app or embedded messages.
        case silentPush
        /// An Iterable campaign or proof push.
        case iterable
        /// Not Iterable's.
        case other
    }

    static let silentPushTypes = ["InAppUpdate", "InAppRemove", "UpdateEmbedded"]

    /// iOS's `NotificationHelper.inspect(notification:)`.
    static func inspect(_ payload: PushPayload) -> Inspection {
        guard let itbl = payload["itbl"]?.objectValue, let flag = itbl["isGhostPush"],
            let isGhostPush = SDKConversions.appleBoolValue(flag)
        else { return .other }
        if isGhostPush && hasSilentPushType(payload) { return .silentPush }
        // `IterablePushNotificationMetadata.parse`: a present `campaignId` must be an `NSNumber`.
        if let campaign = itbl["campaignId"], !SDKConversions.isAppleNumber(campaign) { return .other }
        guard let template = itbl["templateId"], SDKConversions.isAppleNumber(template),
            itbl["messageId"]?.kind == .string
        else { return .other }
        return .iterable
    }

    /// `ITBLSilentPushNotificationInfo.parse`: a top-level `notificationType` string the SDK syncs on.
    static func hasSilentPushType(_ payload: PushPayload) -> Bool {
        guard let type = payload["notificationType"] else { return false }
        return silentPushTypes.contains { type.isString($0) }
    }

    /// For a payload ``inspect(_:)`` does not call `.other`: whether it answers `.silentPush`, which needs only the
    /// ghost flag and the type, not the campaign ids.
    static func isSilentPush(_ payload: PushPayload) -> Bool {
        guard let flag = payload["itbl"]?["isGhostPush"], SDKConversions.appleBoolValue(flag) == true else {
            return false
        }
        return hasSilentPushType(payload)
    }

    /// ``PushMarker/iterableMetadata`` (APNs) or ``PushMarker/iterableKey`` (FCM), with `itbl` read once (on iOS the
    /// dictionary as it is, on Android the JSON string parsed) for silence and decoding.
    public func match(_ payload: PushPayload) -> PushMatch? {
        switch payload.shape {
        case .apns: guard Self.inspect(payload) != .other else { return nil }
        case .fcm: guard payload.object.contains("itbl") else { return nil }
        }
        let marker: PushMarker = payload.shape == .apns ? .iterableMetadata : .iterableKey
        return PushMatch(payload, marker: marker, reading: payload.nestedJSON("itbl"))
    }

    /// iOS: `inspect` answers `.silentPush`. Android: a ghost push, or an empty `body`.
    public func isSilent(_ match: PushMatch) -> Bool {
        switch match.payload.shape {
        case .apns:
            return Self.isSilentPush(match.payload)
        case .fcm:
            // `optBoolean("isGhostPush")` of `new JSONObject(itbl)`, read only when the body is not empty.
            return SDKConversions.isJavaEmpty(match.payload["body"])
                || SDKConversions.orgJSONBoolean(match.reading?["isGhostPush"])
        }
    }

    /// The message id and the default action; on Android also `title` and `body`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        let itbl = match.reading?.objectValue
        switch payload.shape {
        case .apns:
            notification.messageID =
                Self.isSilentPush(payload) ? payload["messageId"]?.stringValue : itbl?["messageId"]?.stringValue
        case .fcm:
            notification.messageID = itbl?["messageId"]?.stringValue
            notification.setAndroidText(from: payload, body: "body")
        }
        if let action = itbl?["defaultAction"]?.objectValue {
            if action["type"]?.isString("openUrl") == true, let url = action["data"]?.stringValue, !url.isEmpty {
                notification.defaultAction = .deepLink(url)
            }
        } else if payload.shape == .apns, let url = payload["url"]?.stringValue, !url.isEmpty {
            notification.defaultAction = .deepLink(url)
        }
    }
}
