import Foundation
import PushPayloads
import PushPayloadsFoundation
import Testing

@Suite("userInfo bridging")
struct UserInfoConverterTests {
    @Test("an NSNumber boolean is a Bool, not 1")
    func booleans() throws {
        let userInfo: [AnyHashable: Any] = [
            "t": NSNumber(value: true), "f": NSNumber(value: false), "one": NSNumber(value: 1), "swift": true,
        ]
        let document = try JSONDocument(userInfo: userInfo)
        #expect(document.rootObject["t"]?.boolValue == true)
        #expect(document.rootObject["f"]?.boolValue == false)
        #expect(document.rootObject["one"]?.numberValue?.int64Value == 1)
        #expect(document.rootObject["one"]?.boolValue == nil)
        #expect(document.rootObject["swift"]?.boolValue == true)
    }

    @Test("numbers, strings, null, arrays and nested dictionaries convert losslessly")
    func values() throws {
        let userInfo: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "T", "body": "B"], "badge": 3, "content-available": 1],
            "d": 1.5, "n": NSNull(), "list": [1, "two", ["three": 3.0]], "nsnumber": NSNumber(value: 2.25),
            "big": Int64.max, "text": "é\n\"",
        ]
        let document = try JSONDocument(userInfo: userInfo)
        let expected = try JSONDocument(
            jsonString:
                #"{"aps":{"alert":{"title":"T","body":"B"},"badge":3,"content-available":1},"d":1.5,"n":null,"list":[1,"two",{"three":3.0}],"nsnumber":2.25,"big":9223372036854775807,"text":"é\n\""}"#
        )
        #expect(document == expected)
        // The converted document re-parses: its canonical text is valid JSON.
        #expect(try JSONDocument(jsonBytes: document.jsonBytes) == document)
    }

    @Test("values JSON cannot hold fail with a type mismatch")
    func unsupported() throws {
        #expect(throws: PushPayloadError(.typeMismatch, message: "")) { try JSONDocument(userInfo: ["d": Date()]) }
        #expect(throws: PushPayloadError(.typeMismatch, message: "")) { try JSONDocument(userInfo: [1: "x"]) }
        #expect(throws: PushPayloadError(.numberOutOfRange, message: "")) {
            try JSONDocument(userInfo: ["x": Double.infinity])
        }
        // A Swift String holds U+0000, and so does a JSON key.
        #expect(try JSONDocument(userInfo: ["a\u{0}b": 1]).rootObject["a\u{0}b"]?.numberValue?.int64Value == 1)
    }

    @Test("the depth limit applies")
    func depth() {
        var value: Any = ["leaf": 1]
        for _ in 0..<200 { value = ["x": value] }
        let userInfo = value as! [AnyHashable: Any]
        #expect(throws: PushPayloadError(.tooDeep, message: "")) { try JSONDocument(userInfo: userInfo) }
    }

    @Test("a userInfo payload classifies like its JSON")
    func classification() throws {
        let payload = try PushPayload(userInfo: ["source": "xnpe_platform", "silent": true])
        let classification = PushDecoderRegistry.standard.classify(payload)
        #expect(classification.vendor == .exponea)
        #expect(classification.isSilent)
    }
}
