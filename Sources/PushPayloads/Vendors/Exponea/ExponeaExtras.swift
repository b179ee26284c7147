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
    /// `attributes.event_type`: a value other than `campaign` makes iOS track the open as that event.
    public var eventType: String?
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
    /// The main URL carries `xnpe_force_track=true` (or `1`), which tracks even without consent.
    public var isTrackingForced = false
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
    enum CodingKeys: String, CodingKey {
        case action
        case url
        case imageURL = "image_url"
        case attributes
        case campaignID = "campaign_id"
        case campaignName = "campaign_name"
        case actionID = "action_id"
        case actionType = "action_type"
        case actionName = "action_name"
        case eventType = "event_type"
        case sentTimestamp = "sent_timestamp"
        case consentCategory = "consent_category"
        case urlParameters = "url_parameters"
        case hasTrackingConsent = "has_tracking_consent"
        case consentCategoryTracking = "consent_category_tracking"
        case isTrackingForced = "is_tracking_forced"
        case notificationID = "notification_id"
    }
}
