import PushPayloads
import Testing

/// Classifies an inline payload with the standard registry.
func classify(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> PushClassification {
    PushDecoderRegistry.standard.classify(try PushPayload(jsonString: json))
}

/// Decodes an inline payload with the standard registry.
func decode(_ json: String) throws -> PushNotification {
    PushDecoderRegistry.standard.decode(try PushPayload(jsonString: json))
}

/// The vendor name of a classification, `unknown` when none.
func vendorName(_ json: String) throws -> String {
    try classify(json).vendor?.name ?? "unknown"
}
