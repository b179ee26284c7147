/// OneSignal pushes, recognised as OneSignal's SDKs do, on the platform the payload's shape names:
///
/// - APNs (iOS): `custom` or `os_data` is a dictionary holding `i`, of any type
///   (`OneSignalCoreHelper isOneSignalPayload:`, ``PushMarker/oneSignalCustomID``). The SDK subscripts without a type
///   check, so a string `custom` would throw in Objective-C rather than answer; here it is simply not OneSignal's.
/// - FCM (Android): `custom` holds a JSON object with `i` (`NotificationFormatHelper.isOneSignalBundle`,
///   ``PushMarker/oneSignalCustomJSON``).
///
/// Silent: on iOS `isRemoteSilentNotification:`, which is true when none of `badge`, `aps.badge`, `m`, `o`, `s`, a
/// non-empty `title`, `sound`, `aps.sound`, `aps.alert` and `os_data.buttons` is present; on Android nothing is shown
/// unless `alert` is a non-empty string (`shouldDisplayNotification`, without an app's extender). The message id is
/// `i`; a tap opens the launch URL `custom.u`. Android shows `title` and `alert`.
public struct OneSignalDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/onesignal``.
    public var vendor: PushVendor { .onesignal }

    /// `custom` and `os_data`.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["custom", "os_data"]) }

    /// ``PushMarker/oneSignalCustomID`` (APNs) or ``PushMarker/oneSignalCustomJSON`` (FCM), with the object holding
    /// `i`: on iOS `custom` or `os_data` as they are, on Android `custom` parsed once.
    public func match(_ payload: PushPayload) -> PushMatch? {
        switch payload.shape {
        case .apns:
            guard let holder = Self.appleIDHolder(payload) else { return nil }
            return PushMatch(payload, marker: .oneSignalCustomID, reading: holder.value)
        case .fcm:
            guard let holder = payload.nestedJSON("custom"), holder.objectValue?.contains("i") == true else {
                return nil
            }
            return PushMatch(payload, marker: .oneSignalCustomJSON, reading: holder)
        }
    }

    /// iOS: the dictionary whose `i` makes the payload OneSignal's, `custom` first.
    static func appleIDHolder(_ payload: PushPayload) -> JSONObject? {
        if let custom = payload["custom"]?.objectValue, custom.contains("i") { return custom }
        if let data = payload["os_data"]?.objectValue, data.contains("i") { return data }
        return nil
    }

    /// Whether the UTF-8 bytes `key` are the ASCII text `text`.
    static func equals(_ key: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        key.count == text.utf8CodeUnitCount
            && key.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: key.count))
    }

    /// iOS: `isRemoteSilentNotification:`. Android: `alert` is absent or empty.
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        switch payload.shape {
        case .apns:
            // One pass over the top-level keys, rather than a lookup for each of the SDK's checks.
            let object = payload.object
            let interacts = object.containsKey { key in
                switch key.count {
                case 1: return key[0] == UInt8(ascii: "m") || key[0] == UInt8(ascii: "o") || key[0] == UInt8(ascii: "s")
                case 5: return Self.equals(key, "badge") || Self.equals(key, "sound")
                default: return false
                }
            }
            if interacts || (object["title"]?.stringUTF8Count ?? 0) > 0 || object["os_data"]?["buttons"] != nil {
                return false
            }
            guard let aps = payload.aps else { return true }
            return aps["badge"] == nil && aps["sound"] == nil && aps["alert"] == nil
        case .fcm:
            return SDKConversions.isJavaEmpty(payload["alert"])
        }
    }

    /// The notification id `i`, the launch URL `custom.u`, and on Android the title `title` and body `alert`.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        let holder = match.reading?.objectValue
        if payload.shape == .fcm { notification.setAndroidText(from: payload, body: "alert") }
        if let id = holder?["i"] { notification.messageID = id.stringValue ?? id.numberValue?.text }
        let custom = payload.shape == .apns ? payload["custom"]?.objectValue : holder
        if let url = custom?["u"]?.stringValue, !url.isEmpty { notification.defaultAction = .openURL(url) }
    }
}
