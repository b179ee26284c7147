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
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(kind, forKey: "kind")
        try container.encode(url, forKey: "url")
        try container.encode(fallbackURL, forKey: "fallback_url")
        try container.encode(campaignID, forKey: "campaign_id")
    }
}

extension PushImage: Encodable {
    /// Encodes `url`, `fallback_url` and `deep_link`, each present, `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(url, forKey: "url")
        try container.encode(fallbackURL, forKey: "fallback_url")
        try container.encode(deepLink, forKey: "deep_link")
    }
}

extension PushText: Encodable {
    /// Encodes `title`, `subtitle` and `body`, each present, `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(title, forKey: "title")
        try container.encode(subtitle, forKey: "subtitle")
        try container.encode(body, forKey: "body")
    }
}

extension PushExtras: Encodable {
    /// Encodes an object with each value under its type's ``PushNotificationExtras/name``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        for value in all { try container.encode(value, forKey: PushNameKey(stringValue: type(of: value).name)) }
    }
}

/// A key named by its string: a schema key written beside its value (`forKey: "fallback_url"`), an extras
/// type's name, a dictionary's key (an inspection's APNs headers).
package struct PushNameKey: CodingKey, ExpressibleByStringLiteral {
    package let stringValue: String
    package var intValue: Int? { nil }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init(stringLiteral value: String) { stringValue = value }
    package init?(intValue: Int) { nil }
}

extension PushClassification: Encodable {
    /// Encodes `vendor`, `marker` and `entry_point_rule` (whether the vendor SDK's entry point applies
    /// the marker's rule; all three `null` for no vendor), `also_matching`, `silent` and `shape`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(vendor, forKey: "vendor")
        try container.encode(marker, forKey: "marker")
        try container.encode(marker?.isEntryPointRule, forKey: "entry_point_rule")
        try container.encode(alsoMatching, forKey: "also_matching")
        try container.encode(isSilent, forKey: "silent")
        try container.encode(shape, forKey: "shape")
    }
}

extension PushNotification: Encodable {
    /// Encodes the classification, every field of the model (`null` when absent), the extras keyed by
    /// their names, and the payload itself exactly as received.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: PushNameKey.self)
        try container.encode(classification, forKey: "classification")
        try container.encode(isContentAvailable, forKey: "content_available")
        try container.encode(isMutableContent, forKey: "mutable_content")
        try container.encode(messageID, forKey: "message_id")
        try container.encode(title, forKey: "title")
        try container.encode(subtitle, forKey: "subtitle")
        try container.encode(body, forKey: "body")
        try container.encode(vendorText, forKey: "vendor_text")
        try container.encode(badge, forKey: "badge")
        try container.encode(sound, forKey: "sound")
        try container.encode(category, forKey: "category")
        try container.encode(threadID, forKey: "thread_id")
        try container.encode(interruptionLevel, forKey: "interruption_level")
        try container.encode(relevanceScore, forKey: "relevance_score")
        try container.encode(defaultAction, forKey: "default_action")
        try container.encode(buttons, forKey: "buttons")
        try container.encode(images, forKey: "images")
        try container.encode(extras, forKey: "extras")
        try container.encode(document, forKey: "payload")
    }
}
