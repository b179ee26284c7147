/// An image a notification shows: a rich-push attachment or one carousel item.
public struct PushImage: Hashable, Sendable {
    /// The image URL.
    public var url: String
    /// The image to use when ``url`` fails to load (Swrve `fallback_url`).
    public var fallbackURL: String?
    /// Where tapping this image leads (a Cordial carousel item's `deepLink`).
    public var deepLink: String?

    /// Creates an image.
    public init(url: String, fallbackURL: String? = nil, deepLink: String? = nil) {
        self.url = url
        self.fallbackURL = fallbackURL
        self.deepLink = deepLink
    }
}
