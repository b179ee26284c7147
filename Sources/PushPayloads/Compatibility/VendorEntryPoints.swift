/// Vendor-compatible entry points, named as the vendors' SDKs name them, so code moving off an SDK
/// reads the same. Each applies exactly the vendor's rule, to `userInfo` or to raw bytes.

/// Whether a push is Cordial's, as `CordialPushNotificationHandler().isCordialMessage(userInfo:)` decides:
/// top-level `mcID` is a string, and nothing else counts.
///
/// Stricter than ``CordialDecoder``, which also recognises the 2020 layout that only Cordial's app
/// extensions read (``PushMarker/cordialMessageAttribution``). A `userInfo` that cannot be converted to
/// JSON (see ``JSONDocument``) is not Cordial's.
public func isCordialMessage(userInfo: [AnyHashable: Any]) -> Bool {
    guard let document = try? UserInfoConverter.document(from: userInfo) else { return false }
    return CordialDecoder.isCordialMessage(PushPayload(document: document))
}

/// Whether a payload is Cordial's, as `isCordialMessage(userInfo:)` decides; invalid JSON is not.
public func isCordialMessage(jsonBytes: UnsafeRawBufferPointer) -> Bool {
    guard let payload = try? PushPayload(jsonBytes: jsonBytes) else { return false }
    return CordialDecoder.isCordialMessage(payload)
}

/// Whether a push is Exponea's, as `Exponea.isExponeaNotification(userInfo:)` decides.
public func isExponeaNotification(userInfo: [AnyHashable: Any]) -> Bool {
    recognizes(ExponeaDecoder(), userInfo: userInfo)
}

/// Whether a payload is Exponea's, as `isExponeaNotification(userInfo:)` decides; invalid JSON is not.
public func isExponeaNotification(jsonBytes: UnsafeRawBufferPointer) -> Bool {
    recognizes(ExponeaDecoder(), jsonBytes: jsonBytes)
}

/// Whether a push is Swrve's, as Android's `SwrveHelper.isSwrvePush` and iOS's push-id check decide.
public func isSwrvePush(userInfo: [AnyHashable: Any]) -> Bool {
    recognizes(SwrveDecoder(), userInfo: userInfo)
}

/// Whether a payload is Swrve's, as `isSwrvePush(userInfo:)` decides; invalid JSON is not.
public func isSwrvePush(jsonBytes: UnsafeRawBufferPointer) -> Bool {
    recognizes(SwrveDecoder(), jsonBytes: jsonBytes)
}

/// The Atomic card behind a push, or `nil` if it is not Atomic's, as `AACSession.notificationFromPushPayload(_:)`
/// decides.
public func notificationFromPushPayload(_ userInfo: [AnyHashable: Any]) -> AtomicPushNotification? {
    guard let document = try? UserInfoConverter.document(from: userInfo) else { return nil }
    return atomicNotification(PushPayload(document: document))
}

/// The Atomic card behind a payload, or `nil` if it is not Atomic's (or not valid JSON).
public func notificationFromPushPayload(jsonBytes: UnsafeRawBufferPointer) -> AtomicPushNotification? {
    guard let payload = try? PushPayload(jsonBytes: jsonBytes) else { return nil }
    return atomicNotification(payload)
}

private func atomicNotification(_ payload: PushPayload) -> AtomicPushNotification? {
    guard AtomicDecoder().recognizes(payload), let envelope = payload.nestedJSON("atomic") else { return nil }
    return AtomicPushNotification(envelope: envelope)
}

private func recognizes(_ decoder: some PushPayloadDecoder, userInfo: [AnyHashable: Any]) -> Bool {
    guard let document = try? UserInfoConverter.document(from: userInfo) else { return false }
    return decoder.recognizes(PushPayload(document: document))
}

private func recognizes(_ decoder: some PushPayloadDecoder, jsonBytes: UnsafeRawBufferPointer) -> Bool {
    guard let payload = try? PushPayload(jsonBytes: jsonBytes) else { return false }
    return decoder.recognizes(payload)
}

extension PushPayload {
    /// Converts a `userInfo` dictionary as Apple platforms deliver it (see ``JSONDocument/init(userInfo:limits:)``).
    public init(userInfo: [AnyHashable: Any], limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        self.init(document: try JSONDocument(userInfo: userInfo, limits: limits), limits: limits)
    }
}

extension JSONDocument {
    /// Converts a `userInfo` dictionary as Apple platforms deliver it into a document.
    ///
    /// `NSNumber` booleans become JSON booleans (not 1 and 0). Values JSON can't hold (dates, data, URLs)
    /// and non-string keys fail with ``PushPayloadError/Code/typeMismatch``; the usual limits, duplicate
    /// and key rules apply.
    public init(userInfo: [AnyHashable: Any], limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        self = try UserInfoConverter.document(from: userInfo, limits: limits)
    }
}

extension PushPayload {
    /// Converts a `userInfo` dictionary, strictly when it can; otherwise what could be read of it, with
    /// the values JSON can't hold written as their descriptions and listed in `unrepresentable` (see
    /// `UserInfoConverter.readableDocument`). When even that fails (limits, a key described twice), the
    /// payload is an empty object and the failure is the one entry. For the router, which must hand an
    /// app's own notifications to its fallback rather than drop them.
    package static func readable(
        userInfo: [AnyHashable: Any],
        limits: PushPayloadLimits
    ) -> (payload: PushPayload, unrepresentable: [PushPayloadError]) {
        do {
            let (document, unrepresentable) = try UserInfoConverter.readableDocument(from: userInfo, limits: limits)
            return (PushPayload(document: document, limits: limits), unrepresentable)
        } catch {
            return (PushPayload(document: JSONDocument(storage: JSONObject.empty.storage), limits: limits), [error])
        }
    }
}
