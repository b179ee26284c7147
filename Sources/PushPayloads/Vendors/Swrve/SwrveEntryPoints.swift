public import PushPayloadsJSON

// The vendor's entry points, named as its SDK names them, so code moving off the SDK reads the same: exactly the
// vendor's rule, applied to raw bytes (`PushPayloadsFoundation` adds the `userInfo` forms). Invalid JSON is no
// vendor's push.

/// Whether a payload is Swrve's, as Android's `SwrveHelper.isSwrvePush` and iOS's push-id check decide.
public func isSwrvePush(jsonBytes: some JSONBytes) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(SwrveDecoder().match) != nil
}

#if compiler(>=6.2)
/// Whether a payload is Swrve's (see ``isSwrvePush(jsonBytes:)-(JSONBytes)``).
public func isSwrvePush(jsonBytes: RawSpan) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).flatMap(SwrveDecoder().match) != nil
}
#endif
