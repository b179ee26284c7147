import PushPayloads

// The vendor's entry point as its SDK calls it, with the `userInfo` dictionary Apple platforms deliver. A `userInfo`
// that cannot be converted to JSON (see `JSONDocument.init(userInfo:limits:)`) is no vendor's push.

/// Whether a push is Cordial's, as `CordialPushNotificationHandler().isCordialMessage(userInfo:)` decides: top-level
/// `mcID` is a string, and nothing else counts (stricter than `CordialDecoder`: see `isCordialMessage(jsonBytes:)`).
public func isCordialMessage(userInfo: [AnyHashable: Any]) -> Bool {
    (try? PushPayload(userInfo: userInfo)).map(CordialDecoder.isCordialMessage) ?? false
}
