public import PushPayloads

/// Resolves the action identifier of a tap into what it points at in the payload, by each vendor's rules: a pure,
/// synchronous function that never traps, whatever the identifier.
///
/// The rules, in order:
///
/// 1. ``defaultActionIdentifier`` gives the payload's main action (``PushTapResolution/defaultAction(_:)``), or the
///    card for an Atomic push (``PushTapResolution/card(_:)``).
/// 2. ``dismissActionIdentifier`` gives ``PushTapResolution/dismissAction``.
/// 3. Exponea: `EXPONEA_ACTION_<TYPE>_<index>` gives the button at `index` of `actions`. Only the trailing index
///    counts; the type and URL come from the payload, as Exponea's SDK reads them.
/// 4. Swrve: `"0"`, `"1"`, … gives the button at that index of `_sw.buttons`.
/// 5. Cordial: an identifier ending in `.next` or `.previous` (see ``PushCarouselStep``) on a push with a carousel
///    steps through it; Cordial's content extension handles these on screen (`.doNotDismiss`), so the router never
///    hands them to the app. Any other identifier is the main action: Cordial's
///    SDK never reads the identifier and treats every tap that reaches the app as a tap on the notification.
/// 6. Other vendors (custom decoders) and unrecognised pushes: the button whose `PushButton.actionIdentifier` is
///    exactly the identifier.
///
/// Indexes must be plain decimal numbers as the SDKs write them (`String(index)`): `01`, `+1`, `-1` and an empty index
/// are ``PushTapResolution/Reason/malformedIndex``. The SDKs themselves parse with `Int(_:)`, which accepts `01` and
/// `+1` (and, in Exponea's case, would index with `-1`); an identifier the SDK never registered means a category
/// mix-up, which is better reported than guessed. Anything else that points nowhere is
/// ``PushTapResolution/unresolved(actionIdentifier:reason:)`` too.
///
/// ```swift
/// let resolution = PushTapResolver().resolve(actionIdentifier: "EXPONEA_ACTION_BROWSER_1", for: notification)
/// resolution.action?.url  // the URL of actions[1]
/// ```
public struct PushTapResolver: Sendable {
    /// The identifier the OS reports when the user taps the notification itself
    /// (`UNNotificationDefaultActionIdentifier`).
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// The identifier the OS reports when the user dismisses the notification
    /// (`UNNotificationDismissActionIdentifier`), for categories with the custom dismiss action option.
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
    /// The prefix of the identifiers Exponea's content extension registers for buttons.
    public static let exponeaActionPrefix = "EXPONEA_ACTION_"

    /// Creates a resolver.
    public init() {}

    /// Resolves `actionIdentifier` against `notification`, by the rules of the notification's vendor.
    public func resolve(actionIdentifier: String, for notification: PushNotification) -> PushTapResolution {
        // Identifiers are opaque tokens, compared byte by byte: no Unicode folding can make two differ or match.
        let identifier = actionIdentifier.utf8
        if identifier.elementsEqual(Self.defaultActionIdentifier.utf8) {
            if notification.vendor == .atomic, let card = notification.atomic { return .card(card) }
            return .defaultAction(notification.defaultAction)
        }
        if identifier.elementsEqual(Self.dismissActionIdentifier.utf8) { return .dismissAction }
        switch notification.vendor {
        case .exponea?: return resolveExponea(actionIdentifier, notification)
        case .swrve?: return resolveSwrve(actionIdentifier, notification)
        case .cordial?: return resolveCordial(actionIdentifier, notification)
        case .atomic?: return .unresolved(actionIdentifier: actionIdentifier, reason: .unknownIdentifier)
        default: return resolveByIdentifier(actionIdentifier, notification)
        }
    }

    private func resolveExponea(_ identifier: String, _ notification: PushNotification) -> PushTapResolution {
        let bytes = identifier.utf8
        guard bytes.starts(with: Self.exponeaActionPrefix.utf8) else {
            return .unresolved(actionIdentifier: identifier, reason: .unknownIdentifier)
        }
        // The SDK splits on "_" and reads the last part; the prefix ends in "_", so there always is one.
        guard let underscore = bytes.lastIndex(of: UInt8(ascii: "_")) else {
            return .unresolved(actionIdentifier: identifier, reason: .malformedIndex)
        }
        return button(at: bytes[bytes.index(after: underscore)...], identifier, notification)
    }

    private func resolveSwrve(_ identifier: String, _ notification: PushNotification) -> PushTapResolution {
        var digits = identifier.utf8[...]
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        // Only something that looks like a number is a button index; "open" or "" is just unknown.
        guard !digits.isEmpty, digits.allSatisfy(Self.isDigit) else {
            return .unresolved(actionIdentifier: identifier, reason: .unknownIdentifier)
        }
        return button(at: identifier.utf8[...], identifier, notification)
    }

    private func resolveCordial(_ identifier: String, _ notification: PushNotification) -> PushTapResolution {
        if let carousel = notification.cordial?.carousel, !carousel.isEmpty {
            if identifier.utf8.reversed().starts(with: ".next".utf8.reversed()) { return .carousel(.next) }
            if identifier.utf8.reversed().starts(with: ".previous".utf8.reversed()) { return .carousel(.previous) }
        }
        return .defaultAction(notification.defaultAction)
    }

    private func resolveByIdentifier(_ identifier: String, _ notification: PushNotification) -> PushTapResolution {
        let bytes = identifier.utf8
        guard let index = notification.buttons.firstIndex(where: { $0.actionIdentifier.utf8.elementsEqual(bytes) })
        else {
            return .unresolved(actionIdentifier: identifier, reason: .unknownIdentifier)
        }
        return .button(notification.buttons[index], index: index)
    }

    /// The button at `digits`, a plain decimal index as `String(index)` writes it: ASCII digits, no sign, no leading
    /// zero. An index too large for `Int` is out of range, as is any index past the buttons.
    private func button(
        at digits: Substring.UTF8View,
        _ identifier: String,
        _ notification: PushNotification
    ) -> PushTapResolution {
        guard let first = digits.first, digits.allSatisfy(Self.isDigit), first != UInt8(ascii: "0") || digits.count == 1
        else { return .unresolved(actionIdentifier: identifier, reason: .malformedIndex) }
        guard let index = Int(Substring(digits)), notification.buttons.indices.contains(index) else {
            return .unresolved(actionIdentifier: identifier, reason: .indexOutOfRange)
        }
        return .button(notification.buttons[index], index: index)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
