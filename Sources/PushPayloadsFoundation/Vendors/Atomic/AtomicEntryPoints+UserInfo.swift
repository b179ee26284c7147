public import PushPayloads

// The vendor's entry point as its SDK calls it, with the `userInfo` dictionary Apple platforms deliver. A `userInfo`
// that cannot be converted to JSON (see `JSONDocument.init(userInfo:limits:)`) is no vendor's push.

/// The Atomic card behind a push, or `nil` if it is not Atomic's, as `AACSession.notificationFromPushPayload(_:)`
/// decides.
public func notificationFromPushPayload(_ userInfo: [AnyHashable: Any]) -> AtomicPushNotification? {
    (try? PushPayload(userInfo: userInfo)).flatMap(AtomicPushNotification.init(payload:))
}
