public import PushPayloads

/// Resolves the action identifier of a tap into what it points at in the payload, by the rules of the notification's
/// vendor: a pure, synchronous function that never traps, whatever the identifier.
///
/// The rules, in order:
///
/// 1. ``defaultActionIdentifier`` gives what the vendor's decoder says a tap on the notification points at
///    (``PushTapHandling/resolveDefaultTap(on:)``): the payload's main action (``PushTapResolution/defaultAction(_:)``)
///    unless the decoder says otherwise, as Atomic's does with its card (``PushTapResolution/card(_:)``).
/// 2. ``dismissActionIdentifier`` gives ``PushTapResolution/dismissAction``, whoever the vendor.
/// 3. Any other identifier is resolved by the vendor's decoder (``PushTapHandling/resolveTap(actionIdentifier:on:)``),
///    each by its SDK's rules (each standard decoder's conformance says them); a decoder that does not adopt
///    ``PushTapHandling``, and a push no decoder recognised, get ``button(matching:on:)``: the button whose
///    `PushButton.actionIdentifier` is exactly the identifier.
///
/// Indexes must be plain decimal numbers as the SDKs write them (`String(index)`): `01`, `+1`, `-1` and an empty index
/// are ``PushTapResolution/Reason/malformedIndex`` (``button(atIndex:of:on:)``). The SDKs themselves parse with
/// `Int(_:)`, which accepts `01` and `+1`; an identifier the SDK never registered means a category mix-up, which is
/// better reported than guessed. Anything else that points nowhere is
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
    /// The decoders that resolve their vendor's taps, by vendor: looked up once, when the resolver is made.
    private let handlers: [PushVendor: any PushTapHandling]

    /// A resolver that asks the decoders of `registry` about their vendors' taps.
    public init(registry: PushDecoderRegistry = .standard) {
        var handlers: [PushVendor: any PushTapHandling] = [:]
        for case let handler as any PushTapHandling in registry.decoders where handlers[handler.vendor] == nil {
            handlers[handler.vendor] = handler
        }
        self.handlers = handlers
    }

    /// Resolves `actionIdentifier` against `notification`, by the rules of the notification's vendor.
    public func resolve(actionIdentifier: String, for notification: PushNotification) -> PushTapResolution {
        let handler = notification.vendor.flatMap { handlers[$0] }
        // Identifiers are opaque tokens, compared byte by byte: no Unicode folding can make two differ or match.
        let identifier = actionIdentifier.utf8
        if identifier.elementsEqual(Self.defaultActionIdentifier.utf8) {
            return handler?.resolveDefaultTap(on: notification) ?? .defaultAction(notification.defaultAction)
        }
        if identifier.elementsEqual(Self.dismissActionIdentifier.utf8) { return .dismissAction }
        return handler?.resolveTap(actionIdentifier: actionIdentifier, on: notification)
            ?? Self.button(matching: actionIdentifier, on: notification)
    }

    /// The button whose `PushButton.actionIdentifier` is exactly `identifier`, else
    /// ``PushTapResolution/Reason/unknownIdentifier``: the generic rule, for vendors without rules of their own.
    public static func button(matching identifier: String, on notification: PushNotification) -> PushTapResolution {
        let bytes = identifier.utf8
        guard let index = notification.buttons.firstIndex(where: { $0.actionIdentifier.utf8.elementsEqual(bytes) })
        else {
            return .unresolved(actionIdentifier: identifier, reason: .unknownIdentifier)
        }
        return .button(notification.buttons[index], index: index)
    }

    /// The button at `digits`, the index part of `identifier`, when it is a plain decimal index as `String(index)`
    /// writes it (ASCII digits, no sign, no leading zero), else ``PushTapResolution/Reason/malformedIndex``. An index
    /// too large for `Int` is ``PushTapResolution/Reason/indexOutOfRange``, as is any index past the buttons.
    public static func button(
        atIndex digits: Substring.UTF8View,
        of identifier: String,
        on notification: PushNotification
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
