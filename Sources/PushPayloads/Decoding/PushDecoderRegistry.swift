public import PushPayloadsJSON

/// The decoders that classify and decode payloads, in precedence order.
///
/// When several decoders recognise one payload, the first in ``decoders`` wins and the others are
/// reported in ``PushClassification/alsoMatching``. The ``standard`` registry ranks vendors by the
/// strength of their marker: Exponea (an exact value), Atomic (an exact nested value with typed ids),
/// Swrve (vendor-private keys), then Cordial (one plain-looking key).
///
/// A registry is a value: configure it, then share it freely between tasks.
///
/// ```swift
/// var registry = PushDecoderRegistry.standard
/// registry.register(AcmeDecoder())                       // lowest precedence
/// registry.setPrecedence([.cordial, .exponea])           // these first, the rest keep their order
/// let classification = try registry.classify(PushPayload(jsonBytes: bytes))
/// ```
public struct PushDecoderRegistry: Sendable {
    /// The decoders, highest precedence first.
    public private(set) var decoders: [any PushPayloadDecoder] {
        didSet { markerKeyIndex = PushMarkerKeyIndex(decoders) }
    }

    /// Which decoders can recognise a payload, from one pass over its keys; `nil` when no decoder declares
    /// its ``PushPayloadDecoder/markerKeys`` (the standard registry), so that path pays nothing for it
    /// (`PushDecoderRegistry+MarkerKeyIndex.swift` has the indexed path).
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
    public func decoder(for vendor: PushVendor) -> (any PushPayloadDecoder)? {
        decoders.first { $0.vendor == vendor }
    }

    /// Adds `decoder`, replacing any decoder for the same vendor; a new vendor goes last, a replaced one
    /// keeps its place.
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
    public mutating func remove(_ vendor: PushVendor) {
        decoders.removeAll { $0.vendor == vendor }
    }

    /// Moves the decoders of `vendors` to the front, in that order; the others follow in their current order.
    public mutating func setPrecedence(_ vendors: [PushVendor]) {
        var front: [any PushPayloadDecoder] = []
        for vendor in vendors {
            if let decoder = decoder(for: vendor), !front.contains(where: { $0.vendor == vendor }) {
                front.append(decoder)
            }
        }
        let rest = decoders.filter { decoder in !front.contains { $0.vendor == decoder.vendor } }
        decoders = front + rest
    }

    /// Asks every decoder about `payload`: the classification, and the decoder whose marker won.
    public func match(_ payload: PushPayload) -> Match {
        if let markerKeyIndex {
            let outcome = classifyWithIndex(payload, markerKeyIndex)
            return Match(classification: outcome.classification, decoder: outcome.owner.map { decoders[$0] })
        }
        var winner: (any PushPayloadDecoder)? = nil
        var marker: PushMarker? = nil
        var others: [PushVendor] = []
        for decoder in decoders {
            guard let match = decoder.marker(in: payload) else { continue }
            if winner == nil {
                winner = decoder
                marker = match
            } else {
                others.append(decoder.vendor)
            }
        }
        let classification = PushClassification(
            vendor: winner?.vendor,
            marker: marker,
            alsoMatching: others,
            isSilent: winner?.isSilent(payload) ?? payload.isBackgroundPush,
            shape: payload.shape
        )
        return Match(classification: classification, decoder: winner)
    }

    /// Classifies a payload without building the model: vendor, marker, other matches, silence and shape.
    public func classify(_ payload: PushPayload) -> PushClassification {
        if let markerKeyIndex { return classifyWithIndex(payload, markerKeyIndex).classification }
        return match(payload).classification
    }

    /// Decodes a payload into the normalised model: the winning decoder's reading, or the vendor-neutral
    /// APNs/FCM reading when no decoder recognises it. With ``PushDecodingDetail/summary``, only the
    /// summary fields are filled in (see ``PushDecodingDetail``).
    public func decode(_ payload: PushPayload, detail: PushDecodingDetail = .full) -> PushNotification {
        // One variable returned on every path, so the model is built where the caller wants it, not copied.
        var notification: PushNotification
        if let markerKeyIndex {
            let outcome = classifyWithIndex(payload, markerKeyIndex)
            notification = PushNotification(payload: payload, classification: outcome.classification, detail: detail)
            decodeWithIndex(payload, outcome, markerKeyIndex, into: &notification, detail: detail)
        } else {
            let match = match(payload)
            notification = PushNotification(payload: payload, classification: match.classification, detail: detail)
            match.decoder?.decode(payload, into: &notification, detail: detail)
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

    /// Parses and classifies a payload from a span of UTF-8 bytes.
    public func classify(
        jsonBytes: Span<UInt8>,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) -> PushClassification {
        classify(try PushPayload(jsonBytes: jsonBytes, limits: limits))
    }

    /// Parses and decodes a payload from a span of UTF-8 bytes.
    public func decode(
        jsonBytes: Span<UInt8>,
        limits: PushPayloadLimits = .default
    ) throws(PushPayloadError) -> PushNotification {
        decode(try PushPayload(jsonBytes: jsonBytes, limits: limits))
    }
    #endif
}

extension PushDecoderRegistry {
    /// What the registry's decoders say about one payload: its classification, and the decoder that
    /// recognised it first, which decodes it.
    public struct Match: Sendable {
        /// The classification.
        public var classification: PushClassification
        /// The decoder whose marker won, or `nil` when no decoder recognises the payload.
        public var decoder: (any PushPayloadDecoder)?

        /// Creates a match.
        public init(classification: PushClassification, decoder: (any PushPayloadDecoder)?) {
            self.classification = classification
            self.decoder = decoder
        }
    }
}
