// The registry's indexed path, taken when some decoder declares its `markerKeys` (the extended registry):
// it asks only the decoders whose keys the payload has, keeps the winner by position, and lets decoders that
// share a reading between their steps (`PushSharedReadingDecoder`) read it once.
extension PushDecoderRegistry {
    /// What the indexed path learns about a payload: its classification, and the winner with what it read.
    struct IndexedOutcome {
        var classification: PushClassification
        /// The winner's position in ``PushDecoderRegistry/decoders``.
        var owner: Int?
        /// The winner's position among the index's shared-reading decoders, when it is one.
        var sharedOwner: Int?
        /// What that decoder read.
        var reading: JSONValue?
    }

    /// ``classify(_:)`` through `index`: the same answer, with fewer decoders asked. Never inlined, so the
    /// standard registry's ``classify(_:)``, which only tests for the index, compiles as it did without it.
    @inline(never)
    func classifyWithIndex(_ payload: PushPayload, _ index: PushMarkerKeyIndex) -> IndexedOutcome {
        var marker: PushMarker? = nil
        var others: [PushVendor] = []
        var owner: Int? = nil
        var sharedOwner: Int? = nil
        var ownerReading: JSONValue? = nil
        // Past the first 64 decoders, which the index covers, every one is asked.
        var asked = index.decodersToAsk(payload)
        var position = 0
        while position < decoders.count {
            if position < 64 {
                asked &= ~0 << UInt64(position)
                guard asked != 0 else {
                    position = 64
                    continue
                }
                position = asked.trailingZeroBitCount
                guard position < decoders.count else { break }
            }
            defer { position += 1 }
            let match: PushMarker?
            let shared = index.sharedReadingSlot(of: position)
            if let shared {
                let reading = index.sharedReadingDecoders[shared].sharedReading(of: payload)
                match = index.sharedReadingDecoders[shared].marker(in: payload, reading: reading)
                if match != nil && owner == nil { ownerReading = reading }
            } else {
                match = decoders[position].marker(in: payload)
            }
            guard let match else { continue }
            if owner == nil {
                owner = position
                sharedOwner = shared
                marker = match
            } else {
                others.append(decoders[position].vendor)
            }
        }
        let isSilent: Bool
        if let sharedOwner {
            isSilent = index.sharedReadingDecoders[sharedOwner].isSilent(payload, reading: ownerReading)
        } else if let owner {
            isSilent = decoders[owner].isSilent(payload)
        } else {
            isSilent = payload.isBackgroundPush
        }
        return IndexedOutcome(
            classification: PushClassification(
                vendor: owner.map { decoders[$0].vendor },
                marker: marker,
                alsoMatching: others,
                isSilent: isSilent,
                shape: payload.shape
            ),
            owner: owner,
            sharedOwner: sharedOwner,
            reading: ownerReading
        )
    }

    /// The owner's part of ``decode(_:detail:)`` on the indexed path: the winner found while classifying
    /// fills in the model, with what it read.
    func decodeWithIndex(
        _ payload: PushPayload,
        _ outcome: IndexedOutcome,
        _ index: PushMarkerKeyIndex,
        into notification: inout PushNotification,
        detail: PushDecodingDetail
    ) {
        if let shared = outcome.sharedOwner {
            index.sharedReadingDecoders[shared].decode(payload, reading: outcome.reading, into: &notification)
        } else if let owner = outcome.owner {
            decoders[owner].decode(payload, into: &notification, detail: detail)
        }
    }
}
