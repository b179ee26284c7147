/// What happens when the user taps a notification or one of its buttons.
public struct PushAction: Hashable, Sendable {
    /// The kind of action: an open set, since vendors keep adding them.
    public struct Kind: Hashable, Sendable, PushNamedValue {
        /// A stable snake_case name, such as `open_url`.
        public let name: String

        /// Creates a kind; use a snake_case name no built-in kind uses.
        public init(name: String) { self.name = name }

        /// Bring the app to the foreground and do nothing more.
        public static let openApp = Kind(name: "open_app")
        /// Open ``PushAction/url`` in a browser.
        public static let openURL = Kind(name: "open_url")
        /// Hand ``PushAction/url`` to the app's deep-link handling.
        public static let deepLink = Kind(name: "deep_link")
        /// Show the in-app campaign ``PushAction/campaignID``.
        public static let openCampaign = Kind(name: "open_campaign")
        /// Open the Atomic card (stream container and card instance are in the notification).
        public static let openCard = Kind(name: "open_card")
        /// Close the notification without opening the app.
        public static let dismiss = Kind(name: "dismiss")
    }

    /// The kind of action.
    public var kind: Kind
    /// The URL to open or hand to the app, for ``Kind/openURL`` and ``Kind/deepLink``
    /// (and a deep link that accompanies ``Kind/openCampaign``).
    public var url: String?
    /// Where to go if ``url`` can't be used (Cordial `fallbackUrl`, Swrve `fallback_sd`).
    public var fallbackURL: String?
    /// The in-app campaign to show, for ``Kind/openCampaign``.
    public var campaignID: String?

    /// Creates an action.
    public init(kind: Kind, url: String? = nil, fallbackURL: String? = nil, campaignID: String? = nil) {
        self.kind = kind
        self.url = url
        self.fallbackURL = fallbackURL
        self.campaignID = campaignID
    }

    /// Open the app.
    public static let openApp = PushAction(kind: .openApp)
    /// Dismiss the notification.
    public static let dismiss = PushAction(kind: .dismiss)

    /// Open `url` in a browser.
    public static func openURL(_ url: String) -> PushAction { PushAction(kind: .openURL, url: url) }

    /// Hand `url` to the app's deep-link handling.
    public static func deepLink(_ url: String, fallbackURL: String? = nil) -> PushAction {
        PushAction(kind: .deepLink, url: url, fallbackURL: fallbackURL)
    }

    /// Show the in-app campaign `id`.
    public static func openCampaign(_ id: String, deepLink: String? = nil) -> PushAction {
        PushAction(kind: .openCampaign, url: deepLink, campaignID: id)
    }
}
