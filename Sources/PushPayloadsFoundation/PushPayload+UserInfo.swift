public import PushPayloads

extension PushPayload {
    /// Converts a `userInfo` dictionary as Apple platforms deliver it (see `JSONDocument.init(userInfo:limits:)`).
    public init(userInfo: [AnyHashable: Any], limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        self.init(document: try JSONDocument(userInfo: userInfo, limits: limits), limits: limits)
    }

    /// Converts a `userInfo` dictionary, strictly when it can; otherwise what could be read of it, with the values JSON
    /// can't hold (a `Date`, `Data`, a non-string key) written as their descriptions and listed in `unrepresentable`.
    /// When even that fails (limits, a key described twice), the payload is an empty object and the failure is the one
    /// entry. For the router, which must hand an app's own notifications (no push payloads) to its fallback rather
    /// than drop them.
    package static func readable(
        userInfo: [AnyHashable: Any],
        limits: PushPayloadLimits
    ) -> (payload: PushPayload, unrepresentable: [PushPayloadError]) {
        var unrepresentable: [PushPayloadError]? = []
        do {
            let document = try UserInfoConverter.document(
                from: userInfo,
                limits: limits,
                unrepresentable: &unrepresentable
            )
            return (PushPayload(document: document, limits: limits), unrepresentable ?? [])
        } catch {
            return (PushPayload(document: .emptyObject, limits: limits), [error])
        }
    }

    /// The payload as the `userInfo` dictionary iOS delivers for it, for vendor SDK calls that take one: the exact
    /// inverse of ``init(userInfo:limits:)``.
    public var userInfo: [AnyHashable: Any] { UserInfoWriter.userInfo(from: object) }
}

extension JSONDocument {
    /// Converts a `userInfo` dictionary as Apple platforms deliver it into a document.
    ///
    /// `NSNumber` booleans become JSON booleans (not 1 and 0). Values JSON can't hold (dates, data, URLs) and
    /// non-string keys fail with `PushPayloadError.Code.typeMismatch`; the usual limits, duplicate and key rules apply.
    public init(userInfo: [AnyHashable: Any], limits: PushPayloadLimits = .default) throws(PushPayloadError) {
        var unrepresentable: [PushPayloadError]? = nil
        self = try UserInfoConverter.document(from: userInfo, limits: limits, unrepresentable: &unrepresentable)
    }

    /// The document as a `userInfo` dictionary, the exact inverse of ``init(userInfo:limits:)`` (booleans as `NSNumber`
    /// Booleans, integers as 64-bit `NSNumber`s, `null` as `NSNull`); `nil` when the root is not an object.
    public var userInfo: [AnyHashable: Any]? {
        guard let object = root.objectValue else { return nil }
        return UserInfoWriter.userInfo(from: object)
    }
}

extension JSONValue {
    /// The value as Foundation holds it in a `userInfo` dictionary (see `JSONDocument.userInfo`).
    public var foundationValue: Any { UserInfoWriter.foundationValue(self) }
}

extension PushNotification {
    /// The whole payload as the `userInfo` dictionary iOS delivers for it (see `PushPayload.userInfo`): what a vendor
    /// SDK's `userInfo` entry point needs, rebuilt from `document`.
    public var userInfo: [AnyHashable: Any] { document.userInfo ?? [:] }
}
