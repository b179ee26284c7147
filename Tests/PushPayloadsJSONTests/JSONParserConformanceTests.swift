import PushPayloadsJSON
import PushPayloadsTestSupport
import Testing

@Suite("JSONParser conformance")
struct JSONParserConformanceTests {
    @Test("each rule accepts or rejects with the right code", arguments: JSONConformanceCase.all)
    func conformance(_ testCase: JSONConformanceCase) {
        var parser = JSONParser()
        do {
            let document = try parser.parse(testCase.bytes)
            #expect(testCase.expected == nil, "accepted, expected \(testCase.expected!): \(document)")
        } catch {
            #expect(error.code == testCase.expected, "\(error)")
            #expect(error.byteOffset.map { $0 >= 0 && $0 <= testCase.bytes.count } ?? true)
            #expect(!error.message.isEmpty)
        }
    }

    @Test("accepted cases re-serialise to text that parses to an equal document", arguments: JSONConformanceCase.all)
    func roundTrip(_ testCase: JSONConformanceCase) throws {
        guard testCase.expected == nil else { return }
        let document = try JSONDocument(jsonBytes: testCase.bytes)
        let again = try JSONDocument(jsonBytes: document.jsonBytes)
        #expect(again == document)
        #expect(again.jsonBytes == document.jsonBytes)
    }
}
