public import PushPayloads

extension PushTapResolver {
    /// The prefix of the identifiers Exponea's content extension registers for buttons.
    public static let exponeaActionPrefix = "EXPONEA_ACTION_"
}

extension ExponeaDecoder: PushTapHandling {
    /// `EXPONEA_ACTION_<TYPE>_<index>` is the button at `index` of `actions`. Only the trailing index counts; the type
    /// and URL come from the payload, as Exponea's SDK reads them. Any other identifier is unknown.
    public func resolveTap(actionIdentifier: String, on notification: PushNotification) -> PushTapResolution {
        let bytes = actionIdentifier.utf8
        guard bytes.starts(with: PushTapResolver.exponeaActionPrefix.utf8) else {
            return .unresolved(actionIdentifier: actionIdentifier, reason: .unknownIdentifier)
        }
        // The SDK splits on "_" and reads the last part; the prefix ends in "_", so there always is one.
        guard let underscore = bytes.lastIndex(of: UInt8(ascii: "_")) else {
            return .unresolved(actionIdentifier: actionIdentifier, reason: .malformedIndex)
        }
        return PushTapResolver.button(
            atIndex: bytes[bytes.index(after: underscore)...],
            of: actionIdentifier,
            on: notification
        )
    }

    /// `true`: `handlePushNotificationOpened` opens deep links and browser actions.
    public var opensTapTarget: Bool { true }
}
