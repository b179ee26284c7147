import PushPayloadsJSON

/// Exponea (Bloomreach Engagement) pushes, recognised as `Exponea.isExponeaNotification(userInfo:)` does: top-level
/// `source` is exactly the string `xnpe_platform`.
///
/// Silence and text follow the SDK of the platform the payload's shape says receives it:
///
/// - APNs (iOS): silent when `silent` reads as 1 through `as? Int` (`1`, `1.0`, `true`; not `"1"` or `"true"`), as
///   `PushNotificationParser.parsePushOpened` decides. The device shows the APNs alert, unless iOS runs the
///   notification service extension (`mutable-content` the number 1 and an alert that shows something), when Exponea's
///   `ExponeaNotificationService.createContent` replaces it with `title` (`"NO TITLE"` when that is not a string) and
///   `message` (`""`).
/// - FCM (Android): not shown — and so silent — when `FcmManagerImpl.handleRemoteMessage` shows nothing (see
///   ``AndroidSuppression``): `silent` is exactly `"true"`, `title` and `message` are both blank, the action is
///   `self-check`, or a field the SDK parses throws. The notification shows `title` and `message`.
public struct ExponeaDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/exponea``.
    public var vendor: PushVendor { .exponea }

    /// The top-level keys its rule reads; a payload without any of them is not asked.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["source"]) }

    /// ``PushMarker/exponeaSource`` when `source` is `xnpe_platform`. The match carries `attributes` as
    /// ``PushPayload/nestedJSON(_:)`` reads it: an FCM data message sends it as a JSON string, which Android's silence
    /// and the decoding (the message id) both read, so it is parsed here, once.
    public func match(_ payload: PushPayload) -> PushMatch? {
        guard Self.isExponeaNotification(payload) else { return nil }
        return PushMatch(payload, marker: .exponeaSource, reading: payload.nestedJSON("attributes"))
    }

    /// The SDK's rule alone, `Exponea.isExponeaNotification(userInfo:)`: for the SDK-named entry points, which need no
    /// reading of the push beyond it.
    package static func isExponeaNotification(_ payload: PushPayload) -> Bool {
        payload["source"]?.isString("xnpe_platform") == true
    }

    /// iOS (`PushNotificationParser.parsePushOpened`): `userInfo["silent"] as? Int == 1`, so a JSON `true` (an
    /// `NSNumber`) passes and strings never do. Android: it shows nothing (``androidSuppression(_:)``).
    public func isSilent(_ match: PushMatch) -> Bool {
        let payload = match.payload
        switch payload.shape {
        case .apns: return payload["silent"].flatMap(SDKConversions.appleIntValue) == 1
        case .fcm: return Self.androidSuppression(payload, attributes: match.reading?.objectValue) != nil
        }
    }

    /// Why Exponea's Android SDK shows nothing for a push (`FcmManagerImpl.handleRemoteMessage`).
    public enum AndroidSuppression: String, Hashable, Sendable, CaseIterable {
        /// A field the SDK parses while reading the push is malformed, so it throws and, in the SDK's safe mode, drops
        /// the push without tracking it: `notification_id` is not an `Int`, `actions` is not an array of flat objects,
        /// `attributes`, `data` or `url_params` is not an object (`url_params` with flat values only), or the tracking
        /// data's (`data`, else `attributes`) `event_type` is not a string or its `sent_timestamp` not a number
        /// (`NotificationData`'s casts). The SDK's parsers (org.json, Gson) are lenient where this library is strict,
        /// so text that is not JSON at all (single quotes, say) counts as malformed here.
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
        androidSuppression(payload, attributes: payload["attributes"].flatMap(payload.embeddedJSON)?.objectValue)
    }

    /// ``androidSuppression(_:)`` with `attributes` already parsed (`embeddedJSON`), `nil` when absent or not an
    /// object.
    static func androidSuppression(_ payload: PushPayload, attributes: JSONObject?) -> AndroidSuppression? {
        if !isReadableOnAndroid(payload, attributes: attributes) { return .unparseable }
        if payload["action"]?.isString("self-check") == true { return .selfCheck }
        if payload["silent"]?.isString("true") == true { return .silent }
        if SDKConversions.isKotlinBlank(payload["title"]) && SDKConversions.isKotlinBlank(payload["message"]) {
            return .blank
        }
        return nil
    }

    /// Whether `NotificationPayload`'s constructor reads the push without throwing; `attributes` is the payload's
    /// `attributes` parsed (`embeddedJSON`), `nil` when absent or not an object.
    static func isReadableOnAndroid(_ payload: PushPayload, attributes: JSONObject?) -> Bool {
        // Kotlin's `String.toInt()`: an optional sign and decimal digits, within 32 bits.
        if let id = payload["notification_id"], id.stringValue.flatMap({ Int32($0) }) == nil { return false }
        if let actions = payload["actions"] {
            guard let array = payload.embeddedJSON(actions)?.arrayValue, array.allSatisfy(isFlatObject) else {
                return false
            }
        }
        // Each parsed once, and the tracking map taken from them rather than parsed again.
        if payload["attributes"] != nil && attributes == nil { return false }
        let data = payload["data"]
        var parsedData: JSONObject? = nil
        if let data {
            guard let object = payload.embeddedJSON(data)?.objectValue else { return false }
            parsedData = object
        }
        // The map Android tracks the push with (`NotificationPayload.parseNotificationData`): `data` when the key is
        // there, else `attributes`. On FCM (the only shape Android receives) `nestedJSON` is `embeddedJSON`, so it is
        // what was parsed above.
        let tracking =
            payload.shape == .fcm
            ? (data != nil ? parsedData : attributes)
            : payload.nestedJSON(data != nil ? "data" : "attributes")?.objectValue
        // `NotificationData` casts the tracking map's `event_type` with `as String?` and `sent_timestamp` with
        // `as Double?` (Gson reads every number as a Double); another type throws.
        if let tracking {
            if let type = tracking["event_type"], type.kind != .string && type.kind != .null { return false }
            if let sent = tracking["sent_timestamp"], sent.kind != .number && sent.kind != .null { return false }
        }
        if let parameters = payload["url_params"] {
            guard let object = payload.embeddedJSON(parameters), isFlatObject(object) else { return false }
        }
        return true
    }

    /// Gson's `Map<String, String>`: an object whose values are strings, numbers, Booleans or null.
    static func isFlatObject(_ value: JSONValue) -> Bool {
        guard let object = value.objectValue else { return false }
        return object.values.allSatisfy { $0.kind != .object && $0.kind != .array }
    }

    /// The UTM keys Exponea keeps from `url_params` (`CampaignData.swift`).
    static let campaignParameters: Set<String> = [
        "utm_source", "utm_campaign", "utm_content", "utm_medium", "utm_term", "xnpe_cmp",
    ]

    /// Fills in title and message, the main action and the campaign id; with ``PushDecodingDetail/full`` also buttons,
    /// image, attributes and consent.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        let payload = match.payload
        // Kept as references into the payload: a summary copies them into its record as they are.
        let title = PushTextValue(payload["title"])
        let message = PushTextValue(payload["message"])
        if detail == .full && (title != nil || message != nil) {
            notification.vendorText = PushText(title: title?.string, body: message?.string)
        }
        switch payload.shape {
        case .fcm:
            // Android builds the notification from these two keys alone.
            notification.titleText = title
            notification.bodyText = message
        case .apns:
            // Without the service extension the device shows the APNs alert unchanged.
            if payload.runsServiceExtension {
                notification.titleText = title ?? .string("NO TITLE")
                notification.bodyText = message ?? .string("")
                if detail == .full {
                    if let sound = payload["sound"]?.stringValue { notification.sound = sound }
                    // `createContent`: `badge as? String`, then `Int(_:)` (an optional sign and digits); anything else,
                    // a number included, clears the badge.
                    notification.badge = payload["badge"]?.stringValue.flatMap { Int($0) }
                }
            }
        }
        let actionType = payload["action"]
        let url = payload["url"]
        notification.defaultAction = Self.action(type: actionType, url: url)

        let attributes = match.reading?.objectValue
        // Android tracks with `data` when it is there and `attributes` otherwise (`parseNotificationData`).
        let tracking = payload.shape == .fcm ? payload.nestedJSON("data")?.objectValue ?? attributes : attributes
        // The ids make the message id, so even a summary reads them; a string id stays a reference.
        let campaign = tracking?["campaign_id"]
        let actionID =
            tracking?["action_id"]?.numberValue?.int64Value ?? tracking?["action_id"]?.stringValue.flatMap { Int64($0) }
        if tracking != nil {
            notification.messageIDText =
                PushTextValue(campaign) ?? campaign?.numberValue.map { .string($0.text) }
                ?? actionID.map { .string(String($0)) }
        }
        // The extras are outside a summary: made only for a full decode, as building and dropping them (a dozen
        // optional strings and collections) cost a summary 65 instructions a push line (callgrind).
        guard detail == .full else { return }
        var extras = ExponeaExtras()
        extras.actionID = actionID
        extras.campaignID = campaign?.stringValue ?? campaign?.numberValue?.text

        if payload.shape == .fcm, let sound = payload["sound"]?.stringValue { notification.sound = sound }
        if let image = payload["image"]?.stringValue {
            extras.imageURL = image
            notification.images.append(PushImage(url: image))
        }
        extras.action = actionType?.stringValue
        extras.url = url?.stringValue
        if let actions = payload.nestedJSON("actions")?.arrayValue {
            let buttons = Self.buttons(actions, shape: payload.shape)
            notification.buttons = buttons.map(\.button)
            // A tap on a button is tracked by that button's URL (iOS `parsePushOpened` → `actionValue`; Android
            // `NotificationAction.isTrackingForced`).
            extras.buttonTrackingForced = buttons.map {
                $0.url.map { Self.forcesTracking($0, shape: payload.shape) } ?? false
            }
        }
        if let attributes {
            extras.attributes = attributes.value
            extras.campaignName = attributes["campaign_name"]?.stringValue
            extras.actionType = attributes["action_type"]?.stringValue
            extras.actionName = attributes["action_name"]?.stringValue
            extras.eventType = attributes["event_type"]?.stringValue
            extras.sentTimestamp = attributes["sent_timestamp"]?.numberValue?.doubleValue
            extras.consentCategory = attributes["consent_category"]?.stringValue
        }
        extras.customEventType = Self.customEventType(tracking?["event_type"], shape: payload.shape)
        if let parameters = payload.nestedJSON("url_params")?.objectValue {
            for (key, value) in parameters where Self.campaignParameters.contains(key) {
                if let text = value.stringValue { extras.urlParameters[key] = text }
            }
        }
        extras.hasTrackingConsent = Self.consent(payload["has_tracking_consent"])
        extras.consentCategoryTracking = payload["consent_category_tracking"]?.stringValue
        extras.isTrackingForced = extras.url.map { Self.forcesTracking($0, shape: payload.shape) } ?? false
        extras.notificationID = payload["notification_id"].flatMap {
            $0.numberValue?.int64Value ?? $0.stringValue.flatMap { Int64($0) }
        }
        notification.exponea = extras
    }

    /// ``action(type:url:)`` read from the payload's values: the type compared in place, the URL made a string only
    /// when the action opens it.
    static func action(type: JSONValue?, url: JSONValue?) -> PushAction {
        // Only the two types that open a URL need it as a string; the mapping is the one below.
        guard let type else { return .openApp }
        if type.isString("browser") { return action(type: "browser", url: url?.stringValue) }
        if type.isString("deeplink") { return action(type: "deeplink", url: url?.stringValue) }
        return .openApp
    }

    /// The main or button action for an Exponea action type: `app`, `browser`, `deeplink`, `self-check`.
    static func action(type: String?, url: String?) -> PushAction {
        switch type {
        case "browser": return url.map(PushAction.openURL) ?? .openApp
        case "deeplink": return url.map { PushAction.deepLink($0) } ?? .openApp
        default: return .openApp
        }
    }

    /// ``ExponeaExtras/customEventType``. iOS (`PushNotificationParser.parsePushOpened`, `NotificationData.init`):
    /// `attributes.event_type` as a `String`, when it is not empty and not `campaign`
    /// (`Constants.EventTypes.pushOpen`). Android (`NotificationData.hasCustomEventType`, used by
    /// `TrackingConsentManagerImpl`): the tracking map's `event_type` when it is not blank by Kotlin's `isBlank` (a
    /// non-string value throws, so the push is not shown at all: ``AndroidSuppression/unparseable``).
    static func customEventType(_ value: JSONValue?, shape: PushWireShape) -> String? {
        guard let type = value?.stringValue else { return nil }
        switch shape {
        case .apns: return type.isEmpty || type == "campaign" ? nil : type
        case .fcm: return SDKConversions.isKotlinBlank(value) || type == "campaign" ? nil : type
        }
    }

    /// The buttons as each platform reads `actions`. iOS casts it to `[[String: String]]`, so a single non-string value
    /// anywhere drops every button. Android reads each button as Gson's `Map<String, String>`: numbers and Booleans
    /// become their text, null stays absent, and a nested value throws, dropping the whole push
    /// (``AndroidSuppression/unparseable``).
    static func buttons(_ actions: JSONArray, shape: PushWireShape) -> [(button: PushButton, url: String?)] {
        var buttons: [(button: PushButton, url: String?)] = []
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
            let url = field("url")
            // The identifier the content extension registers names the type: `BROWSER`, `DEEPLINK`, else `APP`.
            let identifierType = type == "browser" || type == "deeplink" ? type.uppercased() : "APP"
            let button = PushButton(
                title: field("title") ?? "",
                actionIdentifier: "EXPONEA_ACTION_\(identifierType)_\(index)",
                action: action(type: type, url: url)
            )
            buttons.append((button, url))
        }
        return buttons
    }

    /// `has_tracking_consent`: absent means true; a Bool, the number 1, or "true"/"1" in any case; anything else means
    /// false (`GdprTracking.readTrackingConsentFlag`: `as? Bool`, then `as? Int == 1`, then the lowercased string).
    static func consent(_ value: JSONValue?) -> Bool {
        guard let value else { return true }
        if let flag = value.boolValue { return flag }
        if let number = value.numberValue { return number.int64Value == 1 }
        return value.stringValue.map { $0.lowercased() == "true" || $0 == "1" } ?? false
    }

    /// Whether a tap through `url` is tracked even without consent (`GdprTracking.isTrackForced`), by the rule of the
    /// platform `shape` names.
    static func forcesTracking(_ url: String, shape: PushWireShape) -> Bool {
        shape == .apns ? forcesTrackingOnIOS(url) : forcesTrackingOnAndroid(url)
    }

    /// iOS `GdprTracking.isTrackForced`: `URLComponents(string:)` (nil for a broken host or port), the first query item
    /// named `xnpe_force_track` after percent-decoding; no value (`?xnpe_force_track`) forces, a value forces when it
    /// lowercases to `true` or `1` (`=` with nothing after it does not).
    static func forcesTrackingOnIOS(_ url: String) -> Bool {
        guard SDKConversions.appleURLParses(url) else { return false }
        // The query runs from the first `?` to the fragment's `#`.
        let beforeFragment = url.utf8.prefix { $0 != UInt8(ascii: "#") }
        guard let mark = beforeFragment.firstIndex(of: UInt8(ascii: "?")) else { return false }
        let query = Substring(beforeFragment[beforeFragment.index(after: mark)...])
        for item in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard SDKConversions.percentDecoded(parts[0], plusAsSpace: false) == "xnpe_force_track" else { continue }
            guard parts.count == 2 else { return true }
            let value = SDKConversions.percentDecoded(parts[1], plusAsSpace: false)?.lowercased()
            return value == "true" || value == "1"
        }
        return false
    }

    /// Android `GdprTracking.isTrackForced` on the URL `NotificationAction` holds (`adjustUrl`: `http://` put in front
    /// of a URL without `://`): `Uri.getQueryParameter`, which throws for an opaque URI (no `/` after the first `:`, so
    /// false), matches the first raw name `xnpe_force_track` and decodes its value (`+` is a space). An empty or
    /// missing value forces; otherwise `true` or `1` in any case.
    static func forcesTrackingOnAndroid(_ url: String) -> Bool {
        let adjusted = Array((url.contains("://") ? url : "http://" + url).utf8)
        let schemeEnd = adjusted.firstIndex(of: UInt8(ascii: ":"))
        if let schemeEnd {
            // `Uri.isHierarchical`: what follows the first `:` starts with `/`.
            guard schemeEnd + 1 < adjusted.count, adjusted[schemeEnd + 1] == UInt8(ascii: "/") else { return false }
        }
        // `getEncodedQuery`: from the first `?` after the scheme to the first `#`, unless that `#` comes first.
        let start = schemeEnd ?? 0
        guard let mark = adjusted[start...].firstIndex(of: UInt8(ascii: "?")) else { return false }
        let fragment = adjusted[start...].firstIndex(of: UInt8(ascii: "#"))
        if let fragment, fragment < mark { return false }
        let query = Substring(decoding: adjusted[(mark + 1)..<(fragment ?? adjusted.count)], as: UTF8.self)
        for item in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == "xnpe_force_track" else { continue }
            guard parts.count == 2 else { return true }
            guard let value = SDKConversions.percentDecoded(parts[1], plusAsSpace: true) else { return false }
            return value.isEmpty || value.lowercased() == "true" || value == "1"
        }
        return false
    }
}
