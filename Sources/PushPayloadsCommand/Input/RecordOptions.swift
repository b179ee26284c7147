import PushPayloads

/// `--payload`, `--keep` and `--max-record-bytes`: how to read a line that is a log record with the payload inside it.
struct RecordOptions: Sendable {
    /// Where the payload is in each record; `nil`: the line is the payload.
    var payload: JSONPointer?
    /// Fields copied into every output record.
    var kept: [JSONPointer] = []
    /// The longest record line, with `--payload` (the payload limit applies to the payload inside).
    var maximumRecordBytes = RecordOptions.defaultMaximumRecordBytes

    static let defaultMaximumRecordBytes = 1 << 20

    var isEnabled: Bool { payload != nil || !kept.isEmpty }

    /// The longest line the reader keeps: a whole record with `--payload`, otherwise a payload.
    func maximumLineBytes(payloadLimits: PushPayloadLimits) -> Int {
        payload == nil ? payloadLimits.maximumPayloadBytes : maximumRecordBytes
    }

    /// The limits on the record around the payload: `--max-record-bytes`, and the payload's depth plus
    /// the levels the pointer goes down, so the payload itself may nest as deep as a payload alone.
    /// Without `--payload` the line is the payload, with the payload's limits.
    func recordLimits(payloadLimits: PushPayloadLimits) -> PushPayloadLimits {
        guard let payload else { return payloadLimits }
        return PushPayloadLimits(
            maximumPayloadBytes: maximumRecordBytes,
            maximumDepth: min(payloadLimits.maximumDepth + payload.tokens.count, 100_000)
        )
    }
}
