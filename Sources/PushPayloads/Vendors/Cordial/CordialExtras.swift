import PushPayloadsJSON

/// What Cordial's SDK reads from its pushes beyond the common fields.
public struct CordialExtras: PushNotificationExtras {
    /// `cordial`.
    public static let name = "cordial"

    /// The message-contact id that identifies the push and attributes the tap (`mcID`).
    public var mcID: String
    /// The id came from the 2020 layout `system.messageAttribution.mcID`.
    public var usesMessageAttributionLayout = false
    /// The deep link opened on tap (`deepLink.url`).
    public var deepLinkURL: String?
    /// The fallback passed to the app's deep-link delegate (`deepLink.fallbackUrl`).
    public var fallbackURL: String?
    /// The tracked vanity link (`deepLink.vanityUrl`; `encodedURL` before mid-2022).
    public var vanityURL: String?
    /// The in-app message that comes with the push (`system.iam` as an object; the pre-2020 flat `in-app`
    /// layout is not read, as the SDK dropped it).
    public var inAppMessage: InAppMessage?
    /// A new inbox message exists for this mcID (`system.inbox` is present).
    public var hasInboxMessage = false
    /// The rich-push image (`imageURL`).
    public var imageURL: String?
    /// The carousel items (`carousel`), in order.
    public var carousel: [CarouselItem] = []

    /// Creates extras for `mcID`.
    public init(mcID: String) { self.mcID = mcID }

    /// An in-app message announced by a push.
    public struct InAppMessage: Hashable, Sendable, Encodable {
        /// `modal` (the default, also for unknown values), `banner_up`, `banner_bottom` or `fullscreen`.
        public var type: String
        /// `displayImmediately` (the default, also for unknown values) or `displayOnAppOpenEvent`.
        public var displayType: String
        /// `show-in-app` (the default, also for unknown values) or `hide-in-app`: whether a tap on the push
        /// suppresses the message.
        public var inactiveSessionDisplay: String
        /// When the message expires, as sent (ISO 8601 with fractional seconds).
        public var expirationTime: String?

        /// Creates an in-app message description.
        public init(
            type: String = "modal",
            displayType: String = "displayImmediately",
            inactiveSessionDisplay: String = "show-in-app",
            expirationTime: String? = nil
        ) {
            self.type = type
            self.displayType = displayType
            self.inactiveSessionDisplay = inactiveSessionDisplay
            self.expirationTime = expirationTime
        }

        /// Reads `system.iam` as `InAppMessageGetter.setInAppMessageParamsToCoreData` does: each of `type`,
        /// `displayType` and `inactiveSessionDisplay` is switched over its known values, and anything else
        /// (unknown, absent, not a string) gives the default (`getInAppMessageType`,
        /// `getInAppMessageDisplayType`, `getInAppMessageInactiveSessionDisplayType`).
        init(_ object: JSONObject) {
            func known(_ key: String, _ values: [String]) -> String? {
                object[key]?.stringValue.flatMap { values.contains($0) ? $0 : nil }
            }
            self.init(
                type: known("type", ["modal", "banner_up", "banner_bottom", "fullscreen"]) ?? "modal",
                displayType: known("displayType", ["displayImmediately", "displayOnAppOpenEvent"])
                    ?? "displayImmediately",
                inactiveSessionDisplay: known("inactiveSessionDisplay", ["show-in-app", "hide-in-app"])
                    ?? "show-in-app",
                expirationTime: object["expirationTime"]?.stringValue
            )
        }

        enum CodingKeys: String, CodingKey {
            case type
            case displayType = "display_type"
            case inactiveSessionDisplay = "inactive_session_display"
            case expirationTime = "expiration_time"
        }
    }

    /// One carousel item.
    public struct CarouselItem: Hashable, Sendable, Encodable {
        /// The image URL.
        public var imageURL: String
        /// Where tapping this item leads.
        public var deepLink: String?

        /// Creates an item.
        public init(imageURL: String, deepLink: String?) {
            self.imageURL = imageURL
            self.deepLink = deepLink
        }

        enum CodingKeys: String, CodingKey {
            case imageURL = "image_url"
            case deepLink = "deep_link"
        }
    }

    enum CodingKeys: String, CodingKey {
        case mcID = "mc_id"
        case usesMessageAttributionLayout = "uses_message_attribution_layout"
        case deepLinkURL = "deep_link_url"
        case fallbackURL = "fallback_url"
        case vanityURL = "vanity_url"
        case inAppMessage = "in_app_message"
        case hasInboxMessage = "has_inbox_message"
        case imageURL = "image_url"
        case carousel
    }
}

extension PushNotification {
    /// Cordial's fields, for Cordial pushes.
    public var cordial: CordialExtras? {
        get { extras[CordialExtras.self] }
        set { extras[CordialExtras.self] = newValue }
    }
}
