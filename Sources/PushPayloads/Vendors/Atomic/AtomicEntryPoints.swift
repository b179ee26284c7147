public import PushPayloadsJSON

// The vendor's entry points, named as its SDK names them, so code moving off the SDK reads the same: exactly the
// vendor's rule, applied to raw bytes (`PushPayloadsFoundation` adds the `userInfo` forms). Invalid JSON is no
// vendor's push.

/// The Atomic card behind a payload, or `nil` if it is not Atomic's, as
/// `AACSession.notificationFromPushPayload(_:)` decides.
public func notificationFromPushPayload(jsonBytes: some JSONBytes) -> AtomicPushNotification? {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(AtomicPushNotification.init(payload:))
}

#if compiler(>=6.2)
/// The Atomic card behind a payload (see ``notificationFromPushPayload(jsonBytes:)-(JSONBytes)``).
public func notificationFromPushPayload(jsonBytes: RawSpan) -> AtomicPushNotification? {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(AtomicPushNotification.init(payload:))
}
#endif

extension AtomicPushNotification {
    /// The card, when the payload is Atomic's by `notificationFromPushPayload`'s rule.
    package init?(payload: PushPayload) {
        guard let envelope = AtomicDecoder().match(payload)?.reading else { return nil }
        self.init(envelope: envelope)
    }
}
