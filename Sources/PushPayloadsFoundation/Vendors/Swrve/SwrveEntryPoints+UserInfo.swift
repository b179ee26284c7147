import PushPayloads

// The vendor's entry point as its SDK calls it, with the `userInfo` dictionary Apple platforms deliver. A `userInfo`
// that cannot be converted to JSON (see `JSONDocument.init(userInfo:limits:)`) is no vendor's push.

/// Whether a push is Swrve's, as Android's `SwrveHelper.isSwrvePush` and iOS's push-id check decide.
public func isSwrvePush(userInfo: [AnyHashable: Any]) -> Bool {
    (try? PushPayload(userInfo: userInfo)).flatMap(SwrveDecoder().match) != nil
}
