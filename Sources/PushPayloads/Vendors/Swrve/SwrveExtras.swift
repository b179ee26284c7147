import PushPayloadsJSON

/// What Swrve's SDKs read from their pushes beyond the common fields.
public struct SwrveExtras: PushNotificationExtras {
    /// `swrve`.
    public static let name = "swrve"

    /// The push (campaign tracking) id, `_p`, as text. `"0"` marks a QA push. A number or Boolean reads
    /// as iOS's `NSNumber.stringValue` prints it: `true` is `"1"`, `false` `"0"`, `1234.0` `"1234"`.
    public var pushID: String?
    /// The silent push id, `_sp`, as text (read as ``pushID`` is).
    public var silentPushID: String?
    /// The unique message id Android de-duplicates by (`_sid`, `SwrvePushSidDeDuper`); without it Android
    /// shows every copy.
    public var uniqueMessageID: String?
    /// The user an authenticated push is for (`_aui`); the SDK shows it only to that user.
    public var authenticatedUserID: String?
    /// The custom data handed to the silent-push listener (`_s.SilentPayload`), as JSON.
    public var silentPayload: JSONValue?
    /// The in-app campaign a tap on the body opens (`_sw.campaign.id`).
    public var campaignID: String?
    /// The deep link opened on tap (`_sd`, else the deprecated `_d`).
    public var deepLink: String?
    /// The deep link to use instead when the rich media fails to load (`_sw.media.fallback_sd`).
    public var mediaFallbackDeepLink: String?
    /// The "influenced open" window in minutes (`_siw`) as the receiving platform reads it: on iOS
    /// Objective-C's `intValue` of a string or number (`"x"` is 0, `true` 1; 720 for other values); on
    /// Android `Integer.parseInt`, `nil` when that throws (and Android then shows nothing).
    public var influenceWindowMinutes: Int?
    /// The tracking-data hash echoed in events (`_td`).
    public var trackingData: String?
    /// The platform echoed in events (`_smp`).
    public var platform: String?
    /// The campaign type: `push` (the default), `geo` or `iam`.
    public var campaignType = "push"
    /// The rich content version (`_sw.version`, read as Objective-C's `intValue`: `"1"` is 1, `"x"` is 0);
    /// the SDKs only render versions up to 1.
    public var richVersion: Int?

    /// Creates empty extras.
    public init() {}

    /// Whether the push is authenticated (`_p` with `_aui`): the SDK renders it for that user only.
    public var isAuthenticated: Bool { pushID != nil && authenticatedUserID != nil }

    /// Whether this is a QA push (`_p` is `"0"`), which the SDK never de-duplicates.
    public var isQAPush: Bool { pushID == "0" }

    enum CodingKeys: String, CodingKey {
        case pushID = "push_id"
        case silentPushID = "silent_push_id"
        case uniqueMessageID = "unique_message_id"
        case authenticatedUserID = "authenticated_user_id"
        case silentPayload = "silent_payload"
        case campaignID = "campaign_id"
        case deepLink = "deep_link"
        case mediaFallbackDeepLink = "media_fallback_deep_link"
        case influenceWindowMinutes = "influence_window_minutes"
        case trackingData = "tracking_data"
        case platform
        case campaignType = "campaign_type"
        case richVersion = "rich_version"
    }
}

extension PushNotification {
    /// Swrve's fields, for Swrve pushes.
    public var swrve: SwrveExtras? {
        get { extras[SwrveExtras.self] }
        set { extras[SwrveExtras.self] = newValue }
    }
}
