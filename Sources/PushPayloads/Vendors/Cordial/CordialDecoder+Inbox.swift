import PushPayloadsJSON

/// Cordial's inbox entry (`InboxMessage`), as its SDK reads it (docs/vendor-rules.md, "Inbox entries").
extension CordialDecoder: PushInboxReading {
    /// `_id`, `sentAt` or `urlExpireAt`: keys only Cordial's entries carry.
    public func isInboxEntry(_ entry: JSONObject) -> Bool {
        entry["_id"] != nil || entry["sentAt"] != nil || entry["urlExpireAt"] != nil
    }

    /// `metadata`, which the SDK serialises back to text for the app.
    public var inboxCustomContentKey: String? { "metadata" }

    /// A Cordial push whose `mcID` is the entry's `_id`: the one push whose id an inbox entry carries.
    public func isInboxEntry(_ entry: PushInboxMessage, announcedBy notification: PushNotification) -> Bool {
        notification.vendor == vendor && entry.vendor == vendor && notification.messageID == entry.messageID
    }

    /// Cordial's `InboxMessages.parseResponseJSON`: `_id`, `url`, `urlExpireAt`, `read` and `sentAt` are
    /// required, the times valid for `CordialDateFormatter`; an entry missing one fails. `metadata` is kept
    /// when it is a non-empty object or array (the SDK serialises it back to text for the app).
    public func readInboxEntry(_ entry: PushInboxEntry) throws(PushPayloadError) -> PushInboxMessage {
        let object = entry.object
        let id = try entry.requiredString("_id", missing: .missingID)
        let url = try entry.requiredString("url", missing: .missingField)
        let urlExpiry = try entry.requiredISO8601("urlExpireAt")
        guard let readValue = object["read"] else {
            throw PushPayloadError(.missingField, message: "read is absent; the SDK needs a Boolean", keyPath: "read")
        }
        guard let read = readValue.boolValue else {
            throw entry.mismatch("read", expected: "a Boolean", found: readValue)
        }

        var message = PushInboxMessage(vendor: vendor, messageID: id, contentType: .custom, document: entry.document)
        message.isRead = read
        message.sentAt = try entry.requiredISO8601("sentAt")
        message.contentURL = url
        message.contentURLExpiresAt = urlExpiry
        let metadata = object["metadata"]
        if metadata?.objectValue?.isEmpty == false || metadata?.arrayValue?.isEmpty == false {
            message.customContent = metadata
        }
        return message
    }
}
