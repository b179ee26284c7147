// The inbox entry's JSON (`docs/json-schema.md`, `#/$defs/inbox_message`): keys in snake_case, every field
// present, `null` when absent, as the push model's JSON.

extension PushTimestamp: Encodable {
    /// Encodes the moment as ``iso8601`` text, UTC with milliseconds.
    public func encode(to encoder: any Encoder) throws { try iso8601.encode(to: encoder) }
}

extension PushInboxMessage: Encodable {
    /// Encodes every field (`null` when absent), the push when the entry is one, the issues, and the entry
    /// itself exactly as read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(vendor, forKey: "vendor")
        try container.encode(messageID, forKey: "message_id")
        try container.encode(contentType, forKey: "content_type")
        try container.encode(isRead, forKey: "read")
        try container.encode(sentAt, forKey: "sent_at")
        try container.encode(expiresAt, forKey: "expires_at")
        try container.encode(isExpired, forKey: "expired")
        try container.encode(title, forKey: "title")
        try container.encode(body, forKey: "body")
        try container.encode(imageURL, forKey: "image_url")
        try container.encode(html, forKey: "html")
        try container.encode(defaultAction, forKey: "default_action")
        try container.encode(buttons, forKey: "buttons")
        try container.encode(customContent, forKey: "custom_content")
        try container.encode(customContentText, forKey: "custom_content_text")
        try container.encode(contentURL, forKey: "content_url")
        try container.encode(contentURLExpiresAt, forKey: "content_url_expires_at")
        try container.encode(variantID, forKey: "variant_id")
        try container.encode(trackingData, forKey: "tracking_data")
        try container.encode(issues, forKey: "issues")
        try container.encode(notification, forKey: "notification")
        try container.encode(document, forKey: "entry")
    }
}

extension PushInboxPage: Encodable {
    /// Encodes `vendor`, `position` (Cordial's, else `null`), `sync_token` and `entries`, each with its
    /// `key_path` and either `message` or `error`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(vendor, forKey: "vendor")
        try container.encode(position, forKey: "position")
        try container.encode(syncToken, forKey: "sync_token")
        try container.encode(entries, forKey: "entries")
    }
}

extension PushInboxPage.Position: Encodable {
    /// Encodes `current`, `last`, `size`, `total` and `has_next`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(current, forKey: "current")
        try container.encode(last, forKey: "last")
        try container.encode(size, forKey: "size")
        try container.encode(total, forKey: "total")
        try container.encode(hasNext, forKey: "has_next")
    }
}

extension PushInboxPage.Entry: Encodable {
    /// Encodes `key_path` and `message` or `error`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(keyPath, forKey: "key_path")
        switch result {
        case .success(let message): try container.encode(message, forKey: "message")
        case .failure(let error): try container.encode(error, forKey: "error")
        }
    }
}
