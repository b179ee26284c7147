public import PushPayloads

/// What a tap on a notification, or on one of its buttons, points at: the answer of ``PushTapResolver``.
///
/// Every case but ``unresolved(actionIdentifier:reason:)`` comes from the payload itself, so the delegate
/// gets the vendor's own action (type, URL, campaign) rather than what the identifier's spelling suggests.
/// An identifier that points nowhere is reported with the reason instead of being guessed at.
///
/// ```swift
/// switch tap.resolution {
/// case .button(let button, let index): track(button.title, index); open(button.action)
/// case .card(let card): showStream(card.containerID, card: card.cardInstanceID)
/// case .unresolved(let identifier, let reason): logger.debug("tap on \(identifier): \(reason)")
/// default: if let action = tap.resolution.action { open(action) }
/// }
/// ```
public enum PushTapResolution: Hashable, Sendable {
    /// The notification itself was tapped (the OS default action): the payload's main action.
    case defaultAction(PushAction)
    /// The user dismissed the notification (the OS dismiss action).
    case dismissAction
    /// A button: the payload's button at `index`, in display order.
    case button(PushButton, index: Int)
    /// A Cordial carousel button, which Cordial's content extension handles on screen: the router reports it
    /// (``PushRoutedEvent/Outcome/handledByContentExtension``) and calls no delegate.
    case carousel(PushCarouselStep)
    /// A push for a card in a vendor's card stream (such as an Atomic action card) was tapped: the card to
    /// open, in its container, with the vendor's SDK.
    case card(PushCard)
    /// The identifier points at nothing in this payload.
    case unresolved(actionIdentifier: String, reason: Reason)

    /// What the tap does: the main action, `PushAction.dismiss`, the button's action, or
    /// `PushAction.Kind.openCard` for a card; `nil` for a carousel step (the content extension moves
    /// through the items, nothing opens) and for an unresolved identifier.
    public var action: PushAction? {
        switch self {
        case .defaultAction(let action): return action
        case .dismissAction: return .dismiss
        case .button(let button, _): return button.action
        case .carousel: return nil
        case .card: return PushAction(kind: .openCard)
        case .unresolved: return nil
        }
    }

    /// Whether the identifier pointed at something.
    public var isResolved: Bool {
        if case .unresolved = self { return false }
        return true
    }
}

extension PushTapResolution {
    /// Why an action identifier points nowhere: an open set, so adding a reason breaks no one.
    public struct Reason: Hashable, Sendable, PushNamedValue {
        /// A stable snake_case name, such as `index_out_of_range`.
        public let name: String

        /// Creates a reason; use a snake_case name no built-in reason uses.
        public init(name: String) { self.name = name }

        /// The vendor defines no action with this identifier (and no button of the payload has it).
        public static let unknownIdentifier = Reason(name: "unknown_identifier")
        /// The identifier has the vendor's button form, but its index is not a plain decimal number:
        /// empty, signed, with leading zeros, or not digits (`EXPONEA_ACTION_APP_x`, `-1`, `01`).
        public static let malformedIndex = Reason(name: "malformed_index")
        /// The index is well formed, but the payload has no button there.
        public static let indexOutOfRange = Reason(name: "index_out_of_range")
        /// The identifier names content the payload doesn't carry, such as a carousel step on a push
        /// without a carousel.
        public static let missingContent = Reason(name: "missing_content")
    }
}

extension PushTapResolution: CustomStringConvertible {
    /// A short description, such as `button 1 (open_url)` or `unresolved "7": index_out_of_range`.
    public var description: String {
        switch self {
        case .defaultAction(let action): return "default action (\(action.kind))"
        case .dismissAction: return "dismiss action"
        case .button(let button, let index): return "button \(index) (\(button.action.kind))"
        case .carousel(let step): return "carousel \(step)"
        case .card(let card): return "card \(card.cardInstanceID) in container \(card.containerID)"
        case .unresolved(let identifier, let reason): return "unresolved \"\(identifier)\": \(reason)"
        }
    }
}
