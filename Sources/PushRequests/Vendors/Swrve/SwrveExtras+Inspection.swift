public import PushPayloads

extension SwrveExtras: PushInspectionExtras {
    /// The members `SwrveExtras`'s `Encodable` conformance encodes, in its order, an absent optional left out.
    public func writeInspection(to object: inout PushInspectionObject) throws {
        object.member("push_id", pushID)
        object.member("silent_push_id", silentPushID)
        object.member("unique_message_id", uniqueMessageID)
        object.member("authenticated_user_id", authenticatedUserID)
        object.member("silent_payload", silentPayload)
        object.member("campaign_id", campaignID)
        object.member("deep_link", deepLink)
        object.member("media_fallback_deep_link", mediaFallbackDeepLink)
        object.member("influence_window_minutes", influenceWindowMinutes.map(Int64.init))
        object.member("tracking_data", trackingData)
        object.member("platform", platform)
        object.member("campaign_type", campaignType)
        object.member("rich_version", richVersion.map(Int64.init))
    }
}
