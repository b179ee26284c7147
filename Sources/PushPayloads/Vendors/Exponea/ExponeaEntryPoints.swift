public import PushPayloadsJSON

// The vendor's entry points, named as its SDK names them, so code moving off the SDK reads the same: exactly the
// vendor's rule, applied to raw bytes (`PushPayloadsFoundation` adds the `userInfo` forms). Invalid JSON is no
// vendor's push.

/// Whether a payload is Exponea's, as `Exponea.isExponeaNotification(userInfo:)` decides.
public func isExponeaNotification(jsonBytes: some JSONBytes) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(ExponeaDecoder.isExponeaNotification) ?? false
}

#if compiler(>=6.2)
/// Whether a payload is Exponea's (see ``isExponeaNotification(jsonBytes:)-(JSONBytes)``).
public func isExponeaNotification(jsonBytes: RawSpan) -> Bool {
    (try? PushPayload(jsonBytes: jsonBytes)).map(ExponeaDecoder.isExponeaNotification) ?? false
}
#endif
