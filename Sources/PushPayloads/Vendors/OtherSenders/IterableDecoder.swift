/// Iterable pushes, recognised as Iterable's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): `NotificationHelper.inspect(notification:)` answers `.silentPush` or `.iterable`, not
///   `.other` (``PushMarker/iterableMetadata``): `itbl` is a dictionary whose `isGhostPush` is a Boolean
///   (`as? Bool`: `true`, `false`, or a number equal to 1 or 0; never a string), and either a ghost push
///   names a top-level `notificationType` of `InAppUpdate`, `InAppRemove` or `UpdateEmbedded`, or `itbl`
///   has a number `templateId` (`as? NSNumber`), a string `messageId`, and a `campaignId` that is absent
///   or a number.
/// - FCM (Android): `itbl` is present (`IterableNotificationHelper.isIterablePush`,
///   ``PushMarker/iterableKey``); its value is not read for the check.
///
/// Silent: on iOS the `.silentPush` answer (a ghost push that syncs in-app or embedded messages); on
/// Android a ghost push (`isGhostPush` by org.json's `optBoolean`: `true` or `"true"`), or a push with an
/// empty `body`, which Iterable leaves unrendered. The message id is `itbl.messageId` (a ghost push's
/// top-level `messageId` on iOS). A tap runs `itbl.defaultAction`: its `openUrl` type hands `data` to the
/// app's URL delegate first (a deep link); iOS also reads the legacy top-level `url`.
public struct IterableDecoder: PushPayloadDecoder, PushSharedReadingDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/iterable``.
    public var vendor: PushVendor { .iterable }

    /// `itbl`.
    public var markerKeys: PushMarkerKeys? { Self.markerKeys }

    static let markerKeys = PushMarkerKeys(keys: ["itbl"])

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

    /// For a payload ``inspect(_:)`` does not call `.other`: whether it answers `.silentPush`, which needs
    /// only the ghost flag and the type, not the campaign ids.
    static func isSilentPush(_ payload: PushPayload) -> Bool {
        guard let flag = payload["itbl"]?["isGhostPush"], SDKConversions.appleBoolValue(flag) == true else {
            return false
        }
        return hasSilentPushType(payload)
    }

    /// Whether the payload carries Iterable's marker for its shape.
    public func recognizes(_ payload: PushPayload) -> Bool { marker(in: payload) != nil }

    /// ``PushMarker/iterableMetadata`` (APNs) or ``PushMarker/iterableKey`` (FCM).
    public func marker(in payload: PushPayload) -> PushMarker? {
        switch payload.shape {
        case .apns: return Self.inspect(payload) != .other ? .iterableMetadata : nil
        case .fcm: return payload.object.contains("itbl") ? .iterableKey : nil
        }
    }

    /// iOS: `inspect` answers `.silentPush`. Android: a ghost push, or an empty `body`.
    public func isSilent(_ payload: PushPayload) -> Bool {
        // Android reads `itbl` only when the body is not empty.
        let needsReading = payload.shape == .fcm && !SDKConversions.isJavaEmpty(payload["body"])
        return isSilent(payload, reading: needsReading ? sharedReading(of: payload) : nil)
    }

    /// `itbl`: on iOS the dictionary as it is, on Android the JSON string parsed.
    func sharedReading(of payload: PushPayload) -> JSONValue? {
        payload.nestedJSON("itbl")
    }

    func marker(in payload: PushPayload, reading: JSONValue?) -> PushMarker? { marker(in: payload) }

    func isSilent(_ payload: PushPayload, reading: JSONValue?) -> Bool {
        switch payload.shape {
        case .apns:
            return Self.isSilentPush(payload)
        case .fcm:
            // `optBoolean("isGhostPush")` of `new JSONObject(itbl)`.
            return SDKConversions.isJavaEmpty(payload["body"]) || SDKConversions.orgJSONBoolean(reading?["isGhostPush"])
        }
    }

    /// The message id and the default action; on Android also `title` and `body`.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        decode(payload, reading: sharedReading(of: payload), into: &notification)
    }

    func decode(_ payload: PushPayload, reading: JSONValue?, into notification: inout PushNotification) {
        let itbl = reading?.objectValue
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
