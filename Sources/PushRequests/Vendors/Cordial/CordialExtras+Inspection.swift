public import PushPayloads

extension CordialExtras: PushInspectionExtras {
    /// The members `CordialExtras`'s `Encodable` conformance encodes, in its order, an absent optional left out.
    public func writeInspection(to object: inout PushInspectionObject) throws {
        object.member("mc_id", mcID)
        object.member("uses_message_attribution_layout", usesMessageAttributionLayout)
        object.member("deep_link_url", deepLinkURL)
        object.member("fallback_url", fallbackURL)
        object.member("vanity_url", vanityURL)
        if let message = inAppMessage {
            object.member("in_app_message") { inner in
                inner.member("type", message.type)
                inner.member("display_type", message.displayType)
                inner.member("inactive_session_display", message.inactiveSessionDisplay)
                inner.member("expiration_time", message.expirationTime)
            }
        }
        object.member("has_inbox_message", hasInboxMessage)
        object.member("image_url", imageURL)
        object.member("carousel", objects: carousel) { inner, item in
            inner.member("image_url", item.imageURL)
            inner.member("deep_link", item.deepLink)
        }
    }
}
