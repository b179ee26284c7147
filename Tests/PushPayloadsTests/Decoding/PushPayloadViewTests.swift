import PushPayloads
import Testing

/// A payload whose document is a view of an object inside a larger document (a send request's `payload`,
/// a record's `--payload` object) decodes as the payload parsed from that object's text.
@Suite("Payloads that are views")
struct PushPayloadViewTests {
    static let wrapped: [String] = [
        #"{"aps":{"alert":{"title":"T","body":"B"}},"source":"xnpe_platform","silent":1}"#,
        #"{"_p":"12","_sw":"{\"version\":1}","text":"hi"}"#,
        #"{"atomic":"{\"source\":\"io.atomic\",\"streamContainerId\":\"1\",\"cardInstanceId\":\"c\"}"}"#,
        #"{"mcID":"53:a:ot:b:1","deepLink":"{\"url\":\"https://h.example/r\"}","aps":{"content-available":1}}"#,
        #"{"k0":"0","k1":"1","k2":"2","k3":"3","k4":"4","k5":"5","k6":"6","k7":"7","k8":"8","source":"xnpe_platform"}"#,
    ]

    @Test("decoding a view gives what decoding its text gives", arguments: wrapped)
    func viewDecodesAsItsText(_ json: String) throws {
        // Wide, so the outer top level has a key index; the payload's keys are there too, with other values.
        let outer = try JSONDocument(
            jsonString:
                #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"source":"x","aps":"no","mcID":1,"record":{"payload":"#
                + json + "}}"
        )
        let object = try #require(outer.rootObject["record"]?["payload"]?.objectValue)
        let view = PushPayload(document: JSONDocument(object))
        let parsed = try PushPayload(jsonString: json)
        #expect(view.shape == parsed.shape)
        #expect((view.aps == nil) == (parsed.aps == nil))
        #expect(view.aps.map(\.value) == parsed.aps.map(\.value))
        for key in ["source", "mcID", "aps", "a"] { #expect(view[key] == parsed[key], "\(key)") }
        for key in ["_sw", "atomic", "deepLink"] {
            #expect(view.nestedJSON(key) == parsed.nestedJSON(key), "\(key)")
        }
        let registry = PushDecoderRegistry.extended
        #expect(
            try JSONBytesEncoder().encode(registry.decode(view)) == JSONBytesEncoder().encode(registry.decode(parsed))
        )
    }

    @Test("JSON embedded in a string of a view parses on its own, under the payload's limits")
    func embeddedJSONOfView() throws {
        let outer = try JSONDocument(jsonString: #"{"x":{"y":{"p":{"n":"{\"a\":[1,{\"b\":2}]}"}}}}"#)
        let object = try #require(outer.rootObject["x"]?["y"]?["p"]?.objectValue)
        let view = PushPayload(document: JSONDocument(object), shape: .fcm, limits: PushPayloadLimits(maximumDepth: 2))
        // Three levels: over the view's limit of two, counted in the embedded text alone.
        #expect(view.nestedJSON("n") == nil)
        let roomy = PushPayload(document: JSONDocument(object), shape: .fcm, limits: PushPayloadLimits(maximumDepth: 3))
        #expect(roomy.nestedJSON("n")?["a"]?[1]?["b"]?.numberValue?.intValue == 2)
    }
}
