import PushPayloadsJSON

/// A plug-in that recognises one vendor's pushes and fills in the vendor's part of the model.
///
/// Implement ``recognizes(_:)`` exactly as the vendor's SDK decides (type checks included), cheaply,
/// without building strings: it runs for every payload, whoever sent it. ``isSilent(_:)`` and
/// ``decode(_:into:)`` run only for payloads the decoder recognises and wins.
///
/// ```swift
/// struct AcmeDecoder: PushPayloadDecoder {
///     var vendor: PushVendor { PushVendor(name: "acme") }
///     func recognizes(_ payload: PushPayload) -> Bool { payload["acme_id"]?.kind == .string }
///     func decode(_ payload: PushPayload, into notification: inout PushNotification) {
///         notification.messageID = payload["acme_id"]?.stringValue
///     }
/// }
/// ```
///
/// Requirements: all three methods are pure functions of the payload (no I/O, no shared mutable state),
/// never trap on any payload, and are safe to call from many tasks at once.
public protocol PushPayloadDecoder: Sendable {
    /// The vendor this decoder recognises.
    var vendor: PushVendor { get }

    /// Whether the payload carries this vendor's marker, by the vendor SDK's own rule.
    func recognizes(_ payload: PushPayload) -> Bool

    /// The rule that recognises the payload, or `nil` when none does. The registry calls this, not
    /// ``recognizes(_:)``; the default gives `PushMarker(name: vendor.name)` when ``recognizes(_:)`` is
    /// true. Implement it when the vendor has several rules (see ``PushMarker``), keeping the two consistent.
    func marker(in payload: PushPayload) -> PushMarker?

    /// The top-level keys every payload this decoder recognises has one of (see ``PushMarkerKeys``), so the
    /// registry can skip the decoder for payloads without them; `nil`, the default, has it asked every time.
    var markerKeys: PushMarkerKeys? { get }

    /// Whether the vendor's SDK treats the payload as silent. The default is the APNs rule
    /// (``PushPayload/isBackgroundPush``).
    func isSilent(_ payload: PushPayload) -> Bool

    /// Fills in what this vendor's SDK would show and do. The notification arrives with the APNs
    /// fields, vendor-neutral content and classification already set; the default changes nothing.
    func decode(_ payload: PushPayload, into notification: inout PushNotification)

    /// Fills in what this vendor's SDK would show and do, to the given detail: with
    /// ``PushDecodingDetail/summary`` only the summary fields need be set, and work for the other fields
    /// may be skipped. The default ignores `detail` and calls ``decode(_:into:)``, whose result is a
    /// superset.
    func decode(_ payload: PushPayload, into notification: inout PushNotification, detail: PushDecodingDetail)
}

extension PushPayloadDecoder {
    /// `PushMarker(name: vendor.name)` when ``recognizes(_:)`` is true.
    public func marker(in payload: PushPayload) -> PushMarker? {
        recognizes(payload) ? PushMarker(name: vendor.name) : nil
    }

    /// `nil`: the registry asks the decoder about every payload.
    public var markerKeys: PushMarkerKeys? { nil }

    /// The APNs rule: `content-available` is 1 and `aps` has no `alert`, `sound` or `badge`.
    public func isSilent(_ payload: PushPayload) -> Bool { payload.isBackgroundPush }

    /// Changes nothing.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification) {}

    /// Calls ``decode(_:into:)``: a full decode is a valid summary.
    public func decode(_ payload: PushPayload, into notification: inout PushNotification, detail: PushDecodingDetail) {
        decode(payload, into: &notification)
    }
}

extension PushPayload {
    /// Whether this is an APNs background push: `aps.content-available` is 1 and `aps` has no `alert`,
    /// `sound` or `badge` (anything that would interact with the user).
    public var isBackgroundPush: Bool {
        guard let aps, aps["content-available"]?.numberValue?.int64Value == 1 else { return false }
        return aps["alert"] == nil && aps["sound"] == nil && aps["badge"] == nil
    }
}
