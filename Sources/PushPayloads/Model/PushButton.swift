/// An action button on a notification.
public struct PushButton: Hashable, Sendable, Encodable {
    /// The button's label.
    public var title: String
    /// The action identifier the OS reports when the button is tapped, such as
    /// `EXPONEA_ACTION_DEEPLINK_1` or Swrve's `"0"`.
    public var actionIdentifier: String
    /// What a tap does.
    public var action: PushAction
    /// Presentation options the payload asks for, such as Swrve's `foreground`, `destructive`, `auth-required`.
    public var options: [String]

    /// Creates a button.
    public init(title: String, actionIdentifier: String, action: PushAction, options: [String] = []) {
        self.title = title
        self.actionIdentifier = actionIdentifier
        self.action = action
        self.options = options
    }

    private enum CodingKeys: String, CodingKey {
        case title
        case actionIdentifier = "action_identifier"
        case action, options
    }
}
