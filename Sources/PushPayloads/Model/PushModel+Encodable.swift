// The model's JSON (schema version 1, `docs/json-schema.md` and `docs/push-payloads.schema.json`): keys in
// snake_case, open sets as their names, and every field of the main types present, `null` when absent,
// so a reader can tell what was not found from what was not written.

/// A member of an open set known by a stable name (``PushVendor``, ``PushMarker``, ``PushAction/Kind``, …): it prints
/// and encodes as that name.
public protocol PushNamedValue: Hashable, Sendable, CustomStringConvertible, Encodable {
    /// The stable identifier.
    var name: String { get }
}

extension PushNamedValue {
    /// The ``name``.
    public var description: String { name }

    /// Encodes the value as its ``name``.
    public func encode(to encoder: any Encoder) throws { try name.encode(to: encoder) }
}

extension PushWireShape: Encodable {}

extension PushAction: Encodable {
    /// Encodes `kind`, `url`, `fallback_url` and `campaign_id`, each present, `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(url, forKey: .url)
        try container.encode(fallbackURL, forKey: .fallbackURL)
        try container.encode(campaignID, forKey: .campaignID)
    }

    private enum CodingKeys: String, CodingKey {
        case kind, url
        case fallbackURL = "fallback_url"
        case campaignID = "campaign_id"
    }
}

extension PushImage: Encodable {
    /// Encodes `url`, `fallback_url` and `deep_link`, each present, `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(fallbackURL, forKey: .fallbackURL)
        try container.encode(deepLink, forKey: .deepLink)
    }

    private enum CodingKeys: String, CodingKey {
        case url
        case fallbackURL = "fallback_url"
        case deepLink = "deep_link"
    }
}

extension PushText: Encodable {
    /// Encodes `title`, `subtitle` and `body`, each present, `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(body, forKey: .body)
    }

    private enum CodingKeys: String, CodingKey {
        case title, subtitle, body
    }
}

extension PushExtras: Encodable {
    /// Encodes an object with each value under its type's ``PushNotificationExtras/name``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        for value in all { try container.encode(value, forKey: PushNameKey(stringValue: type(of: value).name)) }
    }
}

/// A key named at run time: an extras type's name, a dictionary's key (an inspection's APNs headers).
package struct PushNameKey: CodingKey {
    package let stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension PushClassification: Encodable {
    /// Encodes `vendor`, `marker` and `entry_point_rule` (whether the vendor SDK's entry point applies
    /// the marker's rule; all three `null` for no vendor), `also_matching`, `silent` and `shape`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(vendor, forKey: .vendor)
        try container.encode(marker, forKey: .marker)
        try container.encode(marker?.isEntryPointRule, forKey: .entryPointRule)
        try container.encode(alsoMatching, forKey: .alsoMatching)
        try container.encode(isSilent, forKey: .silent)
        try container.encode(shape, forKey: .shape)
    }

    private enum CodingKeys: String, CodingKey {
        case vendor, marker, silent, shape
        case entryPointRule = "entry_point_rule"
        case alsoMatching = "also_matching"
    }
}

extension PushNotification: Encodable {
    /// Encodes the classification, every field of the model (`null` when absent), the extras keyed by
    /// their names, and the payload itself exactly as received.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(classification, forKey: .classification)
        try container.encode(isContentAvailable, forKey: .contentAvailable)
        try container.encode(isMutableContent, forKey: .mutableContent)
        try container.encode(messageID, forKey: .messageID)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(body, forKey: .body)
        try container.encode(vendorText, forKey: .vendorText)
        try container.encode(badge, forKey: .badge)
        try container.encode(sound, forKey: .sound)
        try container.encode(category, forKey: .category)
        try container.encode(threadID, forKey: .threadID)
        try container.encode(interruptionLevel, forKey: .interruptionLevel)
        try container.encode(relevanceScore, forKey: .relevanceScore)
        try container.encode(defaultAction, forKey: .defaultAction)
        try container.encode(buttons, forKey: .buttons)
        try container.encode(images, forKey: .images)
        try container.encode(extras, forKey: .extras)
        try container.encode(document, forKey: .payload)
    }

    private enum CodingKeys: String, CodingKey {
        case classification, title, subtitle, body, badge, sound, category, buttons, images, extras, payload
        case contentAvailable = "content_available"
        case mutableContent = "mutable_content"
        case messageID = "message_id"
        case vendorText = "vendor_text"
        case threadID = "thread_id"
        case interruptionLevel = "interruption_level"
        case relevanceScore = "relevance_score"
        case defaultAction = "default_action"
    }
}
