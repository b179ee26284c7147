import PushPayloadsJSON

/// Exponea (Bloomreach Engagement) pushes, recognised as `Exponea.isExponeaNotification(userInfo:)`
/// does: top-level `source` is exactly the string `xnpe_platform`.
///
/// Silence and text follow the SDK of the platform the payload's shape says receives it:
///
/// - APNs (iOS): silent when `silent` reads as 1 through `as? Int` (`1`, `1.0`, `true`; not `"1"` or
///   `"true"`), as `PushNotificationParser.parsePushOpened` decides. The device shows the APNs alert,
///   unless `mutable-content` is 1, when Exponea's notification service extension replaces it with
///   `title` (`"NO TITLE"` when that is not a string) and `message` (`""`).
/// - FCM (Android): not shown — and so silent — when `FcmManagerImpl.handleRemoteMessage` shows nothing
///   (see ``AndroidSuppression``): `silent` is exactly `"true"`, `title` and `message` are both blank, the
///   action is `self-check`, or a field the SDK parses throws. The notification shows `title` and `message`.
public struct ExponeaDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/exponea``.
    public var vendor: PushVendor { .exponea }

    /// Whether `source` is `xnpe_platform`.
    public func recognizes(_ payload: PushPayload) -> Bool {
        payload["source"]?.isString("xnpe_platform") ?? false
    }

    /// ``PushMarker/exponeaSource`` when `source` is `xnpe_platform`.
    public func marker(in payload: PushPayload) -> PushMarker? {
        recognizes(payload) ? .exponeaSource : nil
    }

    /// On APNs, whether `silent` reads as 1 on iOS; on FCM, whether Android shows nothing.
    public func isSilent(_ payload: PushPayload) -> Bool {
        switch payload.shape {
        case .apns: return Self.isSilentOnIOS(payload)
        case .fcm: return Self.androidSuppression(payload) != nil
        }
    }

    /// iOS's rule (`PushNotificationParser.parsePushOpened`): `userInfo["silent"] as? Int == 1`. A JSON
    /// `true` arrives as an `NSNumber` and passes; strings never do.
    static func isSilentOnIOS(_ payload: PushPayload) -> Bool {
        payload["silent"].flatMap(SDKConversions.appleIntValue) == 1
    }

    /// Why Exponea's Android SDK shows nothing for a push (`FcmManagerImpl.handleRemoteMessage`).
    public enum AndroidSuppression: String, Hashable, Sendable, CaseIterable {
        /// A field the SDK parses while reading the push is malformed, so it throws and, in the SDK's safe
        /// mode, drops the push without tracking it: `notification_id` is not an `Int`, `actions` is not an
        /// array of flat objects, or `attributes`, `data` or `url_params` is not an object (`url_params`
        /// with flat values only). The SDK's parsers (org.json, Gson) are lenient where this library is
        /// strict, so text that is not JSON at all (single quotes, say) counts as malformed here.
        case unparseable
        /// `action` is `self-check`: the SDK's own test push, handled and never shown.
        case selfCheck = "self_check"
        /// `silent` is exactly the string `"true"` (`MessagingUtils.isSilentPush`).
        case silent
        /// `title` and `message` are both blank (absent, empty or whitespace, by Kotlin's `isBlank`).
        case blank
    }

    /// Why Android shows nothing for `payload`, in the order the SDK checks, or `nil` when it shows it.
    public static func androidSuppression(_ payload: PushPayload) -> AndroidSuppression? {
        if !isReadableOnAndroid(payload) { return .unparseable }
        if payload["action"]?.isString("self-check") == true { return .selfCheck }
        if payload["silent"]?.isString("true") == true { return .silent }
        if SDKConversions.isKotlinBlank(payload["title"]) && SDKConversions.isKotlinBlank(payload["message"]) {
            return .blank
        }
        return nil
    }

    /// Whether `NotificationPayload`'s constructor reads the push without throwing.
    static func isReadableOnAndroid(_ payload: PushPayload) -> Bool {
        if let id = payload["notification_id"], !isKotlinInt(id) { return false }
        if let actions = payload["actions"] {
            guard let array = payload.embeddedJSON(actions)?.arrayValue, array.allSatisfy(isFlatObject) else {
                return false
            }
        }
        for key in ["attributes", "data"] {
            if let value = payload[key], payload.embeddedJSON(value)?.objectValue == nil { return false }
        }
        if let parameters = payload["url_params"] {
            guard let object = payload.embeddedJSON(parameters), isFlatObject(object) else { return false }
        }
        return true
    }

    /// Kotlin's `String.toInt()`: an optional sign and decimal digits, within 32 bits.
    static func isKotlinInt(_ value: JSONValue) -> Bool {
        guard let text = value.stringValue else { return false }
        return Int32(text) != nil
    }

    /// Gson's `Map<String, String>`: an object whose values are strings, numbers, Booleans or null.
    static func isFlatObject(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue else { return false }
        return object.values.allSatisfy { $0.kind != .object && $0.kind != .array }
    }

    /// Whether iOS runs a notification service extension for the push: `mutable-content` is 1 and there
    /// is an alert to show.
    static func runsServiceExtension(_ payload: PushPayload) -> Bool {
        guard let aps = payload.aps else { return false }
        return aps["mutable-content"]?.numberValue?.int64Value == 1 && aps["alert"] != nil
    }

    /// The UTM keys Exponea keeps from `url_params` (`CampaignData.swift`).
    static let campaignParameters: Set<String> = [
        "utm_source", "utm_campaign", "utm_content", "utm_medium", "utm_term", "xnpe_cmp",
    ]

    /// Fills in title and message, the main action, buttons, image, attributes and consent.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        decode(payload, into: &notification, detail: .full)
    }

    /// Fills in title and message, the main action and the campaign id; with ``PushDecodingDetail/full``
    /// also buttons, image, attributes and consent.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification, detail: PushDecodingDetail) {
        var extras = ExponeaExtras()
        let title = payload["title"]?.stringValue
        let message = payload["message"]?.stringValue
        if title != nil || message != nil { notification.vendorText = PushText(title: title, body: message) }
        switch payload.shape {
        case .fcm:
            // Android builds the notification from these two keys alone.
            notification.title = title
            notification.body = message
        case .apns:
            // Without the service extension the device shows the APNs alert unchanged.
            if Self.runsServiceExtension(payload) {
                notification.title = title ?? "NO TITLE"
                notification.body = message ?? ""
                if detail == .full {
                    if let sound = payload["sound"]?.stringValue { notification.sound = sound }
                    // The extension sets the badge from a string holding an integer, and clears it otherwise.
                    notification.badge = payload["badge"]?.stringValue.flatMap { Int($0) }
                }
            }
        }
        if detail == .full {
            if payload.shape == .fcm, let sound = payload["sound"]?.stringValue { notification.sound = sound }
            if let image = payload["image"]?.stringValue {
                extras.imageURL = image
                notification.images.append(PushImage(url: image))
            }
        }

        extras.action = payload["action"]?.stringValue
        extras.url = payload["url"]?.stringValue
        notification.defaultAction = Self.action(type: extras.action, url: extras.url)

        if detail == .full, let actions = payload.nestedJSON("actions")?.arrayValue {
            notification.buttons = Self.buttons(actions, shape: payload.shape)
        }

        let attributes = payload.nestedJSON("attributes")?.objectValue
        // Android tracks with `data` when it is there and `attributes` otherwise (`parseNotificationData`).
        let tracking = payload.shape == .fcm ? payload.nestedJSON("data")?.objectValue ?? attributes : attributes
        if let tracking {
            // The ids make the message id, so even a summary reads them.
            extras.campaignID = Self.text(tracking["campaign_id"])
            extras.actionID =
                tracking["action_id"]?.numberValue?.int64Value
                ?? tracking["action_id"]?.stringValue.flatMap { Int64($0) }
        }
        notification.messageID = extras.campaignID ?? extras.actionID.map { String($0) }
        guard detail == .full else { return }

        if let attributes {
            extras.attributes = attributes.value
            extras.campaignName = attributes["campaign_name"]?.stringValue
            extras.actionType = attributes["action_type"]?.stringValue
            extras.actionName = attributes["action_name"]?.stringValue
            extras.eventType = attributes["event_type"]?.stringValue
            extras.sentTimestamp = attributes["sent_timestamp"]?.numberValue?.doubleValue
            extras.consentCategory = attributes["consent_category"]?.stringValue
        }
        if let parameters = payload.nestedJSON("url_params")?.objectValue {
            for (key, value) in parameters where Self.campaignParameters.contains(key) {
                if let text = value.stringValue { extras.urlParameters[key] = text }
            }
        }
        extras.hasTrackingConsent = Self.consent(payload["has_tracking_consent"])
        extras.consentCategoryTracking = payload["consent_category_tracking"]?.stringValue
        extras.isTrackingForced = extras.url.map(Self.forcesTracking) ?? false
        extras.notificationID = payload["notification_id"].flatMap {
            $0.numberValue?.int64Value ?? $0.stringValue.flatMap { Int64($0) }
        }
        notification.exponea = extras
    }

    /// The main or button action for an Exponea action type: `app`, `browser`, `deeplink`, `self-check`.
    static func action(type: String?, url: String?) -> PushAction {
        switch type {
        case "browser": return url.map(PushAction.openURL) ?? .openApp
        case "deeplink": return url.map { PushAction.deepLink($0) } ?? .openApp
        default: return .openApp
        }
    }

    /// The buttons as each platform reads `actions`. iOS casts it to `[[String: String]]`, so a single
    /// non-string value anywhere drops every button. Android reads each button as Gson's
    /// `Map<String, String>`: numbers and Booleans become their text, null stays absent, and a nested value
    /// throws, dropping the whole push (``AndroidSuppression/unparseable``).
    static func buttons(_ actions: JSONArray, shape: PushWireShape) -> [PushButton] {
        var buttons: [PushButton] = []
        for (index, element) in actions.enumerated() {
            guard let object = element.objectValue else { return [] }
            let field: (String) -> String?
            switch shape {
            case .apns:
                guard object.values.allSatisfy({ $0.kind == .string }) else { return [] }
                field = { object[$0]?.stringValue }
            case .fcm:
                guard isFlatObject(element) else { return [] }
                field = { key in
                    guard let value = object[key] else { return nil }
                    if let number = value.numberValue { return number.text }
                    if let flag = value.boolValue { return flag ? "true" : "false" }
                    return value.stringValue
                }
            }
            let type = field("action") ?? "app"
            buttons.append(
                PushButton(
                    title: field("title") ?? "",
                    actionIdentifier: "EXPONEA_ACTION_\(identifierType(type))_\(index)",
                    action: action(type: type, url: field("url"))
                )
            )
        }
        return buttons
    }

    /// The type part of the action identifier the content extension registers for a button.
    static func identifierType(_ type: String) -> String {
        switch type {
        case "browser": return "BROWSER"
        case "deeplink": return "DEEPLINK"
        default: return "APP"
        }
    }

    /// `has_tracking_consent`: absent means true; Bool, number, or "true"/"false"/"1"/"0"; anything
    /// else means false (`GdprTracking`).
    static func consent(_ value: JSONValue?) -> Bool {
        guard let value else { return true }
        if let flag = value.boolValue { return flag }
        if let number = value.numberValue?.int64Value { return number != 0 }
        // `GdprTracking.readTrackingConsentFlag` compares strings case-insensitively.
        return value.stringValue.map { $0.lowercased() == "true" || $0 == "1" } ?? false
    }

    /// A URL whose query sets `xnpe_force_track` to `true` or `1` forces tracking without consent.
    static func forcesTracking(_ url: String) -> Bool {
        guard let query = url.split(separator: "?", maxSplits: 1).dropFirst().first else { return false }
        return query.split(separator: "&").contains { $0 == "xnpe_force_track=true" || $0 == "xnpe_force_track=1" }
    }

    static func text(_ value: JSONValue?) -> String? {
        value?.stringValue ?? value?.numberValue?.text
    }
}
