import PushPayloadsJSON

/// Atomic pushes, recognised as `notificationFromPushPayload` does in Atomic's Web SDK: `atomic` is an
/// object with `source` `io.atomic`, a string `cardInstanceId` and a string or number `streamContainerId`.
/// In an FCM data message `atomic` arrives as a JSON string and is decoded first.
///
/// Atomic pushes are never silent: they are alerts that lead to a card.
public struct AtomicDecoder: PushPayloadDecoder {
    /// The decoder has no settings: every instance applies the same SDK rule, and making one costs nothing.
    public init() {}

    /// ``PushVendor/atomic``.
    public var vendor: PushVendor { .atomic }

    /// The top-level keys its rule reads; a payload without any of them is not asked.
    public var markerKeys: PushMarkerKeys? { PushMarkerKeys(keys: ["atomic"]) }

    /// ``PushMarker/atomicEnvelope`` when the `atomic` envelope is complete and well typed, with the
    /// envelope (on FCM, parsed once) for decoding.
    public func match(_ payload: PushPayload) -> PushMatch? {
        guard let atomic = payload["atomic"] else { return nil }
        let envelope = atomic.kind == .object ? atomic : payload.shape == .fcm ? payload.nestedJSON("atomic") : nil
        guard let envelope, Self.isEnvelope(envelope) else { return nil }
        return PushMatch(payload, marker: .atomicEnvelope, reading: envelope)
    }

    static func isEnvelope(_ atomic: JSONValue) -> Bool {
        guard atomic.kind == .object, atomic["source"]?.isString("io.atomic") == true,
            atomic["cardInstanceId"]?.kind == .string,
            let container = atomic["streamContainerId"]?.kind
        else { return false }
        return container == .string || container == .number
    }

    /// Atomic pushes are visible.
    public func isSilent(_ match: PushMatch) -> Bool { false }

    /// Fills in the card instance and the open-card action; with ``PushDecodingDetail/full`` also the
    /// card's container and detail.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {
        guard let envelope = match.reading, let card = AtomicPushNotification(envelope: envelope) else { return }
        if detail == .full { notification.atomic = card }
        notification.messageID = card.cardInstanceID
        notification.defaultAction = PushAction(kind: .openCard)
    }
}
