/// A decoder whose marker, silence and model all start from one value it must read first, such as JSON an
/// FCM data message holds as a string (OneSignal's `custom`, Iterable's `itbl`).
///
/// The registry's indexed path (``PushMarkerKeyIndex``, the extended registry) reads that value once per
/// payload and hands it to each step, where the protocol's methods would parse it once per step: a parse
/// allocates a document, and these steps run for every such push. The decoder's ``PushPayloadDecoder``
/// methods call these with a reading of their own, so both paths give the same answers (the corpus replay
/// checks that `classify` and `decode` agree). Internal: a plug-in from outside the module gets the
/// protocol's path.
protocol PushSharedReadingDecoder: PushPayloadDecoder {
    /// The value the steps share, or `nil` when the payload has none that reads.
    func sharedReading(of payload: PushPayload) -> JSONValue?

    /// ``PushPayloadDecoder/marker(in:)``, given ``sharedReading(of:)``'s answer for `payload`.
    func marker(in payload: PushPayload, reading: JSONValue?) -> PushMarker?

    /// ``PushPayloadDecoder/isSilent(_:)``, given ``sharedReading(of:)``'s answer for `payload`.
    func isSilent(_ payload: PushPayload, reading: JSONValue?) -> Bool

    /// ``PushPayloadDecoder/decode(_:into:)``, given ``sharedReading(of:)``'s answer for `payload`.
    func decode(_ payload: PushPayload, reading: JSONValue?, into notification: inout PushNotification)
}

/// `decoder` as a ``PushSharedReadingDecoder``, when it is one of the module's decoders that are.
///
/// Casts to the concrete types: `decoder as? any PushSharedReadingDecoder` would do, but a cast to a
/// protocol that fails searches every conformance in the binary, which costs milliseconds per decoder
/// type, once per process, on the command's start.
func sharedReadingDecoder(_ decoder: any PushPayloadDecoder) -> (any PushSharedReadingDecoder)? {
    if let oneSignal = decoder as? OneSignalDecoder { return oneSignal }
    if let iterable = decoder as? IterableDecoder { return iterable }
    return nil
}
