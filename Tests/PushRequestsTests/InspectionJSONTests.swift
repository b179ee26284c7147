import PushPayloads
import PushRequests
import Testing

@Suite("Inspections as JSON")
struct InspectionJSONTests {
    /// Requests whose payloads hold numbers as a sender writes them, escapes and text beyond ASCII.
    static let requests: [String] = [
        #"""
        {"message":{"token":"t","notification":{"title":"Caf\u00e9 \"Nord\"","body":"Tea \/ cake"},
         "data":{"source":"xnpe_platform","title":"Café","message":"1.50 € off",
                 "actions":"[{\"title\":\"Shop\",\"action\":\"app\"}]"},
         "apns":{"headers":{"apns-push-type":"alert","apns-collapse-id":"sale"},
                 "payload":{"aps":{"badge":0,"relevance-score":0.50},"price":1.50,"big":1E+3,"neg":-0,
                            "nested":{"list":[1.0,2e-2,true,null]}}},
         "webpush":{"data":{"w":"1"}}}}
        """#,
        #"""
        {"headers":{"apns-push-type":"alert"},
         "payload":{ "aps" : { "alert" : "Hi" } , "_p" : 12.0 , "_sw" : { "version" : 1.00 } , "t" : "\ud83d\ude00" }}
        """#,
        #"{"to":"tok","content_available":true,"notification":{"title":"T","badge":"3"},"data":{"mcID":"m","n":"1.50"}}"#,
        #"{ "aps" : { "alert" : "Hi" , "badge" : 1.0 }, "mcID" : "m", "price" : 1.50 }"#,
    ]

    @Test("each notification's payload member is the delivery's payload, byte for byte", arguments: requests)
    func payloadBytes(_ json: String) throws {
        let request = try PushSendRequest(jsonString: json)
        let inspection = PushInspector().inspect(request)
        let output = try JSONBytesEncoder().encode(inspection)
        let document = try JSONDocument(jsonBytes: output)
        let deliveries = try #require(document.rootObject["deliveries"]?.arrayValue)
        #expect(deliveries.count == request.deliveries.count)
        var searchFrom = output.startIndex
        for (encoded, delivery) in zip(deliveries, request.deliveries) {
            let expected = delivery.payload.document.jsonBytes
            #expect(encoded["notification"]?["payload"]?.jsonBytes == expected)
            // The member itself, not only its value once parsed again: in delivery order, after its key.
            let member = Array(#""payload":"#.utf8) + expected
            let range = try #require(output[searchFrom...].firstRange(of: member), "\(delivery.platform)")
            searchFrom = range.upperBound
        }
    }

    @Test("numbers keep the text they were written with")
    func numbersAsWritten() throws {
        let inspection = PushInspector().inspect(try PushSendRequest(jsonString: Self.requests[0]))
        let text = try JSONBytesEncoder().encodeToString(inspection)
        let ios = try #require(inspection.deliveries.first)
        let payload = ios.notification.document.jsonString
        for written in [
            #""price":1.50"#, #""big":1E+3"#, #""neg":-0"#, #""relevance-score":0.50"#, "[1.0,2e-2,true,null]",
        ] {
            #expect(payload.contains(written), "\(payload)")
            #expect(text.contains(written))
        }
        // Text arrives decoded and is written again from its decoded form.
        #expect(payload.contains(#""title":"Café \"Nord\"","body":"Tea / cake""#), "\(payload)")
        #expect(ios.notification.relevanceScore == 0.5)
    }

    @Test("the inspection encodes its kind, deliveries and findings as documented")
    func members() throws {
        let request = try PushSendRequest(jsonString: Self.requests[0])
        let inspection = PushInspector().inspect(request)
        let root = try JSONDocument(jsonBytes: try JSONBytesEncoder().encode(inspection)).rootObject
        #expect(root.keys == ["schema_version", "kind", "deliveries", "findings"])
        #expect(root["schema_version"]?.numberValue?.intValue == PushInspection.schemaVersion)
        #expect(root["kind"]?.stringValue == "fcm_v1")
        let deliveries = try #require(root["deliveries"]?.arrayValue)
        #expect(deliveries.map { $0["platform"]?.stringValue } == ["ios", "android", "web"])
        #expect(deliveries[0]?["headers"]?.objectValue?.keys == ["apns-collapse-id", "apns-push-type"])
        #expect(deliveries[0]?["system_text"]?.isNull == true)
        #expect(deliveries[1]?["system_text"]?["title"]?.stringValue == "Café \"Nord\"")
        #expect(deliveries[1]?["notification"]?["classification"]?["vendor"]?.stringValue == "exponea")

        let findings = try #require(root["findings"]?.arrayValue)
        #expect(findings.count == inspection.findings.count && !inspection.findings.isEmpty)
        for (encoded, finding) in zip(findings, inspection.findings) {
            #expect(
                encoded.objectValue?.keys == ["rule", "severity", "platform", "path", "header", "message", "certain"]
            )
            #expect(encoded["certain"]?.boolValue == finding.isCertain)
            #expect(encoded["rule"]?.stringValue == finding.rule.id)
            #expect(encoded["severity"]?.stringValue == finding.severity.rawValue)
            #expect(encoded["platform"]?.stringValue == finding.platform?.name)
            #expect(encoded["path"]?.stringValue == finding.path)
            #expect(encoded["header"]?.stringValue == finding.header)
            #expect(encoded["message"]?.stringValue == finding.message)
            #expect(encoded["platform"] != nil && encoded["path"] != nil && encoded["header"] != nil)
        }
    }

    @Test("a finding encodes every member, null when absent, and describes itself on one line")
    func finding() throws {
        let request = try PushSendRequest(jsonString: #"{"payload":{"aps":{"alert":"Hi"}}}"#)
        let finding = try #require(PushChecker().check(request).first)
        #expect(
            try JSONBytesEncoder().encodeToString(finding)
                == #"{"rule":"apns.header.push-type-missing","severity":"warning","platform":"ios","path":null,"header":"apns-push-type","message":"no `apns-push-type`: set it to `alert`; watchOS requires it, and FCM does not add it","certain":true}"#
        )
        #expect(
            finding.description
                == "warning apns.header.push-type-missing ios apns-push-type: no `apns-push-type`: set it to `alert`; watchOS requires it, and FCM does not add it"
        )
    }
}
