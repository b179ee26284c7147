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
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(vendor, forKey: .vendor)
        try container.encode(messageID, forKey: .messageID)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(isRead, forKey: .read)
        try container.encode(sentAt, forKey: .sentAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(isExpired, forKey: .expired)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(imageURL, forKey: .imageURL)
        try container.encode(html, forKey: .html)
        try container.encode(defaultAction, forKey: .defaultAction)
        try container.encode(buttons, forKey: .buttons)
        try container.encode(customContent, forKey: .customContent)
        try container.encode(contentURL, forKey: .contentURL)
        try container.encode(contentURLExpiresAt, forKey: .contentURLExpiresAt)
        try container.encode(variantID, forKey: .variantID)
        try container.encode(trackingData, forKey: .trackingData)
        try container.encode(issues, forKey: .issues)
        try container.encode(notification, forKey: .notification)
        try container.encode(document, forKey: .entry)
    }

    private enum CodingKeys: String, CodingKey {
        case vendor, read, expired, title, body, html, buttons, issues, notification, entry
        case messageID = "message_id"
        case contentType = "content_type"
        case sentAt = "sent_at"
        case expiresAt = "expires_at"
        case imageURL = "image_url"
        case defaultAction = "default_action"
        case customContent = "custom_content"
        case contentURL = "content_url"
        case contentURLExpiresAt = "content_url_expires_at"
        case variantID = "variant_id"
        case trackingData = "tracking_data"
    }
}

extension PushInboxPage: Encodable {
    /// Encodes `vendor`, `position` (Cordial's, else `null`), `sync_token` and `entries`, each with its
    /// `key_path` and either `message` or `error`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(vendor, forKey: .vendor)
        try container.encode(position, forKey: .position)
        try container.encode(syncToken, forKey: .syncToken)
        try container.encode(entries, forKey: .entries)
    }

    private enum CodingKeys: String, CodingKey {
        case vendor, position, entries
        case syncToken = "sync_token"
    }
}

extension PushInboxPage.Position: Encodable {
    /// Encodes `current`, `last`, `size`, `total` and `has_next`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(current, forKey: .current)
        try container.encode(last, forKey: .last)
        try container.encode(size, forKey: .size)
        try container.encode(total, forKey: .total)
        try container.encode(hasNext, forKey: .hasNext)
    }

    private enum CodingKeys: String, CodingKey {
        case current, last, size, total
        case hasNext = "has_next"
    }
}

extension PushInboxPage.Entry: Encodable {
    /// Encodes `key_path` and `message` or `error`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(keyPath, forKey: .keyPath)
        switch result {
        case .success(let message): try container.encode(message, forKey: .message)
        case .failure(let error): try container.encode(error, forKey: .error)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case message, error
        case keyPath = "key_path"
    }
}
