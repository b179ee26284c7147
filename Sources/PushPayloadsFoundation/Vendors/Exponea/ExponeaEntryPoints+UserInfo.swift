import PushPayloads

// The vendor's entry point as its SDK calls it, with the `userInfo` dictionary Apple platforms deliver. A `userInfo`
// that cannot be converted to JSON (see `JSONDocument.init(userInfo:limits:)`) is no vendor's push.

/// Whether a push is Exponea's, as `Exponea.isExponeaNotification(userInfo:)` decides.
public func isExponeaNotification(userInfo: [AnyHashable: Any]) -> Bool {
    (try? PushPayload(userInfo: userInfo)).map(ExponeaDecoder.isExponeaNotification) ?? false
}
