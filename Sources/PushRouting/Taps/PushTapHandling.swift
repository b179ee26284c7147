public import PushPayloads

/// A capability a decoder adopts beside `PushPayloadDecoder` when its vendor's SDK reads taps by rules of its own:
/// which action identifiers it registers and what each points at, and whether the SDK, given the tap, opens the target
/// itself.
///
/// The router never asks the decoder directly: ``PushTapResolver`` looks the notification's vendor up in the registry
/// it was made with, so a decoder that does not adopt this gets the generic rules, each a default here: a tap on the
/// notification is its main action, any other identifier is the button whose `PushButton.actionIdentifier` it is
/// exactly, and the SDK opens nothing. The OS's dismiss action is resolved before any vendor is asked.
///
/// ```swift
/// extension AcmeDecoder: PushTapHandling {
///     func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
///         guard actionIdentifier.hasPrefix("acme.button.") else {
///             return .unresolved(actionIdentifier: actionIdentifier, reason: .unknownIdentifier)
///         }
///         return PushTapResolver.button(atIndex: actionIdentifier.utf8.dropFirst(12), of: actionIdentifier, on: notification)
///     }
///     var opensTapTarget: Bool { true }
/// }
/// ```
public protocol PushTapHandling: PushPayloadDecoder {
    /// What a tap on the notification itself (``PushTapResolver/defaultActionIdentifier``) points at. The default is
    /// the notification's main action, ``PushTapResolution/defaultAction(_:)``.
    func resolveDefaultTap(on notification: PushNotification) -> PushTapResolution

    /// What `actionIdentifier`, any identifier but the OS's default and dismiss actions, points at in `notification`.
    /// The default is ``PushTapResolver/button(matching:on:)``: the button with exactly that identifier.
    func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution

    /// Whether the vendor's SDK, given a tap that resolves to a deep link, a URL or a campaign, opens it itself
    /// (``PushTap/vendorSDKOpensTarget``). The default is `false`: the app opens it.
    var opensTapTarget: Bool { get }
}

extension PushTapHandling {
    /// The notification's main action.
    public func resolveDefaultTap(on notification: PushNotification) -> PushTapResolution {
        .defaultAction(notification.defaultAction)
    }

    /// The button whose `actionIdentifier` is exactly `actionIdentifier`.
    public func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
        PushTapResolver.button(matching: actionIdentifier, on: notification)
    }

    /// `false`: the app opens the target.
    public var opensTapTarget: Bool { false }
}

extension PushDecoderRegistry {
    /// The vendors whose decoders say their SDK opens a tap's target (``PushTapHandling/opensTapTarget``).
    public var vendorsOpeningTapTargets: Set<PushVendor> {
        Set(decoders.compactMap { ($0 as? any PushTapHandling)?.opensTapTarget == true ? $0.vendor : nil })
    }
}
