public import PushPayloadsJSON

// Vendor-compatible entry points, named as the vendors' SDKs name them, so code moving off an SDK reads
// the same. Each applies exactly the vendor's rule to raw bytes; `PushPayloadsFoundation` adds the
// `userInfo` forms. Invalid JSON is no vendor's push.

/// Whether a payload is Cordial's, as `CordialPushNotificationHandler().isCordialMessage(userInfo:)`
/// decides: top-level `mcID` is a string, and nothing else counts.
///
/// Stricter than ``CordialDecoder``, which also recognises the 2020 layout that only Cordial's app
/// extensions read (``PushMarker/cordialMessageAttribution``).
public func isCordialMessage(jsonBytes: some JSONBytes) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(CordialDecoder.isCordialMessage) ?? false
}

/// Whether a payload is Exponea's, as `Exponea.isExponeaNotification(userInfo:)` decides.
public func isExponeaNotification(jsonBytes: some JSONBytes) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(ExponeaDecoder.isExponeaNotification) ?? false
}

/// Whether a payload is Swrve's, as Android's `SwrveHelper.isSwrvePush` and iOS's push-id check decide.
public func isSwrvePush(jsonBytes: some JSONBytes) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(SwrveDecoder().match) != nil
}

/// The Atomic card behind a payload, or `nil` if it is not Atomic's, as
/// `AACSession.notificationFromPushPayload(_:)` decides.
public func notificationFromPushPayload(jsonBytes: some JSONBytes) -> AtomicPushNotification? {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(AtomicPushNotification.init(payload:))
}

#if compiler(>=6.2)
/// Whether a payload is Cordial's (see ``isCordialMessage(jsonBytes:)-(JSONBytes)``).
public func isCordialMessage(jsonBytes: RawSpan) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(CordialDecoder.isCordialMessage) ?? false
}

/// Whether a payload is Exponea's (see ``isExponeaNotification(jsonBytes:)-(JSONBytes)``).
public func isExponeaNotification(jsonBytes: RawSpan) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(ExponeaDecoder.isExponeaNotification) ?? false
}

/// Whether a payload is Swrve's (see ``isSwrvePush(jsonBytes:)-(JSONBytes)``).
public func isSwrvePush(jsonBytes: RawSpan) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(SwrveDecoder().match) != nil
}

/// The Atomic card behind a payload (see ``notificationFromPushPayload(jsonBytes:)-(JSONBytes)``).
public func notificationFromPushPayload(jsonBytes: RawSpan) -> AtomicPushNotification? {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(AtomicPushNotification.init(payload:))
}

/// Whether a payload is Cordial's (see ``isCordialMessage(jsonBytes:)-(JSONBytes)``).
public func isCordialMessage(jsonBytes: Span<UInt8>) -> Bool { isCordialMessage(jsonBytes: jsonBytes.bytes) }

/// Whether a payload is Exponea's (see ``isExponeaNotification(jsonBytes:)-(JSONBytes)``).
public func isExponeaNotification(jsonBytes: Span<UInt8>) -> Bool { isExponeaNotification(jsonBytes: jsonBytes.bytes) }

/// Whether a payload is Swrve's (see ``isSwrvePush(jsonBytes:)-(JSONBytes)``).
public func isSwrvePush(jsonBytes: Span<UInt8>) -> Bool { isSwrvePush(jsonBytes: jsonBytes.bytes) }

/// The Atomic card behind a payload (see ``notificationFromPushPayload(jsonBytes:)-(JSONBytes)``).
public func notificationFromPushPayload(jsonBytes: Span<UInt8>) -> AtomicPushNotification? {
    notificationFromPushPayload(jsonBytes: jsonBytes.bytes)
}
#endif

extension AtomicPushNotification {
    /// The card, when the payload is Atomic's by `notificationFromPushPayload`'s rule.
    package init?(payload: PushPayload) {
        guard let envelope = AtomicDecoder().match(payload)?.reading else { return nil }
        self.init(envelope: envelope)
    }
}
