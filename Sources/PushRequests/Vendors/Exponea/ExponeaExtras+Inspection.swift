public import PushPayloads

extension ExponeaExtras: PushInspectionExtras {
    /// The members `ExponeaExtras`'s `Encodable` conformance encodes, in its order, an absent optional left out.
    public func writeInspection(to object: inout PushInspectionObject) throws {
        object.member("action", action)
        object.member("url", url)
        object.member("image_url", imageURL)
        object.member("attributes", attributes)
        object.member("campaign_id", campaignID)
        object.member("campaign_name", campaignName)
        object.member("action_id", actionID)
        object.member("action_type", actionType)
        object.member("action_name", actionName)
        object.member("event_type", eventType)
        object.member("custom_event_type", customEventType)
        try object.member("sent_timestamp", sentTimestamp)
        object.member("consent_category", consentCategory)
        object.member("url_parameters", urlParameters)
        object.member("has_tracking_consent", hasTrackingConsent)
        object.member("consent_category_tracking", consentCategoryTracking)
        object.member("is_tracking_forced", isTrackingForced)
        if !buttonTrackingForced.isEmpty { object.member("button_tracking_forced", buttonTrackingForced) }
        object.member("notification_id", notificationID)
    }
}
