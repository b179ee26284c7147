import Foundation
import PushPayloads
import PushPayloadsFoundation
import Testing

@Suite("Data inputs")
struct DataInputTests {
    static let payloads = [
        #"{"aps":{"alert":"Hi"},"source":"xnpe_platform","silent":1}"#,
        #"{"_p":"12","_sw":"{\"version\":1}"}"#,
        #"{"mcID":"m","mcID":"n"}"#,
        #"{"a":"\u00e9\ud83d\ude00"}"#,
        "[1]",
        #"{"unterminated":"#,
    ]

    @Test("Data gives exactly what [UInt8] gives, at every entry point", arguments: payloads)
    func sameAsBytes(_ json: String) throws {
        let bytes = Array(json.utf8)
        // A slice of a larger Data, so its indices don't start at 0.
        let data = (Data([0x20]) + Data(bytes)).dropFirst()
        let expected = Result { () throws(PushPayloadError) in try JSONDocument(jsonBytes: bytes) }
        let fromData = Result { () throws(PushPayloadError) in try JSONDocument(jsonBytes: data) }
        #expect(fromData.map(\.jsonString) == expected.map(\.jsonString))
        var parser = JSONParser()
        #expect(
            Result { () throws(PushPayloadError) in try parser.parse(data) }.map(\.jsonString)
                == expected.map(\.jsonString)
        )

        let registry = PushDecoderRegistry.standard
        #expect(
            Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: data) }
                == Result { () throws(PushPayloadError) in try registry.classify(jsonBytes: bytes) }
        )
        var classifier = PushClassifier()
        #expect(
            Result { () throws(PushPayloadError) in try classifier.classify(data) }
                == Result { () throws(PushPayloadError) in try classifier.classify(bytes) }
        )
        #expect(isExponeaNotification(jsonBytes: data) == isExponeaNotification(jsonBytes: bytes))
        #expect(isSwrvePush(jsonBytes: data) == isSwrvePush(jsonBytes: bytes))
    }
}
