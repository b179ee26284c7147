import PushPayloadsJSON

/// Atomic pushes, recognised as `notificationFromPushPayload` does in Atomic's Web SDK: `atomic` is an
/// object with `source` `io.atomic`, a string `cardInstanceId` and a string or number `streamContainerId`.
/// In an FCM data message `atomic` arrives as a JSON string and is decoded first.
///
/// Atomic pushes are never silent: they are alerts that lead to a card.
public struct AtomicDecoder: PushPayloadDecoder {
    /// Creates the decoder.
    public init() {}

    /// ``PushVendor/atomic``.
    public var vendor: PushVendor { .atomic }

    /// ``PushMarker/atomicEnvelope`` when the `atomic` envelope is complete and well typed.
    public func marker(in payload: PushPayload) -> PushMarker? {
        recognizes(payload) ? .atomicEnvelope : nil
    }

    /// Whether the `atomic` envelope is complete and well typed.
    public func recognizes(_ payload: PushPayload) -> Bool {
        guard let atomic = payload["atomic"] else { return false }
        if atomic.kind == .object { return Self.isEnvelope(atomic) }
        guard payload.shape == .fcm, let decoded = payload.nestedJSON("atomic") else { return false }
        return Self.isEnvelope(decoded)
    }

    static func isEnvelope(_ atomic: JSONValue) -> Bool {
        guard atomic.kind == .object, atomic["source"]?.isString("io.atomic") == true,
            atomic["cardInstanceId"]?.kind == .string,
            let container = atomic["streamContainerId"]?.kind
        else { return false }
        return container == .string || container == .number
    }

    /// Atomic pushes are visible.
    public func isSilent(_ payload: PushPayload) -> Bool { false }

    /// Fills in the card instance, container and detail; a tap opens the card.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {
        decode(payload, into: &notification, detail: .full)
    }

    /// Fills in the card instance and the open-card action; with ``PushDecodingDetail/full`` also the
    /// card's container and detail.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification, detail: PushDecodingDetail) {
        guard let envelope = payload.nestedJSON("atomic"), let card = AtomicPushNotification(envelope: envelope) else {
            return
        }
        if detail == .full { notification.atomic = card }
        notification.messageID = card.cardInstanceID
        notification.defaultAction = PushAction(kind: .openCard)
    }
}
