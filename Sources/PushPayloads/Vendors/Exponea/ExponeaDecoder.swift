/// Exponea (Bloomreach Engagement) pushes, recognised as `Exponea.isExponeaNotification(userInfo:)`
/// does: top-level `source` is exactly the string `xnpe_platform`.
///
/// Silent follows both SDKs at once: `silent` is `1` or `true` (iOS reads `as? Int == 1`, which a
/// JSON `true` also passes on Apple platforms) or the string `"1"` or `"true"` (Android).
public struct ExponeaDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/exponea``.
    public var vendor: PushVendor { .exponea }

    /// Whether `source` is `xnpe_platform`.
    public func recognizes(_ payload: PushPayload) -> Bool {
        payload["source"]?.isString("xnpe_platform") ?? false
    }

    /// Whether `silent` is 1, true, "1" or "true".
    public func isSilent(_ payload: PushPayload) -> Bool {
        guard let silent = payload["silent"] else { return false }
        return silent.boolValue == true || silent.numberValue?.int64Value == 1 || silent.isString("1")
            || silent.isString("true")
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
        // The iOS notification service extension replaces the APNs text with these keys.
        if let title = payload["title"]?.stringValue { notification.title = title }
        if let message = payload["message"]?.stringValue { notification.body = message }
        if detail == .full {
            if let sound = payload["sound"]?.stringValue { notification.sound = sound }
            // The iOS extension reads `badge` as a string holding an integer.
            if let badge = payload["badge"]?.stringValue.flatMap({ Int($0) }) { notification.badge = badge }
            if let image = payload["image"]?.stringValue {
                extras.imageURL = image
                notification.images.append(PushImage(url: image))
            }
        }

        extras.action = payload["action"]?.stringValue
        extras.url = payload["url"]?.stringValue
        notification.defaultAction = Self.action(type: extras.action, url: extras.url)

        if detail == .full, let actions = payload.nestedJSON("actions")?.arrayValue {
            notification.buttons = Self.buttons(actions)
        }

        let attributes = payload.nestedJSON("attributes")?.objectValue
        if let attributes {
            // The ids make the message id, so even a summary reads them.
            extras.campaignID = Self.text(attributes["campaign_id"])
            extras.actionID =
                attributes["action_id"]?.numberValue?.int64Value
                ?? attributes["action_id"]?.stringValue.flatMap { Int64($0) }
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

    /// iOS casts `actions` to `[[String: String]]`: a single non-string value anywhere drops every button.
    static func buttons(_ actions: JSONArray) -> [PushButton] {
        var buttons: [PushButton] = []
        for (index, element) in actions.enumerated() {
            guard let object = element.objectValue, object.values.allSatisfy({ $0.kind == .string }) else { return [] }
            let type = object["action"]?.stringValue ?? "app"
            buttons.append(
                PushButton(
                    title: object["title"]?.stringValue ?? "",
                    actionIdentifier: "EXPONEA_ACTION_\(identifierType(type))_\(index)",
                    action: action(type: type, url: object["url"]?.stringValue)
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
        return value.isString("true") || value.isString("1")
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
