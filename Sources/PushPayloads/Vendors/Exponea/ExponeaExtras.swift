import PushPayloadsJSON

/// What Exponea's SDKs read from their pushes beyond the common fields.
public struct ExponeaExtras: PushNotificationExtras {
    /// `exponea`.
    public static let name = "exponea"

    /// The main action type as sent: `app`, `browser`, `deeplink` or `self-check`.
    public var action: String?
    /// The target of a `browser` or `deeplink` main action.
    public var url: String?
    /// The rich-push image (`image`).
    public var imageURL: String?
    /// The campaign metadata handed to the app as `extraData` (`attributes`), as JSON.
    public var attributes: JSONValue?
    /// `attributes.campaign_id`.
    public var campaignID: String?
    /// `attributes.campaign_name`.
    public var campaignName: String?
    /// `attributes.action_id`.
    public var actionID: Int64?
    /// `attributes.action_type`.
    public var actionType: String?
    /// `attributes.action_name`.
    public var actionName: String?
    /// `attributes.event_type` as sent, when it is a string.
    public var eventType: String?
    /// The event type the SDK tracks the push's open under instead of `campaign`: on iOS a non-empty
    /// `attributes.event_type` other than `campaign`; on Android the tracking data's (`data`, else
    /// `attributes`) `event_type` when it is not blank. `nil` when the open is tracked as `campaign`.
    public var customEventType: String?
    /// `attributes.sent_timestamp`, seconds since 1970.
    public var sentTimestamp: Double?
    /// `attributes.consent_category`.
    public var consentCategory: String?
    /// The campaign (UTM) parameters Exponea keeps from `url_params`.
    public var urlParameters: [String: String] = [:]
    /// `has_tracking_consent`: absent means true.
    public var hasTrackingConsent = true
    /// `consent_category_tracking`.
    public var consentCategoryTracking: String?
    /// A tap on the notification is tracked even without consent: the main URL's query has
    /// `xnpe_force_track` set to `true` or `1` (any case) or without a value, as the receiving platform's
    /// `GdprTracking.isTrackForced` reads it (Android also counts an empty value).
    public var isTrackingForced = false
    /// The same for a tap on each button, by that button's URL: one entry per button in
    /// ``PushNotification/buttons``, in order.
    public var buttonTrackingForced: [Bool] = []
    /// Android's `notification_id`, also used to drop an immediate duplicate.
    public var notificationID: Int64?

    /// Creates empty extras.
    public init() {}
}

extension PushNotification {
    /// Exponea's fields, for Exponea pushes.
    public var exponea: ExponeaExtras? {
        get { extras[ExponeaExtras.self] }
        set { extras[ExponeaExtras.self] = newValue }
    }
}

extension ExponeaExtras {
    /// Encodes what synthesis would, with `url_parameters` sorted by name: a dictionary's order changes
    /// from one process to the next, and the same push must give the same JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encodeIfPresent(action, forKey: "action")
        try container.encodeIfPresent(url, forKey: "url")
        try container.encodeIfPresent(imageURL, forKey: "image_url")
        try container.encodeIfPresent(attributes, forKey: "attributes")
        try container.encodeIfPresent(campaignID, forKey: "campaign_id")
        try container.encodeIfPresent(campaignName, forKey: "campaign_name")
        try container.encodeIfPresent(actionID, forKey: "action_id")
        try container.encodeIfPresent(actionType, forKey: "action_type")
        try container.encodeIfPresent(actionName, forKey: "action_name")
        try container.encodeIfPresent(eventType, forKey: "event_type")
        try container.encodeIfPresent(customEventType, forKey: "custom_event_type")
        try container.encodeIfPresent(sentTimestamp, forKey: "sent_timestamp")
        try container.encodeIfPresent(consentCategory, forKey: "consent_category")
        var parameters = container.nestedContainer(keyedBy: PushNameKey.self, forKey: "url_parameters")
        for (name, value) in urlParameters.sorted(by: { $0.key < $1.key }) {
            try parameters.encode(value, forKey: PushNameKey(stringValue: name))
        }
        try container.encode(hasTrackingConsent, forKey: "has_tracking_consent")
        try container.encodeIfPresent(consentCategoryTracking, forKey: "consent_category_tracking")
        try container.encode(isTrackingForced, forKey: "is_tracking_forced")
        if !buttonTrackingForced.isEmpty {
            try container.encode(buttonTrackingForced, forKey: "button_tracking_forced")
        }
        try container.encodeIfPresent(notificationID, forKey: "notification_id")
    }
}
