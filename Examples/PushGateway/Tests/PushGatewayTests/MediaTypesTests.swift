import PushGateway
import Testing

@Suite struct MediaTypesTests {
    @Test(arguments: [
        ("application/json", true), ("APPLICATION/JSON", true), ("application/json;charset=utf-8", true),
        ("  application/json\t; charset=utf-8", true), ("application/jsonl", false), ("application/jso", false),
        ("text/json", false), ("", false), ("application/json, text/plain", false),
    ])
    func json(header: String, accepted: Bool) {
        #expect(MediaTypes.header(header, isOneOf: [MediaTypes.json]) == accepted)
    }

    @Test func jsonLinesAliases() {
        for alias in ["application/x-ndjson", "application/jsonl", "application/jsonlines", "application/x-jsonlines"] {
            #expect(MediaTypes.header(alias, isOneOf: MediaTypes.jsonLinesAliases))
        }
        #expect(!MediaTypes.header("application/json", isOneOf: MediaTypes.jsonLinesAliases))
        #expect(!MediaTypes.header(nil, isOneOf: MediaTypes.jsonLinesAliases))
    }
}
