public import PushPayloadsJSON

/// The decoders that classify and decode payloads, in precedence order.
///
/// When several decoders recognise one payload, the first in ``decoders`` wins and the others are reported in
/// ``PushClassification/alsoMatching``. The ``standard`` registry ranks vendors by the strength of their marker:
/// Exponea (an exact value), Atomic (an exact nested value with typed ids), Swrve (vendor-private keys), then Cordial
/// (one plain-looking key).
///
/// A registry is a value: configure it (``register(_:)``, ``setPrecedence(_:)``), then share it freely between tasks.
public struct PushDecoderRegistry: Sendable {
    /// The decoders, highest precedence first.
    public private(set) var decoders: [any PushPayloadDecoder] {
        didSet { markerKeyIndex = PushMarkerKeyIndex(decoders) }
    }

    /// Which decoders can recognise a payload, from one pass over its keys; `nil` when no decoder declares its
    /// ``PushPayloadDecoder/markerKeys``, and every decoder is asked.
    private(set) var markerKeyIndex: PushMarkerKeyIndex?

    /// Creates a registry with `decoders`, highest precedence first.
    public init(_ decoders: [any PushPayloadDecoder]) {
        self.decoders = decoders
        markerKeyIndex = PushMarkerKeyIndex(decoders)
    }

    /// Exponea, Atomic, Swrve and Cordial, in that order.
    public static let standard = PushDecoderRegistry([
        ExponeaDecoder(), AtomicDecoder(), SwrveDecoder(), CordialDecoder(),
    ])

    /// The vendors, highest precedence first.
    public var vendors: [PushVendor] { decoders.map(\.vendor) }

    /// The decoder for `vendor`, if registered.
    public func decoder(for vendor: PushVendor) -> (any PushPayloadDecoder)? { decoders.first { $0.vendor == vendor } }

    /// Adds `decoder`, replacing any decoder for the same vendor; a new vendor goes last, a replaced one keeps its
    /// place.
    public mutating func register(_ decoder: any PushPayloadDecoder) {
        if let index = decoders.firstIndex(where: { $0.vendor == decoder.vendor }) {
            decoders[index] = decoder
        } else {
            decoders.append(decoder)
        }
    }

    /// Adds `decoder` at `position` in precedence order (0 is highest), replacing any decoder for the same vendor.
    public mutating func register(_ decoder: any PushPayloadDecoder, at position: Int) {
        decoders.removeAll { $0.vendor == decoder.vendor }
        decoders.insert(decoder, at: min(max(position, 0), decoders.count))
    }

    /// Removes the decoder for `vendor`.
    public mutating func remove(_ vendor: PushVendor) { decoders.removeAll { $0.vendor == vendor } }

    /// Moves the decoders of `vendors` to the front, in that order; the others follow in their current order.
    public mutating func setPrecedence(_ vendors: [PushVendor]) {
        var front: [any PushPayloadDecoder] = []
        for vendor in vendors {
            if let decoder = decoder(for: vendor), !front.contains(where: { $0.vendor == vendor }) {
                front.append(decoder)
            }
        }
        decoders = front + decoders.filter { decoder in !front.contains { $0.vendor == decoder.vendor } }
    }

    /// Asks the decoders about `payload` (with marker keys declared, only those whose keys it has): the classification,
    /// and the decoder whose marker won with what it read.
    public func match(_ payload: PushPayload) -> Match {
        let (classification, owner, match) = outcome(of: payload)
        return Match(
            payload: payload,
            classification: classification,
            decoder: match == nil ? nil : decoders[owner],
            decoderMatch: match
        )
    }

    /// Classifies a payload without building the model: vendor, marker, other matches, silence and shape.
    public func classify(_ payload: PushPayload) -> PushClassification {
        let (classification, _, _) = outcome(of: payload)
        return classification
    }

    /// Decodes a payload into the normalised model: the winning decoder's reading, from its match, or the
    /// vendor-neutral APNs/FCM reading when no decoder recognises it. With ``PushDecodingDetail/summary``, only the
    /// summary fields are filled in (see ``PushDecodingDetail``).
    public func decode(_ payload: PushPayload, detail: PushDecodingDetail = .full) -> PushNotification {
        // Taken apart, so each part moves to its one use rather than the whole being copied.
        let (vendor, marker, others, isSilent, owner, match) = parts(of: payload)
        // One variable returned on every path, so the model is built where the caller wants it, not copied.
        var notification = PushNotification.neutralReading(
            payload: payload,
            classification: PushClassification(
                vendor: vendor,
                chosenMarker: marker,
                alsoMatching: others,
                isSilent: isSilent,
                shape: payload.shape
            ),
            detail: detail
        )
        if let match { decoders[owner].decode(match, into: &notification, detail: detail) }
        return notification
    }

