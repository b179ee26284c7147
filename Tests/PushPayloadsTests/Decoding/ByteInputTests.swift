import PushPayloads
import PushPayloadsTestSupport
import Testing

/// `PushPayload`, `PushDecoderRegistry` and `PushClassifier` take the same byte inputs and give the same
/// answer for each.
@Suite("Byte inputs")
struct ByteInputTests {
    static let payloads = [
        #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","silent":1}"#,
        #"{"_p":"12","_sw":"{\"version\":1}"}"#,
        #"{"aps":{"alert":"Hi"},"mcID":"m"}"#,
        #"{"mcID":"m","mcID":"n"}"#,
        #"{"a":"\u00e9\ud83d\ude00"}"#,
        "[1]",
        #"{"unterminated":"#,
    ]

    /// A decoded notification as its JSON, or the error's code, offset and message.
    static func text(_ decode: () throws(PushPayloadError) -> PushNotification) -> String {
        do {
            return String(decoding: try JSONBytesEncoder().encode(try decode()), as: UTF8.self)
        } catch let error as PushPayloadError {
            return "\(error)"
        } catch {
            return "not encodable: \(error)"
        }
    }

    @Test("a slice, a string and a substring give what [UInt8] gives", arguments: payloads)
    func sameAsBytes(_ json: String) {
        let bytes = Array(json.utf8)
        let slice = OffsetInputs.slice(bytes)
        let substring = OffsetInputs.substring(json)
        let registry = PushDecoderRegistry.standard
        let classified = Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: bytes) }
        #expect(Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: slice) } == classified)
        #expect(Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: json) } == classified)
        #expect(Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: substring) } == classified)
        let decoded = Self.text { () throws(PushPayloadError) in try registry.decode(jsonBytes: bytes) }
        #expect(Self.text { () throws(PushPayloadError) in try registry.decode(jsonBytes: slice) } == decoded)
        #expect(Self.text { () throws(PushPayloadError) in try registry.decode(jsonBytes: substring) } == decoded)
    }

    #if compiler(>=6.2)
    @Test("a RawSpan gives what [UInt8] gives", arguments: payloads)
    func spansSameAsBytes(_ json: String) {
        let bytes = Array(json.utf8)
        let registry = PushDecoderRegistry.standard
        let classified = Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: bytes) }
        #expect(
            Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: bytes.span.bytes) } == classified
        )
        let decoded = Self.text { () throws(PushPayloadError) in try registry.decode(jsonBytes: bytes) }
        #expect(
            Self.text { () throws(PushPayloadError) in try registry.decode(jsonBytes: bytes.span.bytes) } == decoded
        )

        let payload = Result { () throws(PushPayloadError) in try PushPayload(jsonBytes: bytes) }.map(\.document)
        #expect(
            Result { () throws(PushPayloadError) in try PushPayload(jsonBytes: bytes.span.bytes) }.map(\.document)
                == payload
        )
        var classifier = PushClassifier()
        #expect(Result { () throws(PushPayloadError) in try classifier.classify(bytes.span.bytes) } == classified)
    }
    #endif
}
