import PushPayloads
import Testing

/// One case of a sender's rule: a payload, and the marker the sender's SDK function gives it (`nil`: the
/// SDK says it is not its push).
struct RuleCase: Sendable, CustomTestStringConvertible {
    var json: String
    var marker: PushMarker?
    /// What the case shows, as the test's name.
    var note: String

    init(_ note: String, _ json: String, _ marker: PushMarker?) {
        self.note = note
        self.json = json
        self.marker = marker
    }

    var testDescription: String { note }

    /// Checks `decoder` and the extended registry on the case: the match's marker, the winner (the case
    /// carries no one else's marker), the shape its rule is for, and that the standard registry ignores it.
    func check(
        _ decoder: some PushPayloadDecoder,
        shape: PushWireShape,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let payload = try PushPayload(jsonString: json)
        #expect(payload.shape == shape, "the case is for the \(shape) rule", sourceLocation: sourceLocation)
        #expect(decoder.match(payload)?.marker == marker, sourceLocation: sourceLocation)
        let classification = PushDecoderRegistry.extended.classify(payload)
        #expect(classification.vendor == (marker == nil ? nil : decoder.vendor), sourceLocation: sourceLocation)
        #expect(classification.marker == marker, sourceLocation: sourceLocation)
        #expect(classification.alsoMatching.isEmpty, sourceLocation: sourceLocation)
        #expect(PushDecoderRegistry.standard.classify(payload).vendor == nil, sourceLocation: sourceLocation)
    }
}

/// A payload, and whether the sender's SDK treats it as silent.
struct SilenceCase: Sendable, CustomTestStringConvertible {
    var json: String
    var isSilent: Bool
    var note: String

    init(_ note: String, _ json: String, silent: Bool) {
        self.note = note
        self.json = json
        self.isSilent = silent
    }

    var testDescription: String { note }

    /// Checks that the extended registry gives the payload to `vendor`, silent or not as expected.
    func check(_ vendor: PushVendor, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let classification = PushDecoderRegistry.extended.classify(try PushPayload(jsonString: json))
        #expect(classification.vendor == vendor, sourceLocation: sourceLocation)
        #expect(classification.isSilent == isSilent, sourceLocation: sourceLocation)
    }
}

/// Decodes an inline payload with the extended registry.
func decodeExtended(_ json: String) throws -> PushNotification {
    PushDecoderRegistry.extended.decode(try PushPayload(jsonString: json))
}