    /// What the decoders say about a payload: the classification, and the owner by position with its match. The owner
    /// is kept as a position, not as a decoder: copying an existential costs more than the rest of the loop.
    @inline(__always)
    private func outcome(of payload: PushPayload) -> (classification: PushClassification, owner: Int, match: PushMatch?)
    {
        let (vendor, marker, others, isSilent, owner, match) = parts(of: payload)
        return (
            PushClassification(
                vendor: vendor,
                chosenMarker: marker,
                alsoMatching: others,
                isSilent: isSilent,
                shape: payload.shape
            ), owner, match
        )
    }

    /// The classification's parts, each moved to its one use: a classification built here and returned in the tuple
    /// was copied out of a temporary and the temporary destroyed (an outlined copy and destroy of the whole value);
    /// assembled from its parts at the model, that copy goes (callgrind: −12 instructions a push line, −7 wide).
    @inline(__always)
    private func parts(
        of payload: PushPayload
    ) -> (
        vendor: PushVendor?, marker: PushMarker?, others: [PushVendor], isSilent: Bool, owner: Int, match: PushMatch?
    ) {
        // Past the first 64 decoders, which the index covers, every one is asked.
        let asked = markerKeyIndex?.decodersToAsk(payload) ?? ~0
        var owner = -1
        var ownerMatch: PushMatch? = nil
        var others: [PushVendor] = []
        for position in decoders.indices where position >= 64 || asked & 1 << UInt64(position) != 0 {
            guard let match = decoders[position].match(payload) else { continue }
            if ownerMatch == nil {
                owner = position
                ownerMatch = match
            } else {
                others.append(decoders[position].vendor)
            }
        }
        guard let ownerMatch else {
            return (nil, nil, others, payload.isBackgroundPush, owner, nil)
        }
        let isSilent = decoders[owner].isSilent(ownerMatch)
        return (decoders[owner].vendor, ownerMatch.marker, others, isSilent, owner, ownerMatch)
    }

    /// Decodes the payload of `match` (from ``match(_:)``) into the normalised model.
    public func decode(_ match: Match, detail: PushDecodingDetail = .full) -> PushNotification {
        var notification = PushNotification.neutralReading(
            payload: match.payload,
            classification: match.classification,
            detail: detail
        )
        if let decoder = match.decoder, let decoderMatch = match.decoderMatch {
            decoder.decode(decoderMatch, into: &notification, detail: detail)
        }
        return notification
    }

    /// Parses and classifies a payload from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public func classify(
        jsonBytes: some JSONBytes,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) -> PushClassification {
        classify(try PushPayload(jsonBytes: jsonBytes, limits: limits))
    }

    /// Parses and decodes a payload from UTF-8 bytes: an array, a slice, a string's UTF-8, `Data`, …
    public func decode(
        jsonBytes: some JSONBytes,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) -> PushNotification {
        decode(try PushPayload(jsonBytes: jsonBytes, limits: limits))
    }

    #if compiler(>=6.2)
    /// Parses and classifies a payload from a span of UTF-8 bytes.
    public func classify(
        jsonBytes: RawSpan,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) -> PushClassification {
        classify(try PushPayload(jsonBytes: jsonBytes, limits: limits))
    }

    /// Parses and decodes a payload from a span of UTF-8 bytes.
    public func decode(
        jsonBytes: RawSpan,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) -> PushNotification {
        decode(try PushPayload(jsonBytes: jsonBytes, limits: limits))
    }

    #endif
}

extension PushDecoderRegistry {
    /// What the registry's decoders say about one payload: its classification, and the decoder that recognised it first
    /// with its match, from which it decodes the payload (`decode(_:detail:)`).
    public struct Match: Sendable {
        /// The payload asked about.
        public var payload: PushPayload
        /// The classification.
        public var classification: PushClassification
        /// The decoder whose marker won, or `nil` when no decoder recognises the payload.
        public var decoder: (any PushPayloadDecoder)?
        /// The winning decoder's match: what it read to recognise the payload.
        public var decoderMatch: PushMatch?

        /// Creates a match.
        public init(
            payload: PushPayload,
            classification: PushClassification,
            decoder: (any PushPayloadDecoder)?,
            decoderMatch: PushMatch?
        ) {
            self.payload = payload
            self.classification = classification
            self.decoder = decoder
            self.decoderMatch = decoderMatch
        }
    }
}
