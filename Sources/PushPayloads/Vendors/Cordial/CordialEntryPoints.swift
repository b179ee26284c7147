public import PushPayloadsJSON

// The vendor's entry points, named as its SDK names them, so code moving off the SDK reads the same: exactly the
// vendor's rule, applied to raw bytes (`PushPayloadsFoundation` adds the `userInfo` forms). Invalid JSON is no
// vendor's push.

/// Whether a payload is Cordial's, as `CordialPushNotificationHandler().isCordialMessage(userInfo:)`
/// decides: top-level `mcID` is a string, and nothing else counts.
///
/// Stricter than ``CordialDecoder``, which also recognises the 2020 layout that only Cordial's app
/// extensions read (``PushMarker/cordialMessageAttribution``).
public func isCordialMessage(jsonBytes: some JSONBytes) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(CordialDecoder.isCordialMessage) ?? false
}

#if compiler(>=6.2)
/// Whether a payload is Cordial's (see ``isCordialMessage(jsonBytes:)-(JSONBytes)``).
public func isCordialMessage(jsonBytes: RawSpan) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(CordialDecoder.isCordialMessage) ?? false
}
#endif
