/// The text of a notification: title, subtitle and body.
public struct PushText: Hashable, Sendable {
    /// The title.
    public var title: String?
    /// The subtitle.
    public var subtitle: String?
    /// The body.
    public var body: String?

    /// A text with any of its parts; a part left `nil` is not shown.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    /// Whether all three are absent.
    public var isEmpty: Bool { title == nil && subtitle == nil && body == nil }
}
