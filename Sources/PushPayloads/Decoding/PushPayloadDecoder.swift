import PushPayloadsJSON

/// A plug-in that recognises one vendor's pushes and fills in the vendor's part of the model
/// (<doc:WritingADecoder> walks through one).
///
/// Recognising and decoding are two steps over one reading: ``match(_:)`` decides, exactly as the vendor's
/// SDK does (type checks included), whether the payload is the vendor's, and returns a ``PushMatch`` that
/// carries what it read to decide — the rule that matched and, when the marker lives in JSON an FCM data
/// message sends as a string, that JSON parsed once. ``isSilent(_:)`` and ``decode(_:into:detail:)`` run
/// only for the winning match and start from it, so nothing is read twice.
///
/// Requirements: every method is a pure function of its input (no I/O, no shared mutable state), never
/// traps on any payload, and is safe to call from many tasks at once. ``match(_:)`` runs for every payload
/// whoever sent it, so keep it cheap: compare values in place rather than building strings.
public protocol PushPayloadDecoder: Sendable {
    /// The vendor this decoder recognises.
    var vendor: PushVendor { get }

    /// The top-level keys every payload this decoder recognises has one of (see ``PushMarkerKeys``), so the
    /// registry can skip the decoder for payloads without them; `nil`, the default, has it asked every time.
    var markerKeys: PushMarkerKeys? { get }

    /// The payload's match when it carries this vendor's marker by the vendor SDK's own rule, else `nil`.
    func match(_ payload: PushPayload) -> PushMatch?

    /// Whether the vendor's SDK treats the matched push as silent. The default is the APNs rule
    /// (``PushPayload/isBackgroundPush``).
    func isSilent(_ match: PushMatch) -> Bool

    /// Fills in what this vendor's SDK would show and do, from the match. The notification arrives with
    /// the classification, the APNs fields and vendor-neutral content already set. With
    /// ``PushDecodingDetail/summary`` only the summary fields need be set, and work for the others may be
    /// skipped; a full decode is always a valid summary. The default changes nothing.
    func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail)
}

extension PushPayloadDecoder {
    /// `nil`: the registry asks the decoder about every payload.
    public var markerKeys: PushMarkerKeys? { nil }

    /// The APNs rule: `content-available` is 1 and `aps` has no `alert`, `sound` or `badge`.
    public func isSilent(_ match: PushMatch) -> Bool { match.payload.isBackgroundPush }

    /// Changes nothing.
    public func decode(_ match: PushMatch, into notification: inout PushNotification, detail: PushDecodingDetail) {}
}

/// What a decoder read to recognise a payload as its vendor's: the payload, the rule that matched, and the
/// value the rule was read from, so silence and decoding start from it instead of reading it again.
public struct PushMatch: Sendable {
    /// The payload matched.
    public let payload: PushPayload
    /// The rule that recognised it (see ``PushMarker``).
    public var marker: PushMarker
    /// The value the decoder read to recognise the payload, when silence or decoding need it again: such
    /// as JSON an FCM data message holds as a string, parsed (``PushPayload/nestedJSON(_:)``).
    public var reading: JSONValue?

    /// Creates a match of `payload` by `marker`, with what the decoder read to find it.
    public init(_ payload: PushPayload, marker: PushMarker, reading: JSONValue? = nil) {
        self.payload = payload
        self.marker = marker
        self.reading = reading
    }
}

extension PushPayload {
    /// Whether this is an APNs background push: `aps.content-available` is 1 and `aps` has no `alert`,
    /// `sound` or `badge` (anything that would interact with the user).
    public var isBackgroundPush: Bool {
        guard let aps, aps["content-available"]?.numberValue?.int64Value == 1 else { return false }
        return aps["alert"] == nil && aps["sound"] == nil && aps["badge"] == nil
    }

    /// The APNs rule for an APNs payload; for an FCM one, `androidRule`, the Android SDK's own.
    @inline(__always)
    func isSilent(onAndroid androidRule: @autoclosure () -> Bool) -> Bool {
        shape == .apns ? isBackgroundPush : androidRule()
    }
}
