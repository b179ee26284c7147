import PushPayloadsJSON

/// Exponea's App Inbox response (`AppInboxResponse`): `success`, `messages`, `sync_token`.
extension ExponeaDecoder {
    /// `messages`, which Exponea's SDK decodes if present (`decodeIfPresent`).
    public var inboxPageListKey: String? { "messages" }

    /// ``PushInboxPageClaim/shape``: `messages` or `sync_token` on an object without `type` (an entry's key), which
    /// another vendor's page may have too.
    public func inboxPageClaim(_ object: JSONObject, given: Bool) -> PushInboxPageClaim? {
        guard object["messages"] != nil || object["sync_token"] != nil, object["type"] == nil else { return nil }
        return .shape
    }

    /// `success`, which `AppInboxResponse` decodes as a required Boolean, and `sync_token`.
    public func readInboxPage(
        _ object: JSONObject,
        into page: inout PushInboxPage,
        options: PushInboxReadingOptions
    )
        throws(PushPayloadError)
    {
        try PushInboxPage.requireSuccess(object)
        page.syncToken = object["sync_token"]?.stringValue
    }
}
