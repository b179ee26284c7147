public import PushPayloads

extension SwrveDecoder: PushTapHandling {
    /// `"0"`, `"1"`, … is the button at that index of `_sw.buttons`; an identifier that does not look like a number
    /// (`"open"`, `""`) is unknown.
    public func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
        var digits = actionIdentifier.utf8[...]
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy(PushTapResolver.isDigit) else {
            return .unresolved(actionIdentifier: actionIdentifier, reason: .unknownIdentifier)
        }
        return PushTapResolver.button(atIndex: actionIdentifier.utf8[...], of: actionIdentifier, on: notification)
    }

    /// `true`: `processNotificationResponse` opens deep links and campaigns.
    public var opensTapTarget: Bool { true }
}
