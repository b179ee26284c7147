import PushPayloadsJSON

/// Swrve's campaigns response, whose `push_inbox` array the SDKs load (`SwrvePushInboxManager.loadMessages`); the iOS
/// SDK's cache file is a bare array of the same entries.
extension SwrveDecoder {
    /// `push_inbox`.
    public var inboxPageListKey: String? { "push_inbox" }

    /// Requires `push_inbox` to be an array: the SDKs read nothing else of the response.
    public func readInboxPage(
        _ object: JSONObject,
        into page: inout PushInboxPage,
        options: PushInboxReadingOptions
    )
        throws(PushPayloadError)
    {
        guard object["push_inbox"]?.arrayValue != nil else {
            throw PushPayloadError(.typeMismatch, message: "push_inbox is not an array", keyPath: "push_inbox")
        }
    }
}
